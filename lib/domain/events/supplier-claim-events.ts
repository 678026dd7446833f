import type { Db } from "../../db";
import type { SupplierClaim } from "../../schemas/suppliers";
import { recordEvents } from "./record";

/**
 * Records a `supplier_claim` event (created when drafted, updated when lines join it or it is sent, credited or
 * rejected), its payload the claim as Get supplier claim answers it. Called inside the change's transaction,
 * after the claim's row lock.
 */
export async function recordSupplierClaimEvent(
  tx: Db,
  storeId: string,
  type: "created" | "updated",
  claim: SupplierClaim,
): Promise<void> {
  await recordEvents(tx, {
    storeId,
    topic: "supplier_claim",
    type,
    events: [{ subject: { id: claim.id }, payload: { supplier_claim: claim } }],
  });
}
