/**
 * Finding the thing a scanned code names among the few things on screen: a shipment's lines in Receive mode,
 * a return's items in return processing. A hardware scanner types the code; the camera hands over the text it
 * decoded; both land here.
 */

export type ScanTarget = {
  id: string;
  sku: string | null;
  upc: string | null;
  /** Codes printed for this one thing (a return item's external identifier), matched exactly. */
  identifiers?: readonly (string | null | undefined)[];
};

/** `label`: the target's own id, which Backroom prints on line and carton labels (docs/labels.md). */
export type CodeMatch = { itemId: string; by: "label" | "upc" | "identifier" | "sku" };

export type CodeIndex = { find: (code: string) => CodeMatch | undefined };

/**
 * A GTIN compared without its leading zeros: scanners send a UPC-A as 12 digits or as an EAN-13 with a leading
 * 0 (and GTIN-14 adds another), and catalogs store either, so `0084712000017` and `084712000017` are one code.
 */
function gtinKey(code: string): string | null {
  return /^\d{8,14}$/.test(code) ? code.replace(/^0+/, "") : null;
}

/**
 * Looks codes up among the targets: a label Backroom printed with the target's id first, then the UPC (what a
 * scanner reads on a product), then an identifier printed for one
 * target, then the exact SKU, then the SKU in any letter case when only one target has it (a typed
 * `sock-red-m`). The server is sent the target's id, so this matching is the only one.
 */
export function buildCodeIndex(targets: readonly ScanTarget[]): CodeIndex {
  const byId = new Set(targets.map((target) => target.id));
  const byUpc = new Map<string, string>();
  const byIdentifier = new Map<string, string>();
  const bySku = new Map<string, string>();
  const byFoldedSku = new Map<string, string | null>();
  for (const target of targets) {
    const upc = target.upc?.trim();
    if (upc) {
      byUpc.set(upc, target.id);
      const key = gtinKey(upc);
      if (key && !byUpc.has(`gtin:${key}`)) byUpc.set(`gtin:${key}`, target.id);
    }
    for (const identifier of target.identifiers ?? []) {
      const code = identifier?.trim();
      if (code && !byIdentifier.has(code)) byIdentifier.set(code, target.id);
    }
    const sku = target.sku?.trim();
    if (sku) {
      if (!bySku.has(sku)) bySku.set(sku, target.id);
      const folded = sku.toLowerCase();
      // Two targets whose SKUs differ only in case: a folded match would be a guess, so there is none.
      byFoldedSku.set(
        folded,
        byFoldedSku.has(folded) && byFoldedSku.get(folded) !== target.id ? null : target.id,
      );
    }
  }
  return {
    find(code) {
      if (byId.has(code)) return { itemId: code, by: "label" };
      const upc = byUpc.get(code) ?? byUpc.get(`gtin:${gtinKey(code)}`);
      if (upc) return { itemId: upc, by: "upc" };
      const identifier = byIdentifier.get(code);
      if (identifier) return { itemId: identifier, by: "identifier" };
      const sku = bySku.get(code) ?? byFoldedSku.get(code.toLowerCase());
      return sku ? { itemId: sku, by: "sku" } : undefined;
    },
  };
}
