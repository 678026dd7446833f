import { PDFDocument, type PDFFont, type PDFPage, rgb, StandardFonts } from "pdf-lib";
import { pdfSafeText } from "./label";

/** What a supplier claim's PDF shows: plain data, handed over by lib/domain/suppliers (docs/suppliers.md). */
export type ClaimDocument = {
  id: string;
  storeName: string;
  supplier: { name: string; email: string; code: string | null };
  status: string;
  createdAt: string;
  dueDate: string;
  currency: string;
  total: string;
  note: string | null;
  lines: {
    reason: string;
    sku: string | null;
    title: string;
    quantity: number;
    unitCost: string;
    total: string;
    reference: string;
    photoCount: number;
  }[];
};

const PAGE: [number, number] = [612, 792]; // Letter, in points
const MARGIN = 48;
const ROW = 16;
/** Left edges of the table's columns: reason, SKU, item, qty, unit cost, total, reference. */
const COLUMNS = [MARGIN, 118, 198, 350, 384, 444, 500];

function clip(font: PDFFont, text: string, size: number, width: number): string {
  let out = pdfSafeText(text);
  while (out.length > 1 && font.widthOfTextAtSize(out, size) > width) out = out.slice(0, -1);
  return out === pdfSafeText(text) ? out : `${out.slice(0, -1)}.`;
}

/** A one-document PDF of the claim: who to, the lines with reasons, units, unit costs and totals. */
export async function renderClaimPdf(claim: ClaimDocument): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(`Supplier claim ${claim.id}`);
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  let page: PDFPage = pdf.addPage(PAGE);
  let y = PAGE[1] - MARGIN;
  const text = (value: string, x: number, size = 10, face = font) =>
    page.drawText(pdfSafeText(value), { x, y, size, font: face });

  text("Supplier claim", MARGIN, 18, bold);
  y -= 24;
  text(`${claim.id}  ·  ${claim.status}`.replace("·", "-"), MARGIN, 10);
  y -= 22;
  const facts: [string, string][] = [
    ["From", claim.storeName],
    ["To", `${claim.supplier.name}${claim.supplier.code ? ` (${claim.supplier.code})` : ""}`],
    ["E-mail", claim.supplier.email],
    ["Drafted", claim.createdAt.slice(0, 10)],
    ["Due", claim.dueDate],
    ["Total claimed", `${claim.total} ${claim.currency}`],
  ];
  for (const [label, value] of facts) {
    text(label, MARGIN, 10, bold);
    text(value, MARGIN + 90, 10);
    y -= ROW;
  }
  if (claim.note) {
    text("Note", MARGIN, 10, bold);
    text(claim.note.slice(0, 90), MARGIN + 90, 10);
    y -= ROW;
  }
  y -= 12;
  const header = () => {
    for (const [index, label] of ["Reason", "SKU", "Item", "Qty", "Unit cost", "Total", "Source"].entries()) {
      text(label, COLUMNS[index] as number, 9, bold);
    }
    y -= 6;
    page.drawLine({
      start: { x: MARGIN, y },
      end: { x: PAGE[0] - MARGIN, y },
      thickness: 0.5,
      color: rgb(0.6, 0.6, 0.6),
    });
    y -= ROW - 4;
  };
  header();
  for (const line of claim.lines) {
    if (y < MARGIN + ROW) {
      page = pdf.addPage(PAGE);
      y = PAGE[1] - MARGIN;
      header();
    }
    const cells = [
      line.reason.replaceAll("_", " "),
      line.sku ?? "",
      line.title +
        (line.photoCount > 0 ? ` (${line.photoCount} photo${line.photoCount > 1 ? "s" : ""})` : ""),
      String(line.quantity),
      line.unitCost,
      line.total,
      line.reference,
    ];
    cells.forEach((cell, index) => {
      const x = COLUMNS[index] as number;
      const width = (COLUMNS[index + 1] ?? PAGE[0] - MARGIN) - x - 4;
      page.drawText(clip(font, cell, 9, width), { x, y, size: 9, font });
    });
    y -= ROW;
  }
  y -= 8;
  text(`Total: ${claim.total} ${claim.currency}`, COLUMNS[4] as number, 10, bold);
  return pdf.save();
}
