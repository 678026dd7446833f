import { nextPageHeaders, readPage } from "@/lib/api/paging";
import { apiRoute, json } from "@/lib/api/route";
import { returns } from "@/lib/contracts";
import { listReturns } from "@/lib/domain/returns/list";

export const GET = apiRoute(returns.listReturns, async ({ db, params, query, headers }) => {
  const filters = { storeId: params.storeId, ...query };
  const page = await readPage(db, headers, filters, "return");
  const result = await listReturns(db, {
    storeId: params.storeId,
    status: query.status,
    updatedAtMin: query.updated_at_min ? new Date(query.updated_at_min) : undefined,
    updatedAtMax: query.updated_at_max ? new Date(query.updated_at_max) : undefined,
    q: query.q,
    ...page,
  });
  return json(
    { orders: result.orders, returns: result.returns },
    { headers: await nextPageHeaders(db, result.next, filters) },
  );
});
