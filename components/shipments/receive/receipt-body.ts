import { ApiError, type FieldIssue } from "@/lib/client/api-client";
import { placeIssuesOnItems } from "@/lib/client/field-issues";
import type { CreateReceiptRequest } from "@/lib/schemas/inbound-receipts";
import type { InboundShipmentDetail } from "@/lib/schemas/inbound-shipments";
import {
  itemCounts,
  type LineCounts,
  type LineProgress,
  lineProgress,
  shipmentProgress,
} from "../line-progress";
import {
  lineUnits,
  type PendingLine,
  type PendingReceipt,
  type ReceiptUnits,
  SERIAL_MAX_LENGTH,
} from "./pending-receipt";

/**
 * From the pending receipt to the request Create receipt takes, and from its errors back to the lines on
 * screen. The request names lines by `item_id` (the scan was already matched on the page) in the shipment's
 * order, so the same pending receipt always makes the same body: a retry with its Idempotency-Key replays.
 */

export type ShipmentLine = InboundShipmentDetail["items"][number];

export type LineField =
  | "received"
  | "damaged"
  | "damaged_reason"
  | "missing"
  | "missing_reason"
  | "note"
  | "photos"
  | "lot_number"
  | "expiration_date"
  | "serials"
  | "line";

/** What the body needs of a shipment line: its id and whether its product tracks lots (docs/bins.md). */
type BodyLine = Pick<ShipmentLine, "id"> & { product?: { tracks_lots?: boolean } };

const tracksLots = (item: BodyLine) => item.product?.tracks_lots === true;

export type ReceiptProblems = {
  /** By shipment line id, then field. */
  lines: Record<string, Partial<Record<LineField, string>>>;
  /** The receipt's own fields, and what belongs to no line (`lines`: nothing to send). */
  receipt: Partial<Record<"bin" | "note" | "lines" | "other", string>>;
};

const NOTE_MAX = 2000;
const BIN_MAX = 100;
const LOT_MAX = 100;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

const hasUnits = (line: PendingLine) => line.counted !== 0 || line.missing !== 0;

/** The body of Create receipt, and which shipment line each of its lines is (for the errors' `lines.N`). */
export function buildReceiptBody(
  pending: PendingReceipt,
  items: readonly BodyLine[],
): { receipt: CreateReceiptRequest; itemIds: string[] } {
  const lines: CreateReceiptRequest["lines"] = [];
  const itemIds: string[] = [];
  for (const item of items) {
    const line = pending.lines[item.id];
    if (!line || !hasUnits(line)) continue;
    const note = line.note.trim();
    // Only a lot-tracked product's line takes a lot (the API refuses one on any other line).
    const lot = tracksLots(item) ? line.lot_number.trim() : "";
    const expiry = tracksLots(item) ? line.expiration_date : "";
    lines.push({
      item_id: item.id,
      ...lineUnits(line),
      // A reason left from units since set back to 0 explains nothing, so it is not sent.
      ...(line.damaged > 0 && line.damaged_reason ? { damaged_reason: line.damaged_reason } : {}),
      ...(line.missing > 0 && line.missing_reason ? { missing_reason: line.missing_reason } : {}),
      ...(note ? { note } : {}),
      ...(lot ? { lot_number: lot } : {}),
      ...(expiry ? { expiration_date: expiry } : {}),
      ...(line.photos.length > 0 ? { photos: line.photos } : {}),
      ...(line.serials.length > 0 ? { serials: line.serials } : {}),
    });
    itemIds.push(item.id);
  }
  const bin = pending.bin.trim();
  const note = pending.note.trim();
  return { receipt: { lines, ...(bin ? { bin } : {}), ...(note ? { note } : {}) }, itemIds };
}

/** What the API would refuse, found before sending, with its messages and on the same fields. */
export function checkPending(pending: PendingReceipt, items: readonly BodyLine[]): ReceiptProblems {
  const problems: ReceiptProblems = { lines: {}, receipt: {} };
  let counted = 0;
  for (const item of items) {
    const line = pending.lines[item.id];
    if (!line) continue;
    const found: Partial<Record<LineField, string>> = {};
    if (hasUnits(line)) counted += 1;
    else if (line.note.trim() || line.photos.length > 0) {
      found.received = "Count the units this note or photo is about, or remove it.";
    }
    if (line.damaged > 0 && !line.damaged_reason) found.damaged_reason = "Say why the units are damaged.";
    if (line.missing > 0 && !line.missing_reason) found.missing_reason = "Say why the units are missing.";
    const other =
      (line.damaged > 0 && line.damaged_reason === "other") ||
      (line.missing > 0 && line.missing_reason === "other");
    if (other && !line.note.trim()) found.note = "Describe the reason “other” in a note.";
    if (line.note.trim().length > NOTE_MAX) found.note = `Keep the note under ${NOTE_MAX} characters.`;
    if (tracksLots(item)) {
      const lot = line.lot_number.trim();
      if (lineUnits(line).received > 0 && !lot) found.lot_number = "Scan or type the lot number.";
      else if (lot.length > LOT_MAX) found.lot_number = `Keep the lot number under ${LOT_MAX} characters.`;
      if (line.expiration_date && !ISO_DATE.test(line.expiration_date)) {
        found.expiration_date = "A date such as 2027-03-31.";
      }
    }
    const intoStock = lineUnits(line).received;
    if (line.serials.length > intoStock) {
      found.serials = `${line.serials.length} serials for ${intoStock} ${intoStock === 1 ? "unit" : "units"} into stock: at most one serial per unit. Count the units or remove a serial.`;
    } else if (line.serials.some((serial) => serial.length > SERIAL_MAX_LENGTH)) {
      found.serials = `Keep each serial under ${SERIAL_MAX_LENGTH} characters.`;
    }
    if (Object.keys(found).length > 0) problems.lines[item.id] = found;
  }
  if (counted === 0)
    problems.receipt.lines = "Scan or count at least one unit before completing the receipt.";
  if (pending.bin.trim().length > BIN_MAX) problems.receipt.bin = `Keep the bin under ${BIN_MAX} characters.`;
  if (pending.note.trim().length > NOTE_MAX)
    problems.receipt.note = `Keep the note under ${NOTE_MAX} characters.`;
  return problems;
}

