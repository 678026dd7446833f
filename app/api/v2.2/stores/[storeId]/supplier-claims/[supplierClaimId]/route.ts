import { apiRoute, json } from "@/lib/api/route";
import { readConfig } from "@/lib/config";
import { supplierClaims } from "@/lib/contracts";
import { getSupplierClaim } from "@/lib/domain/suppliers/claim-read";

export const GET = apiRoute(supplierClaims.getSupplierClaim, async ({ db, params }) =>
  json({ supplier_claim: await getSupplierClaim(db, { ...params, publicUrl: readConfig().publicUrl }) }),
);
