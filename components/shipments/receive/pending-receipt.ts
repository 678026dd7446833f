import type { ReceiptDiscrepancyReason } from "@/lib/enums";

/**
 * The receipt being built at the dock, before "Complete receipt": per shipment line the units counted so far,
 * the units not yet identified, and the Idempotency-Key the receipt will be sent with. A plain reducer, so the
 * counting is tested without React and the state is what localStorage keeps (pending-storage.ts).
 */

/**
 * `counted` is every unit that arrived and was scanned or counted on the line; `damaged` units are some of
 * them (a damaged unit arrived too), so the units that go into stock are `counted − damaged`. `missing` units
 * did not arrive. Received (into stock) + damaged + missing is what the receipt deals with.
 */
export type UnitField = "counted" | "damaged" | "missing";
export type DiscrepancyField = "damaged" | "missing";

export type PendingLine = {
  /** Units that arrived, damaged ones included; never fewer than `damaged`. */
  counted: number;
  damaged: number;
  damaged_reason: ReceiptDiscrepancyReason | null;
  missing: number;
  missing_reason: ReceiptDiscrepancyReason | null;
  note: string;
  /** data: URLs, at most PHOTOS_PER_LINE. */
  photos: string[];
  /** The received units' lot and its expiry (YYYY-MM-DD), asked only on lines of lot-tracked products. */
  lot_number: string;
  expiration_date: string;
  /**
   * Serial numbers (or plates) of units into stock, scanned or typed on the line: optional, at most one per
   * received unit; the receipt indexes them for the chain of custody (docs/inspection.md).
   */
  serials: string[];
};

export type LotField = "lot_number" | "expiration_date";

/** A scanned code no line of the shipment has, kept so the unit is not lost (a wrong label, another PO). */
export type UnknownScan = { code: string; quantity: number; at: string };

export type PendingReceipt = {
  /** Made once per pending receipt and kept with it: a retry after a lost answer replays, never receives twice. */
  idempotencyKey: string;
  lines: Record<string, PendingLine>;
  unknown: UnknownScan[];
  bin: string;
  note: string;
};

export type PendingAction =
  | { type: "add"; itemId: string; field: UnitField; delta: number }
  | { type: "set"; itemId: string; field: UnitField; value: number }
  | { type: "reason"; itemId: string; field: DiscrepancyField; reason: ReceiptDiscrepancyReason | null }
  | { type: "lineNote"; itemId: string; note: string }
  | { type: "lot"; itemId: string; field: LotField; value: string }
  | { type: "addPhoto"; itemId: string; photo: string }
  | { type: "removePhoto"; itemId: string; index: number }
  | { type: "addSerial"; itemId: string; serial: string }
  | { type: "removeSerial"; itemId: string; serial: string }
  | { type: "unknown"; code: string; quantity: number; at: string }
  | { type: "dismissUnknown"; code: string }
  | { type: "receiptField"; field: "bin" | "note"; value: string }
  | { type: "renewKey"; key: string }
  | { type: "restore"; pending: PendingReceipt }
  | { type: "discard"; key: string };

/** What one line may count: the API's bound, so a stuck key cannot build a receipt it refuses. */
export const MAX_LINE_UNITS = 1_000_000;
/**
 * The API's RECEIPT_PHOTOS_MAX (a test checks they agree), written here so the page does not load the zod
 * schemas into the browser for one number.
 */
export const PHOTOS_PER_LINE = 3;

export const EMPTY_LINE: PendingLine = {
  counted: 0,
  damaged: 0,
  damaged_reason: null,
  missing: 0,
  missing_reason: null,
  note: "",
  photos: [],
  lot_number: "",
  expiration_date: "",
  serials: [],
};

/** The API's bound on one serial's length and on a line's serials. */
export const SERIAL_MAX_LENGTH = 100;
export const SERIALS_PER_LINE = 1000;

export function emptyPending(idempotencyKey: string): PendingReceipt {
  return { idempotencyKey, lines: {}, unknown: [], bin: "", note: "" };
}

const clampUnits = (value: number) =>
  Number.isFinite(value) ? Math.min(MAX_LINE_UNITS, Math.max(0, Math.trunc(value))) : 0;

function isBlank(line: PendingLine): boolean {
  return (
    line.counted === 0 &&
    line.damaged === 0 &&
    line.missing === 0 &&
    line.note === "" &&
    line.photos.length === 0 &&
    line.lot_number === "" &&
    line.expiration_date === "" &&
    line.serials.length === 0 &&
    line.damaged_reason === null &&
    line.missing_reason === null
  );
}

/** Replaces one line, dropping it once nothing is left on it (the stored entry stays small). */
function updateLine(
  state: PendingReceipt,
  itemId: string,
  change: (line: PendingLine) => PendingLine,
): PendingReceipt {
  const next = change(state.lines[itemId] ?? EMPTY_LINE);
  const lines = { ...state.lines };
  if (isBlank(next)) delete lines[itemId];
  else lines[itemId] = next;
  return { ...state, lines };
}

