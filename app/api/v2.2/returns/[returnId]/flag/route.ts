import { actorOf } from "@/lib/api/principal";
import { apiRoute, json, scopedStore } from "@/lib/api/route";
import { returnLifecycle } from "@/lib/contracts";
import { setReturnFlag } from "@/lib/domain/returns/flag";

export const POST = apiRoute(returnLifecycle.flagReturn, async ({ db, params, principal, storeId }) => {
  const storeScope = scopedStore({ storeId });
  const flagged = {
    storeId: storeScope,
    returnId: params.returnId,
    actor: actorOf(principal),
    flagged: true,
  };
  return json(await setReturnFlag(db, flagged));
});
