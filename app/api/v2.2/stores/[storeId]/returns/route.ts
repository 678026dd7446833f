import { nextPageHeaders, readPage } from "@/lib/api/paging";
import { actorOf } from "@/lib/api/principal";
import { apiRoute, json } from "@/lib/api/route";
import { returns } from "@/lib/contracts";
import { createReturn } from "@/lib/domain/returns/create";
import { listReturns, returnFiltersOf } from "@/lib/domain/returns/list";

export const GET = apiRoute(returns.listReturns, async ({ db, params, query, headers }) => {
  const filters = { storeId: params.storeId, ...query };
  const page = await readPage(db, headers, filters, "return");
  const result = await listReturns(db, {
    ...returnFiltersOf(params.storeId, query),
    sort: query.sort,
    order: query.order,
    ...page,
  });
  return json(
    { orders: result.orders, returns: result.returns },
    { headers: await nextPageHeaders(db, result.next, filters) },
  );
});

export const POST = apiRoute(returns.createReturn, async ({ db, params, body, principal }) => {
  const view = await createReturn(db, { storeId: params.storeId, actor: actorOf(principal) }, body.data);
  return json({ return: view.return, externalRMAResponses: [] }, { status: 201 });
});
