import { actorOf } from "@/lib/api/principal";
import { apiRoute, json } from "@/lib/api/route";
import { returns } from "@/lib/contracts";
import { setReturnItemIdentifiers } from "@/lib/domain/returns/item-identifiers";

export const PUT = apiRoute(returns.setReturnItemIdentifiers, async ({ db, params, body, principal }) => {
  const updated = await setReturnItemIdentifiers(db, {
    storeId: params.storeId,
    returnId: params.returnId,
    items: body.items,
    actor: actorOf(principal),
  });
  return json({ return: updated });
});