/**
 * A line with one count changed, keeping damaged units among the counted ones: more damaged than counted
 * raises the count (the damaged unit is in hand), fewer counted than damaged lowers the damaged.
 */
function withUnits(line: PendingLine, field: UnitField, value: number): PendingLine {
  const units = clampUnits(value);
  if (field === "damaged") return { ...line, damaged: units, counted: Math.max(line.counted, units) };
  if (field === "counted") return { ...line, counted: units, damaged: Math.min(line.damaged, units) };
  return { ...line, missing: units };
}

export function pendingReducer(state: PendingReceipt, action: PendingAction): PendingReceipt {
  switch (action.type) {
    case "add":
      return updateLine(state, action.itemId, (line) =>
        withUnits(line, action.field, line[action.field] + action.delta),
      );
    case "set":
      return updateLine(state, action.itemId, (line) => withUnits(line, action.field, action.value));
    case "reason":
      return updateLine(state, action.itemId, (line) => ({
        ...line,
        [`${action.field}_reason`]: action.reason,
      }));
    case "lineNote":
      return updateLine(state, action.itemId, (line) => ({ ...line, note: action.note }));
    case "lot":
      return updateLine(state, action.itemId, (line) => ({ ...line, [action.field]: action.value }));
    case "addPhoto":
      return updateLine(state, action.itemId, (line) =>
        line.photos.length >= PHOTOS_PER_LINE ? line : { ...line, photos: [...line.photos, action.photo] },
      );
    case "removePhoto":
      return updateLine(state, action.itemId, (line) => ({
        ...line,
        photos: line.photos.filter((_, index) => index !== action.index),
      }));
    case "addSerial": {
      // A serial is one unit's: the same one twice on a line (a double scan) is kept once.
      const serial = action.serial.trim();
      return updateLine(state, action.itemId, (line) =>
        serial === "" || line.serials.includes(serial) || line.serials.length >= SERIALS_PER_LINE
          ? line
          : { ...line, serials: [...line.serials, serial] },
      );
    }
    case "removeSerial":
      return updateLine(state, action.itemId, (line) => ({
        ...line,
        serials: line.serials.filter((serial) => serial !== action.serial),
      }));
    case "unknown": {
      // The same code scanned again counts up on its entry, which moves to the top (the latest scan first).
      const previous = state.unknown.find((entry) => entry.code === action.code);
      const others = state.unknown.filter((entry) => entry.code !== action.code);
      const quantity = clampUnits((previous?.quantity ?? 0) + action.quantity);
      return { ...state, unknown: [{ code: action.code, quantity, at: action.at }, ...others] };
    }
    case "dismissUnknown":
      return { ...state, unknown: state.unknown.filter((entry) => entry.code !== action.code) };
    case "receiptField":
      return { ...state, [action.field]: action.value };
    case "renewKey":
      return { ...state, idempotencyKey: action.key };
    case "restore":
      return action.pending;
    case "discard":
      return emptyPending(action.key);
  }
}

/** Whether anything was counted or written down: an empty receipt is not kept or sent. */
export function hasPendingWork(state: PendingReceipt): boolean {
  return (
    Object.keys(state.lines).length > 0 ||
    state.unknown.length > 0 ||
    state.bin.trim() !== "" ||
    state.note.trim() !== ""
  );
}

export type ReceiptUnits = { received: number; damaged: number; missing: number };

/** What a line sends: its good units (counted but not damaged) into stock, and the damaged and missing ones. */
export function lineUnits(line: PendingLine): ReceiptUnits {
  return { received: line.counted - line.damaged, damaged: line.damaged, missing: line.missing };
}

/** The pending receipt's units, by what the receipt records them as. */
export function pendingTotals(state: PendingReceipt): ReceiptUnits {
  const totals = { received: 0, damaged: 0, missing: 0 };
  for (const line of Object.values(state.lines)) {
    const units = lineUnits(line);
    totals.received += units.received;
    totals.damaged += units.damaged;
    totals.missing += units.missing;
  }
  return totals;
}

/**
 * A fresh Idempotency-Key. `crypto.randomUUID` exists only on secure pages (https or localhost); a dock tablet
 * may reach the app over plain http on the local network, where `getRandomValues` still works.
 */
export function newIdempotencyKey(
  source: Pick<Crypto, "getRandomValues"> & Partial<Pick<Crypto, "randomUUID">> = crypto,
): string {
  if (typeof source.randomUUID === "function") return `receipt-${source.randomUUID()}`;
  const bytes = source.getRandomValues(new Uint8Array(16));
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("");
  return `receipt-${hex}`;
}
