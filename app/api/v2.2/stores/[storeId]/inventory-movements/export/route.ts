import { csvResponse } from "@/lib/api/csv";
import { apiRoute } from "@/lib/api/route";
import { inventoryLevels } from "@/lib/contracts";
import {
  MOVEMENT_EXPORT_COLUMNS,
  movementExportRows,
  movementFilters,
} from "@/lib/domain/inventory-levels/ledger";

export const GET = apiRoute(inventoryLevels.exportInventoryMovements, async ({ db, params, query }) => {
  const day = new Date().toISOString().slice(0, 10);
  return csvResponse(
    `inventory-movements-${params.storeId}-${day}.csv`,
    MOVEMENT_EXPORT_COLUMNS,
    movementExportRows(db, movementFilters(params.storeId, query)),
  );
});
