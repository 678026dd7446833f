import { csvResponse } from "@/lib/api/csv";
import { apiRoute } from "@/lib/api/route";
import { inboundReceipts } from "@/lib/contracts";
import {
  DISCREPANCY_EXPORT_COLUMNS,
  discrepancyExportRows,
  discrepancyFilters,
} from "@/lib/domain/inbound-shipments/discrepancies";

export const GET = apiRoute(
  inboundReceipts.exportInboundShipmentDiscrepancies,
  async ({ db, params, query }) => {
    const day = new Date().toISOString().slice(0, 10);
    return csvResponse(
      `inbound-discrepancies-${params.storeId}-${day}.csv`,
      DISCREPANCY_EXPORT_COLUMNS,
      discrepancyExportRows(db, discrepancyFilters(params.storeId, query)),
    );
  },
);
