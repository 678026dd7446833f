import {
  fill,
  PDFDocument,
  type PDFFont,
  type PDFOperator,
  type PDFPage,
  popGraphicsState,
  pushGraphicsState,
  rectangle,
  StandardFonts,
  setFillingGrayscaleColor,
} from "pdf-lib";
import type { LabelSize } from "../enums/labels";
import { type BarcodeModules, encodeBarcode } from "./barcode";
import { type Label, pdfSafeText, symbologyFor } from "./label";

const PT_PER_IN = 72;
const PT_PER_MM = 72 / 25.4;

/** Where labels go on a page, in points from the page's top left. */
type Sheet = {
  page: [number, number];
  label: [number, number];
  columns: number;
  rows: number;
  /** Top left of the first label. */
  origin: [number, number];
  gap: [number, number];
};

/**
 * The stock: thermal 4x6 in and 2x1 in labels are each a page; the sheets are the common address-label stock
 * (Letter: 30 labels of 2.625 x 1 in, Avery 5160 layout; A4: 21 labels of 63.5 x 38.1 mm, Avery L7160), so
 * a print lines up with labels people already buy.
 */
const SHEETS: Record<LabelSize, Sheet> = {
  "4x6": { page: [288, 432], label: [288, 432], columns: 1, rows: 1, origin: [0, 0], gap: [0, 0] },
  "2x1": { page: [144, 72], label: [144, 72], columns: 1, rows: 1, origin: [0, 0], gap: [0, 0] },
  letter: {
    page: [8.5 * PT_PER_IN, 11 * PT_PER_IN],
    label: [2.625 * PT_PER_IN, 1 * PT_PER_IN],
    columns: 3,
    rows: 10,
    origin: [0.1875 * PT_PER_IN, 0.5 * PT_PER_IN],
    gap: [0.125 * PT_PER_IN, 0],
  },
  a4: {
    page: [210 * PT_PER_MM, 297 * PT_PER_MM],
    label: [63.5 * PT_PER_MM, 38.1 * PT_PER_MM],
    columns: 3,
    rows: 7,
    origin: [7.25 * PT_PER_MM, 15.15 * PT_PER_MM],
    gap: [2.5 * PT_PER_MM, 0],
  },
};

/** A line of text cut to `width` with an ellipsis. */
function fitText(font: PDFFont, text: string, size: number, width: number): string {
  const safe = pdfSafeText(text);
  if (font.widthOfTextAtSize(safe, size) <= width) return safe;
  let cut = safe;
  while (cut.length > 1 && font.widthOfTextAtSize(`${cut}...`, size) > width) cut = cut.slice(0, -1);
  return `${cut.trimEnd()}...`;
}

type Fonts = { regular: PDFFont; bold: PDFFont };

function drawLabel(
  page: PDFPage,
  label: Label,
  size: LabelSize,
  fonts: Fonts,
  symbols: Map<string, BarcodeModules>,
  at: { left: number; top: number; width: number; height: number },
) {
  const pad = Math.max(4, Math.min(at.width, at.height) * 0.06);
  const inner = at.width - 2 * pad;
  const large = at.height >= 200;
  const titleSize = large ? 20 : Math.min(11, at.height * 0.13);
  const lineSize = large ? 12 : titleSize * 0.8;
  const codeSize = large ? 22 : titleSize * 0.9;
  let y = at.top - pad - titleSize;
  page.drawText(fitText(fonts.bold, label.title, titleSize, inner), {
    x: at.left + pad,
    y,
    size: titleSize,
    font: fonts.bold,
  });
  for (const line of label.lines.slice(0, large ? 5 : 1)) {
    y -= lineSize * 1.3;
    page.drawText(fitText(fonts.regular, line, lineSize, inner), {
      x: at.left + pad,
      y,
      size: lineSize,
      font: fonts.regular,
    });
  }
  const bottom = at.top - at.height + pad;
  const codeText = fitText(fonts.bold, label.code, codeSize, inner);
  page.drawText(codeText, {
    x: at.left + (at.width - fonts.bold.widthOfTextAtSize(codeText, codeSize)) / 2,
    y: bottom,
    size: codeSize,
    font: fonts.bold,
  });
  const symbology = symbologyFor(label, size);
  const key = `${symbology} ${label.code}`;
  let symbol = symbols.get(key);
  if (!symbol) {
    symbol = encodeBarcode(symbology, label.code);
    symbols.set(key, symbol);
  }
  const barTop = y - lineSize * (large ? 1.5 : 0.6);
  const barBottom = bottom + codeSize * 1.2;
  drawBarcode(page, symbol, {
    x: at.left + pad,
    top: barTop,
    width: inner,
    height: Math.max(8, barTop - barBottom),
  });
}

/**
 * Draws a barcode centred in the box as filled rectangles, written as raw operators in one graphics state
 * (pdf-lib's drawRectangle per bar costs a state and a colour each: 4 s for 100 labels). 1D bars keep a
 * 10-module quiet zone each side and are at most 1 in tall; 2D symbols are square cells.
 */
function drawBarcode(
  page: PDFPage,
  symbol: BarcodeModules,
  box: { x: number; top: number; width: number; height: number },
) {
  const ops: PDFOperator[] = [pushGraphicsState(), setFillingGrayscaleColor(0)];
  if (symbol.kind === "linear") {
    const module = box.width / (symbol.width + 20);
    const height = Math.min(box.height, PT_PER_IN);
    const left = box.x + 10 * module;
    const bottom = box.top - height - (box.height - height) / 2;
    for (const [start, width] of symbol.bars) {
      ops.push(rectangle(left + start * module, bottom, width * module, height));
    }
  } else {
    const cell = Math.min(box.width / symbol.columns, box.height / symbol.rows);
    const left = box.x + (box.width - symbol.columns * cell) / 2;
    const top = box.top - (box.height - symbol.rows * cell) / 2;
    for (const [x, y, width] of symbol.runs) {
      ops.push(rectangle(left + x * cell, top - (y + 1) * cell, width * cell, cell));
    }
  }
  ops.push(fill(), popGraphicsState());
  page.pushOperators(...ops);
}

/** A PDF of the labels on the stock of `size`, in order, filling each sheet row by row. */
export async function renderLabelsPdf(labels: readonly Label[], size: LabelSize): Promise<Uint8Array> {
  const document = await PDFDocument.create();
  document.setTitle("Labels");
  document.setProducer("Backroom");
  const fonts = {
    regular: await document.embedFont(StandardFonts.Helvetica),
    bold: await document.embedFont(StandardFonts.HelveticaBold),
  };
  const sheet = SHEETS[size];
  const perPage = sheet.columns * sheet.rows;
  const symbols = new Map<string, BarcodeModules>();
  let page: PDFPage | undefined;
  labels.forEach((label, index) => {
    const slot = index % perPage;
    if (slot === 0 || !page) page = document.addPage(sheet.page);
    const column = slot % sheet.columns;
    const row = Math.floor(slot / sheet.columns);
    const left = sheet.origin[0] + column * (sheet.label[0] + sheet.gap[0]);
    const top = sheet.page[1] - sheet.origin[1] - row * (sheet.label[1] + sheet.gap[1]);
    drawLabel(page, label, size, fonts, symbols, {
      left,
      top,
      width: sheet.label[0],
      height: sheet.label[1],
    });
  });
  // A print of nothing is still a valid document: one blank page.
  if (labels.length === 0) document.addPage(sheet.page);
  return document.save({ useObjectStreams: true });
}
