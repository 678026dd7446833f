import { csvResponse } from "@/lib/api/csv";
import { apiRoute } from "@/lib/api/route";
import { inventory } from "@/lib/contracts";
import { SHIPMENT_EXPORT_COLUMNS, shipmentExportRows } from "@/lib/domain/inbound-shipments/export";
import { shipmentFiltersOf } from "@/lib/domain/inbound-shipments/filters";

export const GET = apiRoute(inventory.exportInboundShipments, async ({ db, params, query }) => {
  const rows = shipmentExportRows(db, shipmentFiltersOf(params.storeId, query));
  const day = new Date().toISOString().slice(0, 10);
  return csvResponse(`inbound-shipments-${params.storeId}-${day}.csv`, SHIPMENT_EXPORT_COLUMNS, rows);
});
