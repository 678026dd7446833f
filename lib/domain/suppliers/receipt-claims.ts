import { inArray } from "drizzle-orm";
import type { Db } from "../../db";
import { inboundShipmentItems } from "../../db/schema";
import type { CreateReceiptRequest } from "../../schemas/inbound-receipts";
import type { Actor } from "../actor";
import type { ItemRow } from "../inbound-shipments/receipt-effects";
import { addClaimLines, type ClaimLineInput } from "./draft";

type ReceiptLine = CreateReceiptRequest["lines"][number];

/** Units beyond the expected quantity among those dealt with (received + damaged + missing). */
const overOf = (expected: number, dealt: number) => Math.max(0, dealt - expected);

/**
 * What one receipt line claims (docs/suppliers.md): damaged units (reason `wrong_item` when the receipt said so),
 * missing units (likewise), and units that took the line past its expected quantity. Only units a receipt adds:
 * a correction's negative units leave the claim's lines as they are (staff see the correction on the shipment).
 * `item` holds the line's counters after this receipt (addToLineCounters).
 */
export function claimedUnits(
  item: Pick<ItemRow, "quantity" | "receivedQuantity" | "damagedQuantity" | "missingQuantity">,
  line: Pick<ReceiptLine, "received" | "damaged" | "missing" | "damaged_reason" | "missing_reason">,
): { reason: ClaimLineInput["reason"]; quantity: number }[] {
  const after = item.receivedQuantity + item.damagedQuantity + item.missingQuantity;
  const before = after - line.received - line.damaged - line.missing;
  const over = overOf(item.quantity, after) - overOf(item.quantity, before);
  const units: { reason: ClaimLineInput["reason"]; quantity: number }[] = [
    { reason: line.damaged_reason === "wrong_item" ? "wrong_item" : "damaged", quantity: line.damaged },
    { reason: line.missing_reason === "wrong_item" ? "wrong_item" : "missing", quantity: line.missing },
    { reason: "over", quantity: over },
  ];
  return units.filter((claimed) => claimed.quantity > 0);
}

/**
 * In the receipt's transaction: the receipt's discrepant units join the shipment supplier's draft claim, at the
 * shipment lines' unit costs, with the receipt line's photos. A shipment without a supplier claims nothing.
 */
export async function draftReceiptClaims(
  tx: Db,
  context: {
    storeId: string;
    actor: Actor;
    publicUrl: string;
    supplierId: string | null;
    shipmentId: string;
    receiptId: string;
  },
  lines: { item: ItemRow; line: ReceiptLine; photoIds: string[] }[],
): Promise<void> {
  if (!context.supplierId) return;
  const claimed = lines.flatMap(({ item, line, photoIds }) =>
    claimedUnits(item, line).map((units) => ({ ...units, item, line, photoIds })),
  );
  if (claimed.length === 0) return;
  const costs = await tx
    .select({ id: inboundShipmentItems.id, unitCost: inboundShipmentItems.unitCost })
    .from(inboundShipmentItems)
    .where(
      inArray(
        inboundShipmentItems.id,
        claimed.map((claim) => claim.item.id),
      ),
    );
  const costOf = new Map(costs.map((row) => [row.id, row.unitCost ?? "0"]));
  await addClaimLines(
    tx,
    {
      storeId: context.storeId,
      supplierId: context.supplierId,
      actor: context.actor,
      publicUrl: context.publicUrl,
    },
    claimed.map((claim) => ({
      reason: claim.reason,
      quantity: claim.quantity,
      unitCost: costOf.get(claim.item.id) ?? "0",
      title: claim.item.title,
      sku: claim.item.sku,
      variantId: claim.item.variantId,
      inboundShipmentId: context.shipmentId,
      receiptId: context.receiptId,
      // Photos show damage: they go with the damaged (or wrong) units, not with a count of missing or extra ones.
      photoIds: claim.reason === "damaged" || claim.reason === "wrong_item" ? claim.photoIds : [],
      note: claim.line.note ?? null,
    })),
  );
}
