import { nextPageHeaders, readPage } from "@/lib/api/paging";
import { apiRoute, json } from "@/lib/api/route";
import { inventory } from "@/lib/contracts";
import { listInventoryItems } from "@/lib/domain/inventory-items";

export const GET = apiRoute(inventory.listInventoryItems, async ({ db, params, query, headers }) => {
  const filters = { storeId: params.storeId, ...query };
  const page = await readPage(db, headers, filters, "inventory-item");
  const result = await listInventoryItems(db, {
    storeId: params.storeId,
    sku: query.sku,
    kind: query.kind,
    locationId: query.location_id,
    stock: query.stock,
    q: query.q,
    ...page,
  });
  return json(
    { inventory_items: result.items },
    { headers: await nextPageHeaders(db, result.next, filters) },
  );
});
