import { nextPageHeaders, readPage } from "@/lib/api/paging";
import { actorOf } from "@/lib/api/principal";
import { apiRoute, json } from "@/lib/api/route";
import { returns } from "@/lib/contracts";
import { createReturn } from "@/lib/domain/returns/create";
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
