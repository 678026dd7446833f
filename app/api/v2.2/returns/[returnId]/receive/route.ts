import { actorOf } from "@/lib/api/principal";
import { apiRoute, json, scopedStore } from "@/lib/api/route";
import { returnLifecycle } from "@/lib/contracts";
import { receiveReturn } from "@/lib/domain/returns/receive";

export const POST = apiRoute(returnLifecycle.receiveReturn, async ({ db, params, principal, storeId }) =>
  json(
    await receiveReturn(db, {
      storeId: scopedStore({ storeId }),
      returnId: params.returnId,
      actor: actorOf(principal),
    }),
  ),
);
