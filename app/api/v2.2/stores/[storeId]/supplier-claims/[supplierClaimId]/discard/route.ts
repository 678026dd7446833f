import { actorOf } from "@/lib/api/principal";
import { apiRoute, json } from "@/lib/api/route";
import { readConfig } from "@/lib/config";
import { supplierClaims } from "@/lib/contracts";
import { discardSupplierClaim } from "@/lib/domain/suppliers/lifecycle";

export const POST = apiRoute(supplierClaims.discardSupplierClaim, async ({ db, params, body, principal }) =>
  json({
    supplier_claim: await discardSupplierClaim(
      db,
      { ...params, actor: actorOf(principal), publicUrl: readConfig().publicUrl },
      body.supplier_claim,
    ),
  }),
);
