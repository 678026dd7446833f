import { actorOf } from "@/lib/api/principal";
import { apiRoute, json, scopedStore } from "@/lib/api/route";
import { returnLifecycle } from "@/lib/contracts";
import { getReturnStatus, setReturnStatus } from "@/lib/domain/returns/lifecycle";

export const GET = apiRoute(returnLifecycle.getReturnStatus, async ({ db, params, storeIds }) => {
  return json({ status: await getReturnStatus(db, { returnId: params.returnId, storeIds }) });
});

export const PUT = apiRoute(
  returnLifecycle.updateReturnStatus,
  async ({ db, params, body, principal, storeId }) => {
    await setReturnStatus(db, {
      storeId: scopedStore({ storeId }),
      returnId: params.returnId,
      status: body.status,
      customerNotes: body.customerNotes,
      actor: actorOf(principal),
    });
    return new Response(null, { status: 204 });
  },
);
