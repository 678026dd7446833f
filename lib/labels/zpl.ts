import type { LabelSize } from "../enums/labels";
import { code128Modules, type Label, symbologyFor } from "./label";

/** The thermal stock in dots at 203 dpi (8 dots/mm), the resolution of most Zebra desktop and industrial printers. */
const STOCK = {
  "4x6": { width: 812, height: 1218, margin: 24 },
  "2x1": { width: 406, height: 203, margin: 16 },
} as const;

type ThermalSize = keyof typeof STOCK;

export function isThermalSize(size: LabelSize): size is ThermalSize {
  return size in STOCK;
}

/**
 * Field data for `^FH_^FD`: the characters ZPL reads as commands (`^`, `~`), its hex escape (`_`), the field
 * block's line break (`\`) and control characters as `_xx` UTF-8 bytes; the rest as UTF-8 (`^CI28`).
 */
export function zplField(text: string): string {
  return [...text]
    .map((char) => {
      const code = char.codePointAt(0) ?? 0;
      const escaped = "^~_\\".includes(char) || code < 0x20 || code === 0x7f;
      return escaped
        ? [...new TextEncoder().encode(char)]
            .map((byte) => `_${byte.toString(16).toUpperCase().padStart(2, "0")}`)
            .join("")
        : char;
    })
    .join("");
}

/** The barcode command for a label's code, at `x, y`, at most `width` dots wide and `height` tall. */
function barcode(
  label: Label,
  size: ThermalSize,
  x: number,
  y: number,
  width: number,
  height: number,
): string {
  const data = `^FH_^FD${zplField(label.code)}^FS`;
  switch (symbologyFor(label, size)) {
    case "upca":
      return `^FO${x},${y}^BY${size === "4x6" ? 3 : 2}^BUN,${height},N,N,N${data}`;
    case "ean13":
      return `^FO${x},${y}^BY${size === "4x6" ? 3 : 2}^BEN,${height},N,N${data}`;
    case "code128": {
      const module = Math.max(2, Math.min(4, Math.floor(width / code128Modules(label.code))));
      // Mode A: the printer picks Code128 subsets itself (shortest symbol); the 10-module quiet zone is the inset.
      return `^FO${x + 10 * module},${y}^BY${module}^BCN,${height},N,N,N,A${data}`;
    }
    case "datamatrix":
      return `^FO${x},${y}^BXN,${size === "4x6" ? 8 : 4},200${data}`;
  }
}

function text(x: number, y: number, dots: number, width: number, value: string, lines = 1): string {
  return `^FO${x},${y}^A0N,${dots},${dots}^FB${width},${lines},0,L^FH_^FD${zplField(value)}^FS`;
}

function labelZpl(label: Label, size: ThermalSize): string {
  const { width, height, margin } = STOCK[size];
  const inner = width - 2 * margin;
  const parts = ["^XA", "^CI28", `^PW${width}`, `^LL${height}`, "^LH0,0"];
  if (size === "4x6") {
    parts.push(text(margin, margin, 52, inner, label.title, 2));
    label.lines.slice(0, 5).forEach((line, i) => {
      parts.push(text(margin, margin + 130 + i * 44, 34, inner, line));
    });
    parts.push(barcode(label, size, margin, 500, inner, 260));
    parts.push(
      `^FO${margin},${height - margin - 70}^A0N,64,64^FB${inner},1,0,C^FH_^FD${zplField(label.code)}^FS`,
    );
  } else {
    parts.push(text(margin, 12, 26, inner, label.title));
    const first = label.lines[0];
    if (first) parts.push(text(margin, 42, 20, inner, first));
    parts.push(barcode(label, size, margin, 68, inner, 90));
    parts.push(`^FO${margin},${height - 34}^A0N,24,24^FB${inner},1,0,C^FH_^FD${zplField(label.code)}^FS`);
  }
  parts.push("^PQ1", "^XZ");
  return parts.join("\n");
}

/** ZPL II for a thermal printer: one `^XA … ^XZ` format per label, sent as is to the printer (raw port 9100, or a driver's raw mode). */
export function renderLabelsZpl(labels: readonly Label[], size: ThermalSize): string {
  return labels.map((label) => labelZpl(label, size)).join("\n") + (labels.length > 0 ? "\n" : "");
}
