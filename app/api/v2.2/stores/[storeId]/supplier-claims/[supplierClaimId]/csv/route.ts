import { csvResponse } from "@/lib/api/csv";
import { apiRoute } from "@/lib/api/route";
import { readConfig } from "@/lib/config";
import { supplierClaims } from "@/lib/contracts";
import {
  getSupplierClaim,
  SUPPLIER_CLAIM_LINE_COLUMNS,
  supplierClaimLineRows,
} from "@/lib/domain/suppliers/claim-read";

export const GET = apiRoute(supplierClaims.getSupplierClaimCsv, async ({ db, params }) => {
  const claim = await getSupplierClaim(db, { ...params, publicUrl: readConfig().publicUrl });
  return csvResponse(`claim-${claim.id}.csv`, SUPPLIER_CLAIM_LINE_COLUMNS, supplierClaimLineRows(claim));
});
