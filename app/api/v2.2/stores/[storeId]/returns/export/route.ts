import { csvResponse } from "@/lib/api/csv";
import { apiRoute } from "@/lib/api/route";
import { returns } from "@/lib/contracts";
import { RETURN_EXPORT_COLUMNS, returnExportRows } from "@/lib/domain/returns/export";
import { returnFiltersOf } from "@/lib/domain/returns/list";

export const GET = apiRoute(returns.exportReturns, async ({ db, params, query }) => {
  const rows = returnExportRows(db, returnFiltersOf(params.storeId, query));
  const day = new Date().toISOString().slice(0, 10);
  return csvResponse(`returns-${params.storeId}-${day}.csv`, RETURN_EXPORT_COLUMNS, rows);
});
