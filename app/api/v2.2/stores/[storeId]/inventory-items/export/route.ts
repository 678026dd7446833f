import { csvResponse } from "@/lib/api/csv";
import { apiRoute } from "@/lib/api/route";
import { inventory } from "@/lib/contracts";
import { INVENTORY_EXPORT_COLUMNS, inventoryExportRows } from "@/lib/domain/inventory-items/export";

export const GET = apiRoute(inventory.exportInventoryItems, async ({ db, params, query }) => {
  const rows = inventoryExportRows(db, {
    storeId: params.storeId,
    sku: query.sku,
    kind: query.kind,
    locationId: query.location_id,
    stock: query.stock,
    q: query.q,
  });
  const day = new Date().toISOString().slice(0, 10);
  return csvResponse(`inventory-${params.storeId}-${day}.csv`, INVENTORY_EXPORT_COLUMNS, rows);
});
