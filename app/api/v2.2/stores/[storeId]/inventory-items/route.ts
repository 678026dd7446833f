import { nextPageHeaders, readPage } from "@/lib/api/paging";
import { storePath } from "@/lib/api/params";
import { apiRoute, json, methodNotAllowed } from "@/lib/api/route";
import { listInventoryItems } from "@/lib/domain/inventory-items";
import { listInventoryItemsQuerySchema } from "@/lib/schemas/inventory-items";
import { pageHeadersSchema } from "@/lib/schemas/paging";

export const GET = apiRoute(
  {
    resource: "inventory-item",
    access: "read",
    params: storePath,
    query: listInventoryItemsQuerySchema,
    headers: pageHeadersSchema,
  },
  async ({ db, params, query, headers }) => {
    const filters = { storeId: params.storeId, ...query };
    const page = await readPage(db, headers, filters, "inventory-item");
    const result = await listInventoryItems(db, {
      storeId: params.storeId,
      sku: query.sku,
      kind: query.kind,
      locationId: query.location_id,
      q: query.q,
      ...page,
    });
    return json(
      { inventory_items: result.items },
      { headers: await nextPageHeaders(db, result.next, filters) },
    );
  },
);

export const POST = methodNotAllowed(["GET"]);
export const PUT = methodNotAllowed(["GET"]);
export const PATCH = methodNotAllowed(["GET"]);
export const DELETE = methodNotAllowed(["GET"]);
