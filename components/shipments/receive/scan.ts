/**
 * What a scan means in Receive mode. A barcode scanner is a keyboard: it types the code and presses Enter, so
 * the scan field gets text such as `084712000017` (a UPC) or `SOCK-RED-M` (a SKU). Staff count a carton by
 * typing its units and `*` (or `x`) first: `12*` then the scan, in the field as `12*084712000017`.
 */

export type ScanTarget = { id: string; sku: string | null; upc: string | null };

/** `label`: the line's own id, which Backroom prints on line and carton labels (docs/labels.md). */
export type CodeMatch = { itemId: string; by: "upc" | "sku" | "label" };

export type ScanResult =
  | { kind: "empty" }
  /** `12*` alone: the next scan counts 12 units. */
  | { kind: "quantity"; quantity: number }
  | { kind: "line"; itemId: string; by: CodeMatch["by"]; code: string; quantity: number }
  | { kind: "unknown"; code: string; quantity: number }
  | { kind: "invalid"; message: string };

/** The most units one scan may count: a typo such as `1200*` for `12*` should not become a pallet. */
export const MAX_SCAN_QUANTITY = 9_999;

/**
 * A GTIN compared without its leading zeros: scanners send a UPC-A as 12 digits or as an EAN-13 with a leading
 * 0 (and GTIN-14 adds another), and catalogs store either, so `0084712000017` and `084712000017` are one code.
 */
function gtinKey(code: string): string | null {
  return /^\d{8,14}$/.test(code) ? code.replace(/^0+/, "") : null;
}

export type CodeIndex = { find: (code: string) => CodeMatch | undefined };

/**
 * Looks codes up among a shipment's lines: a printed line label (the line id, docs/labels.md) first, then the
 * UPC (what a scanner reads on a product), then the exact SKU, then the SKU in any letter case when only one
 * line has it (a typed `sock-red-m`). A carton label, `12*<line id>`, is a line id after a quantity prefix. The server is sent the line's id, so
 * this matching is the only one.
 */
export function buildCodeIndex(lines: readonly ScanTarget[]): CodeIndex {
  const byId = new Set(lines.map((line) => line.id));
  const byUpc = new Map<string, string>();
  const bySku = new Map<string, string>();
  const byFoldedSku = new Map<string, string | null>();
  for (const line of lines) {
    const upc = line.upc?.trim();
    if (upc) {
      byUpc.set(upc, line.id);
      const key = gtinKey(upc);
      if (key && !byUpc.has(`gtin:${key}`)) byUpc.set(`gtin:${key}`, line.id);
    }
    const sku = line.sku?.trim();
    if (sku) {
      if (!bySku.has(sku)) bySku.set(sku, line.id);
      const folded = sku.toLowerCase();
      // Two lines whose SKUs differ only in case: a folded match would be a guess, so there is none.
      byFoldedSku.set(
        folded,
        byFoldedSku.has(folded) && byFoldedSku.get(folded) !== line.id ? null : line.id,
      );
    }
  }
  return {
    find(code) {
      if (byId.has(code)) return { itemId: code, by: "label" };
      const upc = byUpc.get(code) ?? byUpc.get(`gtin:${gtinKey(code)}`);
      if (upc) return { itemId: upc, by: "upc" };
      const sku = bySku.get(code) ?? byFoldedSku.get(code.toLowerCase());
      return sku ? { itemId: sku, by: "sku" } : undefined;
    },
  };
}

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
