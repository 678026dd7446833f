import { actorOf } from "@/lib/api/principal";
import { apiRoute, json, scopedStore } from "@/lib/api/route";
import { returnLifecycle } from "@/lib/contracts";
import { approveReturn } from "@/lib/domain/returns/lifecycle";

export const POST = apiRoute(
  returnLifecycle.approveReturn,
  async ({ db, params, body, principal, storeId }) => {
    const approved = await approveReturn(db, {
      storeId: scopedStore({ storeId }),
      returnId: params.returnId,
      actor: actorOf(principal),
      ...body,
    });
    return json(approved);
  },
);