export function hasProblems(problems: ReceiptProblems): boolean {
  return Object.keys(problems.lines).length > 0 || Object.keys(problems.receipt).length > 0;
}

const LINE_FIELDS = new Set<string>([
  "received",
  "damaged",
  "damaged_reason",
  "missing",
  "missing_reason",
  "note",
  "lot_number",
  "expiration_date",
  "serials",
]);

/**
 * The API's `errors[]` placed on screen: `receipt.lines.3.damaged_reason` is the fourth line sent, which
 * `itemIds` names; `receipt.lines.3.photos.1` is that line's photos; `receipt.lines.3` (the same line twice,
 * a negative quantity) and an unmatched `item_id` are about the line as a whole.
 */
export function placeServerIssues(
  issues: readonly FieldIssue[],
  itemIds: readonly string[],
): ReceiptProblems {
  const { byItem, others } = placeIssuesOnItems(issues, {
    items: /^(?:receipt\.?)?lines\.(\d+)(?:\.([a-z_]+))?/,
    sentIds: itemIds,
    fieldOf: (named = "line"): LineField =>
      LINE_FIELDS.has(named) ? (named as LineField) : named === "photos" ? "photos" : "line",
  });
  const problems: ReceiptProblems = { lines: Object.fromEntries(byItem), receipt: {} };
  for (const issue of others) {
    const path = issue.path.replace(/^receipt\.?/, "");
    if (path === "bin" || path === "note") {
      problems.receipt[path] = issue.message;
    } else {
      problems.receipt.other = problems.receipt.other
        ? `${problems.receipt.other} ${issue.message}`
        : issue.message;
    }
  }
  return problems;
}

export type SummaryRow = {
  item: ShipmentLine;
  adding: ReceiptUnits;
  /** The line once this receipt is recorded. */
  after: LineProgress;
  /** Units this receipt records beyond the expected quantity (the line's overage it adds). */
  addsOver: number;
};

/** A line's counters with a receipt's units added. */
export function addUnits(counts: LineCounts, adding: ReceiptUnits): LineCounts {
  return {
    expected: counts.expected,
    received: counts.received + adding.received,
    damaged: counts.damaged + adding.damaged,
    missing: counts.missing + adding.missing,
  };
}

/** What "Complete receipt" will record, line by line, and how the shipment will stand after it. */
export function summarizeReceipt(pending: PendingReceipt, items: readonly ShipmentLine[]) {
  const rows: SummaryRow[] = [];
  const afterAll = items.map((item) => {
    const counts = itemCounts(item);
    const line = pending.lines[item.id];
    if (!line || !hasUnits(line)) return counts;
    const adding = lineUnits(line);
    const after = addUnits(counts, adding);
    const progress = lineProgress(after);
    rows.push({ item, adding, after: progress, addsOver: progress.overage - lineProgress(counts).overage });
    return after;
  });
  const totals = rows.reduce(
    (sum, row) => ({
      received: sum.received + row.adding.received,
      damaged: sum.damaged + row.adding.damaged,
      missing: sum.missing + row.adding.missing,
    }),
    { received: 0, damaged: 0, missing: 0 },
  );
  const overExpected = rows.reduce((sum, row) => sum + Math.max(0, row.addsOver), 0);
  return { rows, totals, overExpected, shipmentAfter: shipmentProgress(afterAll) };
}

/**
 * What to do with the receipt's Idempotency-Key after a failed send (docs/api.md, Idempotency):
 * - `keep` when the outcome is unknown or nothing ran (no answer, 5xx, 429, a first attempt still running,
 *   401/403 which come before the key is looked at): the retry sends the same body under the same key, so a
 *   receipt the server did record is answered again instead of received twice;
 * - `renew` after a definitive refusal (400, 404, 409, 413…): nothing was written, the answer is stored under
 *   the key, and the corrected receipt would be refused as another request with a used key;
 * - `reused`: the key already answered a different body, so an earlier attempt reached the server; staff must
 *   look at the receipts before sending again.
 */
export function keyAfterFailure(error: unknown): "keep" | "renew" | "reused" {
  if (!(error instanceof ApiError)) return "keep";
  if (error.code === "request/idempotency-key-reused") return "reused";
  if (error.code === "request/idempotency-key-in-flight") return "keep";
  if (error.status === 0 || error.status >= 500 || [401, 403, 408, 429].includes(error.status)) return "keep";
  return "renew";
}
