/**
 * What a scan means in Receive mode. A barcode scanner is a keyboard: it types the code and presses Enter, so
 * the scan field gets text such as `084712000017` (a UPC) or `SOCK-RED-M` (a SKU). Staff count a carton by
 * typing its units and `*` (or `x`) first: `12*` then the scan, in the field as `12*084712000017`.
 */

import type { CodeIndex, CodeMatch } from "@/components/scanning/code-index";

export type ScanResult =
  | { kind: "empty" }
  /** `12*` alone: the next scan counts 12 units. */
  | { kind: "quantity"; quantity: number }
  | { kind: "line"; itemId: string; by: CodeMatch["by"]; code: string; quantity: number }
  | { kind: "unknown"; code: string; quantity: number }
  | { kind: "invalid"; message: string };

/** The most units one scan may count: a typo such as `1200*` for `12*` should not become a pallet. */
export const MAX_SCAN_QUANTITY = 9_999;

const QUANTITY_PREFIX = /^(\d{1,6})\s*([*xX×])\s*(.*)$/;

/**
 * Reads what the scan field held when Enter came. The whole text is tried as a code first, so a SKU such as
 * `12X-BLUE` is that SKU and not 12 units of `-BLUE`; only then is a leading `<units>*` read as a carton.
 * `armed` is a quantity typed on its own before (`12*` Enter), used by this scan.
 */
export function interpretScan(raw: string, index: CodeIndex, armed: number | null = null): ScanResult {
  const text = raw.trim();
  if (text === "") return { kind: "empty" };
  const whole = index.find(text);
  if (whole) return { kind: "line", ...whole, code: text, quantity: armed ?? 1 };
  const prefixed = QUANTITY_PREFIX.exec(text);
  if (!prefixed) return { kind: "unknown", code: text, quantity: armed ?? 1 };
  const quantity = Number(prefixed[1]);
  const code = (prefixed[3] ?? "").trim();
  if (quantity < 1 || quantity > MAX_SCAN_QUANTITY) {
    return {
      kind: "invalid",
      message: `A carton counts 1 to ${MAX_SCAN_QUANTITY.toLocaleString("en-US")} units; ${quantity.toLocaleString("en-US")} was typed.`,
    };
  }
  if (code === "") return { kind: "quantity", quantity };
  const match = index.find(code);
  if (match) return { kind: "line", ...match, code, quantity };
  // `12*` is unmistakably a carton; `12x` may be the start of an unknown code (`12XL-TEE`), kept whole.
  return prefixed[2] === "*" || prefixed[2] === "×"
    ? { kind: "unknown", code, quantity }
    : { kind: "unknown", code: text, quantity: armed ?? 1 };
}
