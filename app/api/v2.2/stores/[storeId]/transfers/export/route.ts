import { csvResponse } from "@/lib/api/csv";
import { apiRoute } from "@/lib/api/route";
import { transfers } from "@/lib/contracts";
import { TRANSFER_EXPORT_COLUMNS, transferExportRows } from "@/lib/domain/transfers/read";

export const GET = apiRoute(transfers.exportTransfers, async ({ db, params, query }) => {
  const rows = transferExportRows(db, { storeId: params.storeId, ...query });
  const day = new Date().toISOString().slice(0, 10);
  return csvResponse(`transfers-${params.storeId}-${day}.csv`, TRANSFER_EXPORT_COLUMNS, rows);
});
