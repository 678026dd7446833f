import { csvResponse } from "@/lib/api/csv";
import { apiRoute } from "@/lib/api/route";
import { returns } from "@/lib/contracts";
import { RETURN_EXPORT_COLUMNS, returnExportRows } from "@/lib/domain/returns/export";

export const GET = apiRoute(returns.exportReturns, async ({ db, params, query }) => {
  const rows = returnExportRows(db, {
    storeId: params.storeId,
    status: query.status,
    updatedAtMin: query.updated_at_min ? new Date(query.updated_at_min) : undefined,
    updatedAtMax: query.updated_at_max ? new Date(query.updated_at_max) : undefined,
    q: query.q,
  });
  const day = new Date().toISOString().slice(0, 10);
  return csvResponse(`returns-${params.storeId}-${day}.csv`, RETURN_EXPORT_COLUMNS, rows);
});
