import { actorOf } from "@/lib/api/principal";
import { apiRoute, json } from "@/lib/api/route";
import { readConfig } from "@/lib/config";
import { supplierClaims } from "@/lib/contracts";
import { addManualClaimLine } from "@/lib/domain/suppliers/line-edits";

export const POST = apiRoute(supplierClaims.addSupplierClaimLine, async ({ db, params, body, principal }) =>
  json(
    {
      supplier_claim: await addManualClaimLine(
        db,
        { ...params, actor: actorOf(principal), publicUrl: readConfig().publicUrl },
        body.supplier_claim_line,
      ),
    },
    { status: 201 },
  ),
);
