import { nextPageHeaders, readPage } from "@/lib/api/paging";
import { apiRoute, json } from "@/lib/api/route";
import { inventoryLevels } from "@/lib/contracts";
import { listInventoryLevels } from "@/lib/domain/inventory-levels/levels";

export const GET = apiRoute(inventoryLevels.listInventoryLevels, async ({ db, params, query, headers }) => {
  const filters = { storeId: params.storeId, ...query };
  const page = await readPage(db, headers, filters, "inventory-level");
  const result = await listInventoryLevels(db, {
    storeId: params.storeId,
    locationId: query.location_id,
    productId: query.product_id,
    sku: query.sku,
    updatedAtMin: query.updated_at_min ? new Date(query.updated_at_min) : undefined,
    updatedAtMax: query.updated_at_max ? new Date(query.updated_at_max) : undefined,
    ...page,
  });
  return json(
    { inventory_levels: result.levels },
    { headers: await nextPageHeaders(db, result.next, filters) },
  );
});
