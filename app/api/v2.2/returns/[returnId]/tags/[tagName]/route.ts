import { actorOf } from "@/lib/api/principal";
import { apiRoute, json, scopedStore } from "@/lib/api/route";
import { returnLifecycle } from "@/lib/contracts";
import { removeReturnTag } from "@/lib/domain/returns/tags";

export const DELETE = apiRoute(
  returnLifecycle.removeReturnTag,
  async ({ db, params, principal, storeId }) => {
    await removeReturnTag(db, {
      storeId: scopedStore({ storeId }),
      returnId: params.returnId,
      name: params.tagName,
      actor: actorOf(principal),
    });
    return json({ success: true });
  },
);
