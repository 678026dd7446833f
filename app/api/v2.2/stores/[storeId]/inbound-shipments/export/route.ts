import { csvResponse } from "@/lib/api/csv";
import { apiRoute } from "@/lib/api/route";
import { inventory } from "@/lib/contracts";
import { SHIPMENT_EXPORT_COLUMNS, shipmentExportRows } from "@/lib/domain/inbound-shipments/export";

export const GET = apiRoute(inventory.exportInboundShipments, async ({ db, params, query }) => {
  const rows = shipmentExportRows(db, {
    storeId: params.storeId,
    status: query.status,
    locationId: query.location_id,
    createdAtMin: query.created_at_min ? new Date(query.created_at_min) : undefined,
    createdAtMax: query.created_at_max ? new Date(query.created_at_max) : undefined,
  });
  const day = new Date().toISOString().slice(0, 10);
  return csvResponse(`inbound-shipments-${params.storeId}-${day}.csv`, SHIPMENT_EXPORT_COLUMNS, rows);
});
