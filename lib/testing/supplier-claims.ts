import type { Db } from "../db";
import { getSupplierClaim } from "../domain/suppliers/claim-read";
import { addClaimLines, type ClaimLineInput } from "../domain/suppliers/draft";
import { createSupplier } from "../domain/suppliers/suppliers";
import type { SupplierClaim } from "../schemas/suppliers";

/** The claim routes' tests: a draft claim as a receipt drafts one, and a claim as stored. */

export const CLAIM_PUBLIC_URL = "http://localhost:3000";

// As a receipt drafts them: naming the receipt (a line naming neither a receipt nor a return is one added by hand).
const FROM_RECEIPT = {
  inboundShipmentId: "inb_ClaimTestShipment0000000",
  receiptId: "rcp_ClaimTestReceipt00000000",
};

/** 3 damaged units at 5.00 and 2 over at 4.00 of one product: 5 units, 23.00. */
export const TOTE_RECEIPT_LINES: ClaimLineInput[] = [
  {
    reason: "damaged",
    quantity: 3,
    unitCost: "5.00",
    title: "Canvas tote",
    sku: "TOTE-1",
    variantId: null,
    ...FROM_RECEIPT,
  },
  {
    reason: "over",
    quantity: 2,
    unitCost: "4.00",
    title: "Canvas tote",
    sku: "TOTE-1",
    variantId: null,
    ...FROM_RECEIPT,
  },
];

export function storedClaim(db: Db, storeId: string, supplierClaimId: string): Promise<SupplierClaim> {
  return getSupplierClaim(db, { storeId, supplierClaimId, publicUrl: CLAIM_PUBLIC_URL });
}

/** A draft claim of `storeId` with `lines` (TOTE_RECEIPT_LINES unless given), to a supplier of its own. */
export async function draftClaimOf(
  db: Db,
  storeId: string,
  lines: ClaimLineInput[] = TOTE_RECEIPT_LINES,
): Promise<SupplierClaim> {
  const supplier = await createSupplier(db, storeId, {
    name: `Claims ${crypto.randomUUID()}`,
    email: "claims@claims.example",
  });
  const id = await db.transaction((tx) =>
    addClaimLines(
      tx,
      { storeId, supplierId: supplier.id, actor: { name: "Dock" }, publicUrl: CLAIM_PUBLIC_URL },
      lines,
    ),
  );
  return storedClaim(db, storeId, id as string);
}
