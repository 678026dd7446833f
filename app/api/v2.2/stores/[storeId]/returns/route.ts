import { nextPageHeaders, readPage } from "@/lib/api/paging";
import { storePath } from "@/lib/api/params";
import { apiRoute, json, methodNotAllowed } from "@/lib/api/route";
import { listReturns } from "@/lib/domain/returns/list";
import { pageHeadersSchema } from "@/lib/schemas/paging";
import { listReturnsQuerySchema } from "@/lib/schemas/returns";

export const GET = apiRoute(
  {
    resource: "return",
    access: "read",
    params: storePath,
    query: listReturnsQuerySchema,
    headers: pageHeadersSchema,
  },
  async ({ db, params, query, headers }) => {
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
  },
);

export const POST = methodNotAllowed(["GET"]);
export const PUT = methodNotAllowed(["GET"]);
export const PATCH = methodNotAllowed(["GET"]);
export const DELETE = methodNotAllowed(["GET"]);
