import { RECEIPT_DISCREPANCY_REASONS, type ReceiptDiscrepancyReason } from "@/lib/enums";
import {
  EMPTY_LINE,
  MAX_LINE_UNITS,
  type PendingLine,
  type PendingReceipt,
  PHOTOS_PER_LINE,
  type UnknownScan,
} from "./pending-receipt";

/**
 * Unsaved scans survive a reload, a crash or a flat tablet battery: the pending receipt of each shipment is
 * kept in localStorage under its own key until the receipt is recorded. What is read back is checked field by
 * field (an older version of the app or a hand edit must not break the page), and an unreadable entry is
 * treated as none.
 */

export type KeyValueStorage = Pick<Storage, "getItem" | "setItem" | "removeItem">;

/** `saved-without-photos`: the browser's quota (about 5 MB) had no room for the photos; the counts are kept. */
export type SaveOutcome = "saved" | "saved-without-photos" | "failed";

const VERSION = 1;

export function pendingStorageKey(storeId: string, inboundShipmentId: string): string {
  return `backroom:receiving:v${VERSION}:${storeId}:${inboundShipmentId}`;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);
const units = (value: unknown) =>
  typeof value === "number" && Number.isInteger(value) && value >= 0 && value <= MAX_LINE_UNITS ? value : 0;
const text = (value: unknown) => (typeof value === "string" ? value : "");
const reason = (value: unknown): ReceiptDiscrepancyReason | null =>
  (RECEIPT_DISCREPANCY_REASONS as readonly unknown[]).includes(value)
    ? (value as ReceiptDiscrepancyReason)
    : null;

function readLine(value: unknown): PendingLine | null {
  if (!isRecord(value)) return null;
  const photos = Array.isArray(value.photos)
    ? value.photos.filter(
        (photo): photo is string => typeof photo === "string" && photo.startsWith("data:image/"),
      )
    : [];
  const damaged = units(value.damaged);
  // Entries written before `counted` kept the good units as `received`, the damaged ones on top of them.
  const counted =
    "counted" in value ? units(value.counted) : Math.min(MAX_LINE_UNITS, units(value.received) + damaged);
  return {
    ...EMPTY_LINE,
    counted: Math.max(counted, damaged),
    damaged,
    damaged_reason: reason(value.damaged_reason),
    missing: units(value.missing),
    missing_reason: reason(value.missing_reason),
    note: text(value.note),
    photos: photos.slice(0, PHOTOS_PER_LINE),
    lot_number: text(value.lot_number),
    expiration_date: text(value.expiration_date),
    // Entries written before serials were captured have none.
    serials: Array.isArray(value.serials)
      ? [
          ...new Set(
            value.serials.filter((serial): serial is string => typeof serial === "string" && serial !== ""),
          ),
        ]
      : [],
  };
}

function readUnknown(value: unknown): UnknownScan | null {
  if (!isRecord(value) || typeof value.code !== "string" || value.code === "") return null;
  return { code: value.code, quantity: Math.max(1, units(value.quantity)), at: text(value.at) };
}

/** A stored entry as a pending receipt, or null when there is none or it cannot be read. */
export function parsePending(json: string | null): PendingReceipt | null {
  if (!json) return null;
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    return null;
  }
  if (!isRecord(value) || value.version !== VERSION || typeof value.idempotencyKey !== "string") return null;
  if (value.idempotencyKey === "") return null;
  const lines: Record<string, PendingLine> = {};
  if (isRecord(value.lines)) {
    for (const [itemId, raw] of Object.entries(value.lines)) {
      const line = readLine(raw);
      if (line) lines[itemId] = line;
    }
  }
  const unknown = Array.isArray(value.unknown)
    ? value.unknown.map(readUnknown).filter((entry): entry is UnknownScan => entry !== null)
    : [];
  return {
    idempotencyKey: value.idempotencyKey,
    lines,
    unknown,
    bin: text(value.bin),
    note: text(value.note),
  };
}

/**
 * The shipment's pending receipt, without lines the shipment no longer has (a line id from an old entry
 * would make the receipt unsendable), or null.
 */
export function loadPending(
  storage: KeyValueStorage,
  storeId: string,
  inboundShipmentId: string,
  lineIds: readonly string[],
): PendingReceipt | null {
  let pending: PendingReceipt | null;
  try {
    pending = parsePending(storage.getItem(pendingStorageKey(storeId, inboundShipmentId)));
  } catch {
    // Storage refused (a locked-down browser): behave as if nothing was kept.
    return null;
  }
  if (!pending) return null;
  const known = new Set(lineIds);
  const lines = Object.fromEntries(Object.entries(pending.lines).filter(([itemId]) => known.has(itemId)));
  return { ...pending, lines };
}

const serialize = (pending: PendingReceipt) => JSON.stringify({ version: VERSION, ...pending });

/** Keeps the pending receipt; a full quota drops its photos before giving up on the counts. */
export function savePending(
  storage: KeyValueStorage,
  storeId: string,
  inboundShipmentId: string,
  pending: PendingReceipt,
): SaveOutcome {
  const key = pendingStorageKey(storeId, inboundShipmentId);
  try {
    storage.setItem(key, serialize(pending));
    return "saved";
  } catch {
    // Most likely QuotaExceededError: photos are the large part, the counts are what must not be lost.
  }
  const withoutPhotos: PendingReceipt = {
    ...pending,
    lines: Object.fromEntries(
      Object.entries(pending.lines).map(([id, line]) => [id, { ...line, photos: [] }]),
    ),
  };
  try {
    storage.setItem(key, serialize(withoutPhotos));
    return "saved-without-photos";
  } catch {
    return "failed";
  }
}

export function clearPending(storage: KeyValueStorage, storeId: string, inboundShipmentId: string): void {
  try {
    storage.removeItem(pendingStorageKey(storeId, inboundShipmentId));
  } catch {
    // Nothing to do: an entry that cannot be removed could not have been written either.
  }
}
