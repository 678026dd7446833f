import { apiRoute, json } from "@/lib/api/route";
import { returns } from "@/lib/contracts";
import { getReturn } from "@/lib/domain/returns/get";

export const GET = apiRoute(returns.getReturn, async ({ db, params, storeIds }) => {
  const view = await getReturn(db, { returnId: params.returnId, storeIds });
  return json({ order: view.order, return: view.return });
});
