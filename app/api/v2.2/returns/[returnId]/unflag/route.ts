import { actorOf } from "@/lib/api/principal";
import { apiRoute, json, scopedStore } from "@/lib/api/route";
import { returnLifecycle } from "@/lib/contracts";
import { setReturnFlag } from "@/lib/domain/returns/flag";

export const POST = apiRoute(returnLifecycle.unflagReturn, async ({ db, params, principal, storeId }) => {
  const storeScope = scopedStore({ storeId });
  const unflagged = {
    storeId: storeScope,
    returnId: params.returnId,
    actor: actorOf(principal),
    flagged: false,
  };
  return json(await setReturnFlag(db, unflagged));
});
