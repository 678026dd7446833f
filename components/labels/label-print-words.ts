import type { LabelSize } from "@/lib/enums/labels";
import type { LabelPrint } from "@/lib/schemas/labels";

/*
 * How a print is said wherever one is listed (the print dialog, the return's timeline, the shipment's
 * timeline, an item's stock history, a location's printed labels), so they read alike.
 */

/** A size keeps together on one line (no-break spaces). */
const STOCK_WORDS: Record<LabelSize, string> = {
  "4x6": "4\u00a0×\u00a06\u00a0in",
  "2x1": "2\u00a0×\u00a01\u00a0in",
  letter: "Letter sheet",
  a4: "A4 sheet",
};

/** "ZPL, 4 × 6 in", "PDF, Letter sheet". */
export function printFormWords(print: Pick<LabelPrint, "format" | "size">): string {
  return `${print.format.toUpperCase()}, ${STOCK_WORDS[print.size]}`;
}

/** "1 label", "12 labels" ("a license plate", "2 license plates" with `noun`). */
export function labelCountWords(count: number, noun: "label" | "license plate" = "label"): string {
  if (count !== 1) return `${count} ${noun}s`;
  return noun === "label" ? "1 label" : "a license plate";
}

/** Who printed: a staff member by name, an API secret said so. */
export function printedBy(actor: LabelPrint["actor"]): string {
  return actor.kind === "api_secret" ? `API secret “${actor.name}”` : actor.name;
}
