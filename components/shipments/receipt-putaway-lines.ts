import type { PutawayLineInput } from "@/components/putaway/putaway-line";
import type { Receipt } from "@/lib/schemas/inbound-receipts";

/**
 * The received lines of a receipt that can be put away: good units of an item, not sent straight into a bin,
 * less what correcting receipts of it took back (their negative `received` on the same shipment line). A line
 * corrected to nothing is gone from the card: offering its units would only earn a refusal.
 */
export function putawayLines(receipt: Receipt, receipts: readonly Receipt[]): PutawayLineInput[] {
  if (receipt.bin_id) return [];
  const takenBack = new Map<string, number>();
  for (const correction of receipts) {
    if (correction.corrects_receipt_id !== receipt.id) continue;
    for (const line of correction.lines) {
      if (line.received < 0) takenBack.set(line.item_id, (takenBack.get(line.item_id) ?? 0) - line.received);
    }
  }
  return receipt.lines.flatMap((line) => {
    const quantity = line.received - (takenBack.get(line.item_id) ?? 0);
    return quantity > 0 && line.inventory_item_id
      ? [
          {
            lineId: line.id,
            inventoryItemId: line.inventory_item_id,
            title: line.title,
            sku: line.sku,
            quantity,
          },
        ]
      : [];
  });
}
