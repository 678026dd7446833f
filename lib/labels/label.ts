import type { LabelSize } from "../enums/labels";

/**
 * One label, whatever it is for: the code a scanner reads back, and the few words a person reads. The domain
 * (lib/domain/labels) builds these from a store's objects; the renderers here know nothing of the database.
 */
export type Label = {
  /** What the barcode holds and a scanner types: a license plate, a line or carton code, a SKU, a location id. */
  code: string;
  /** Draw a valid 12- or 13-digit code as UPC-A / EAN-13 (a product's own barcode) instead of Code128. */
  gtin?: boolean;
  /** The largest words on the label: the product or place. */
  title: string;
  /** Short facts under the title (order, SKU, carton 2 of 5); small labels show the first only. */
  lines: readonly string[];
};

/** How a label's code is drawn: a 1D symbol where it fits at a readable bar width, DataMatrix where it does not. */
export type Symbology = "code128" | "upca" | "ean13" | "datamatrix";

/** Printable width per label in inches (the stock less its margins) and the narrowest bar a printer makes reliably. */
const GEOMETRY: Record<LabelSize, { width: number; minModule: number }> = {
  // Thermal: 203 dpi, two dots a bar (10 mil), what handheld and phone scanners read at a distance.
  "4x6": { width: 3.76, minModule: 2 / 203 },
  "2x1": { width: 1.84, minModule: 2 / 203 },
  // Sheets go through office laser printers (300 dpi and up): 7.5 mil bars print cleanly.
  a4: { width: 2.3, minModule: 0.0075 },
  letter: { width: 2.45, minModule: 0.0075 },
};

/** Modules of a Code128 symbol of `code` in subset B (the worst case) with its two 10-module quiet zones. */
export function code128Modules(code: string): number {
  return (code.length + 3) * 11 + 2 + 20;
}

/** True for a GTIN whose last digit is its mod-10 check digit (UPC-A is 12 digits, EAN-13 is 13). */
export function isValidGtin(code: string): boolean {
  if (!/^\d{12,13}$/.test(code)) return false;
  const digits = [...code].map(Number);
  const check = digits.pop() ?? 0;
  // From the right of the payload, weights alternate 3, 1.
  const sum = digits.reverse().reduce((total, digit, i) => total + digit * (i % 2 === 0 ? 3 : 1), 0);
  return (10 - (sum % 10)) % 10 === check;
}

export function symbologyFor(label: Pick<Label, "code" | "gtin">, size: LabelSize): Symbology {
  if (label.gtin && isValidGtin(label.code)) return label.code.length === 12 ? "upca" : "ean13";
  const { width, minModule } = GEOMETRY[size];
  return code128Modules(label.code) * minModule <= width ? "code128" : "datamatrix";
}

/**
 * Text the standard PDF fonts can draw (WinAnsi): accents folded (é -> e), dashes and curly quotes made plain,
 * anything else outside Latin-1 a
 * `?`. Codes are ASCII by construction; names from a catalog may not be, and pdf-lib throws on them.
 */
export function pdfSafeText(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .replace(/[\u2012-\u2015]/g, "-")
    .replace(/[\u2018\u2019]/g, "'")
    .replace(/[\u201C\u201D]/g, '"')
    .replace(/[^\x20-\x7E\xA0-\xFF]/g, "?");
}
