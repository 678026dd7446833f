import type { Receipt } from "@/lib/schemas/inbound-receipts";

/**
 * The serials of a shipment's receipts as staff see them (docs/receiving.md, "Serials on the receipts"): a
 * received line's serials stay with its receipt until a correcting receipt takes them back, which the API does
 * by receipt and serial (the custody index holds no line), so what was taken back is kept by receipt too.
 */

/** By corrected receipt id, the serials its corrections' negative lines took back. */
export function serialsTakenBack(receipts: readonly Receipt[]): Map<string, Set<string>> {
  const taken = new Map<string, Set<string>>();
  for (const receipt of receipts) {
    if (!receipt.corrects_receipt_id) continue;
    for (const line of receipt.lines) {
      if (line.received >= 0 || line.serials.length === 0) continue;
      const set = taken.get(receipt.corrects_receipt_id) ?? new Set<string>();
      for (const serial of line.serials) set.add(serial);
      taken.set(receipt.corrects_receipt_id, set);
    }
  }
  return taken;
}

/** A line's serials that its receipt still holds: those it recorded, less those a correction took back. */
export function heldSerials(line: Receipt["lines"][number], takenBack: ReadonlySet<string>): string[] {
  return line.received > 0 ? line.serials.filter((serial) => !takenBack.has(serial)) : [];
}

/** "1 serial", "3 serials". */
export function serialCount(count: number): string {
  return `${count} ${count === 1 ? "serial" : "serials"}`;
}
