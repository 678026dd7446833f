import { csvResponse } from "@/lib/api/csv";
import { apiRoute } from "@/lib/api/route";
import { supplierClaims } from "@/lib/contracts";
import { SUPPLIER_CLAIM_EXPORT_COLUMNS, supplierClaimExportRows } from "@/lib/domain/suppliers/claim-read";

export const GET = apiRoute(supplierClaims.exportSupplierClaims, async ({ db, params, query }) => {
  const rows = supplierClaimExportRows(db, { storeId: params.storeId, ...query });
  const day = new Date().toISOString().slice(0, 10);
  return csvResponse(`supplier-claims-${params.storeId}-${day}.csv`, SUPPLIER_CLAIM_EXPORT_COLUMNS, rows);
});
