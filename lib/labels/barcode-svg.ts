// The Node build (server only: labels are drawn by the API, never in the browser).
import bwipjs from "bwip-js/node";
import type { Symbology } from "./label";

/** A barcode as vector paths in its own units (one unit per module): bars stroked at a width, or filled shapes. */
export type BarcodeVector = {
  width: number;
  height: number;
  paths: readonly { d: string; strokeWidth?: number }[];
};

/**
 * Draws a code with bwip-js (the barcode writer; it checks GTIN check digits and DataMatrix capacity) as SVG
 * and keeps its paths, so the PDF carries vectors: sharp at any printer resolution and small (a 500-label
 * shipment is a few hundred KB, docs/performance.md). Linear symbols are `height` units tall; the caller
 * scales them to the space it has.
 */
export function barcodeVector(symbology: Symbology, code: string): BarcodeVector {
  const svg = bwipjs.toSVG({
    bcid: symbology,
    text: code,
    scale: 1,
    height: 10,
    includetext: false,
    paddingwidth: 0,
    paddingheight: 0,
  });
  const box = /viewBox="0 0 ([\d.]+) ([\d.]+)"/.exec(svg);
  const paths = [...svg.matchAll(/<path ([^>]*?)d="([^"]+)"/g)].map((match) => {
    const stroke = /stroke-width="([\d.]+)"/.exec(match[1] ?? "");
    return { d: match[2] ?? "", ...(stroke ? { strokeWidth: Number(stroke[1]) } : {}) };
  });
  return { width: Number(box?.[1] ?? 0), height: Number(box?.[2] ?? 0), paths };
}
