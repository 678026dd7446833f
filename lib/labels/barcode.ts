// The Node build (server only: labels are drawn by the API, never in the browser).
import bwipjs from "bwip-js/node";
import type { Symbology } from "./label";

/**
 * A barcode in modules (its narrowest bar or cell is 1): bars of a 1D symbol by where they start and how wide
 * they are, or the dark cells of a 2D symbol as runs along each row. The PDF and any other drawing scale it.
 */
export type BarcodeModules =
  | { kind: "linear"; width: number; bars: readonly (readonly [start: number, width: number])[] }
  | {
      kind: "matrix";
      columns: number;
      rows: number;
      runs: readonly (readonly [x: number, y: number, width: number])[];
    };

/**
 * Encodes a code with bwip-js (the barcode writer; it checks GTIN check digits and DataMatrix capacity) and keeps
 * only its encoding (`raw`): drawing bwip-js's own SVG took 18 ms a label where the encoding takes 3 (Code128),
 * which is the difference between 9 s and about 2 s for a 500-line shipment (docs/performance.md).
 */
export function encodeBarcode(symbology: Symbology, code: string): BarcodeModules {
  const [symbol] = bwipjs.raw({ bcid: symbology, text: code }) as unknown as {
    sbs?: number[];
    pixs?: number[];
    pixx?: number;
    pixy?: number;
  }[];
  if (symbol?.sbs) {
    // Bar, space, bar, ... widths in modules.
    const bars: [number, number][] = [];
    let at = 0;
    symbol.sbs.forEach((width, i) => {
      if (i % 2 === 0) bars.push([at, width]);
      at += width;
    });
    return { kind: "linear", width: at, bars };
  }
  const columns = symbol?.pixx ?? 0;
  const pixels = symbol?.pixs ?? [];
  const rows = columns > 0 ? pixels.length / columns : 0;
  const runs: [number, number, number][] = [];
  for (let y = 0; y < rows; y++) {
    for (let x = 0; x < columns; x++) {
      if (!pixels[y * columns + x]) continue;
      let end = x;
      while (end + 1 < columns && pixels[y * columns + end + 1]) end++;
      runs.push([x, y, end - x + 1]);
      x = end;
    }
  }
  return { kind: "matrix", columns, rows, runs };
}
