import { actorOf } from "@/lib/api/principal";
import { apiRoute, json } from "@/lib/api/route";
import { readConfig } from "@/lib/config";
import { supplierClaims } from "@/lib/contracts";
import { removeSupplierClaimLine, updateSupplierClaimLine } from "@/lib/domain/suppliers/line-edits";

export const PATCH = apiRoute(
  supplierClaims.updateSupplierClaimLine,
  async ({ db, params, body, principal }) =>
    json({
      supplier_claim: await updateSupplierClaimLine(
        db,
        { ...params, actor: actorOf(principal), publicUrl: readConfig().publicUrl },
        body.supplier_claim_line,
      ),
    }),
);

export const DELETE = apiRoute(supplierClaims.removeSupplierClaimLine, async ({ db, params, principal }) =>
  json({
    supplier_claim: await removeSupplierClaimLine(db, {
      ...params,
      actor: actorOf(principal),
      publicUrl: readConfig().publicUrl,
    }),
  }),
);
