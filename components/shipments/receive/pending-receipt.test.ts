import { describe, expect, it } from "vitest";
import { RECEIPT_PHOTOS_MAX } from "@/lib/schemas/inbound-receipts";
import {
  emptyPending,
  hasPendingWork,
  MAX_LINE_UNITS,
  newIdempotencyKey,
  type PendingAction,
  PHOTOS_PER_LINE,
  pendingReducer,
  pendingTotals,
} from "./pending-receipt";

const run = (...actions: PendingAction[]) => actions.reduce(pendingReducer, emptyPending("key-1"));

describe("pendingReducer", () => {
  it("adds scanned units to a line's received and counts repeated scans", () => {
    const state = run(
      { type: "add", itemId: "isp_a", field: "counted", delta: 1 },
      { type: "add", itemId: "isp_a", field: "counted", delta: 12 },
      { type: "add", itemId: "isp_b", field: "counted", delta: 1 },
    );
    expect(state.lines.isp_a?.counted).toBe(13);
    expect(state.lines.isp_b?.counted).toBe(1);
    expect(pendingTotals(state)).toEqual({ received: 14, damaged: 0, missing: 0 });
  });

  it("never goes below zero or above the API's bound, and drops a line once nothing is on it", () => {
    const down = run(
      { type: "add", itemId: "isp_a", field: "counted", delta: 1 },
      { type: "add", itemId: "isp_a", field: "counted", delta: -5 },
    );
    expect(down.lines).toEqual({});
    const up = run({ type: "set", itemId: "isp_a", field: "damaged", value: MAX_LINE_UNITS * 2 });
    expect(up.lines.isp_a?.damaged).toBe(MAX_LINE_UNITS);
    const typed = run({ type: "set", itemId: "isp_a", field: "missing", value: Number.NaN });
    expect(typed.lines).toEqual({});
  });

  it("keeps damaged and missing units with their reasons, a note and photos", () => {
    const state = run(
      { type: "set", itemId: "isp_a", field: "damaged", value: 2 },
      { type: "reason", itemId: "isp_a", field: "damaged", reason: "damaged_in_transit" },
      { type: "set", itemId: "isp_a", field: "missing", value: 1 },
      { type: "reason", itemId: "isp_a", field: "missing", reason: "other" },
      { type: "lineNote", itemId: "isp_a", note: "Box crushed" },
      { type: "addPhoto", itemId: "isp_a", photo: "data:image/png;base64,AAAA" },
    );
    expect(state.lines.isp_a).toEqual({
      counted: 2,
      damaged: 2,
      damaged_reason: "damaged_in_transit",
      missing: 1,
      missing_reason: "other",
      note: "Box crushed",
      photos: ["data:image/png;base64,AAAA"],
      lot_number: "",
      expiration_date: "",
      serials: [],
    });
  });

  it("keeps damaged units among the counted ones: only the rest go into stock", () => {
    const scanned = run(
      { type: "add", itemId: "isp_a", field: "counted", delta: 10 },
      { type: "set", itemId: "isp_a", field: "damaged", value: 2 },
    );
    expect(scanned.lines.isp_a).toMatchObject({ counted: 10, damaged: 2 });
    expect(pendingTotals(scanned)).toEqual({ received: 8, damaged: 2, missing: 0 });
    // Fewer counted than damaged lowers the damaged; more damaged than counted raises the count.
    const lowered = pendingReducer(scanned, { type: "set", itemId: "isp_a", field: "counted", value: 1 });
    expect(lowered.lines.isp_a).toMatchObject({ counted: 1, damaged: 1 });
    const raised = pendingReducer(lowered, { type: "add", itemId: "isp_a", field: "damaged", delta: 2 });
    expect(raised.lines.isp_a).toMatchObject({ counted: 3, damaged: 3 });
    expect(pendingTotals(raised)).toEqual({ received: 0, damaged: 3, missing: 0 });
  });

  it("takes at most the API's photos per line and removes one by position", () => {
    expect(PHOTOS_PER_LINE).toBe(RECEIPT_PHOTOS_MAX);
    const photo = (n: number): PendingAction => ({
      type: "addPhoto",
      itemId: "isp_a",
      photo: `data:image/png;base64,${n}`,
    });
    const full = run(photo(1), photo(2), photo(3), photo(4));
    expect(full.lines.isp_a?.photos).toHaveLength(PHOTOS_PER_LINE);
    const removed = pendingReducer(full, { type: "removePhoto", itemId: "isp_a", index: 1 });
    expect(removed.lines.isp_a?.photos).toEqual(["data:image/png;base64,1", "data:image/png;base64,3"]);
  });

  it("keeps unknown codes, counting a repeated one and listing the latest first", () => {
    const state = run(
      { type: "unknown", code: "X1", quantity: 1, at: "2026-01-01T10:00:00Z" },
      { type: "unknown", code: "X2", quantity: 6, at: "2026-01-01T10:00:01Z" },
      { type: "unknown", code: "X1", quantity: 1, at: "2026-01-01T10:00:02Z" },
    );
    expect(state.unknown).toEqual([
      { code: "X1", quantity: 2, at: "2026-01-01T10:00:02Z" },
      { code: "X2", quantity: 6, at: "2026-01-01T10:00:01Z" },
    ]);
    expect(pendingReducer(state, { type: "dismissUnknown", code: "X1" }).unknown).toHaveLength(1);
  });

  it("keeps its key until renewed, and a discard starts a new receipt with a new key", () => {
    const state = run(
      { type: "add", itemId: "isp_a", field: "counted", delta: 1 },
      { type: "receiptField", field: "bin", value: "A-12" },
    );
    expect(state.idempotencyKey).toBe("key-1");
    expect(pendingReducer(state, { type: "renewKey", key: "key-2" })).toMatchObject({
      idempotencyKey: "key-2",
      bin: "A-12",
    });
    expect(pendingReducer(state, { type: "discard", key: "key-3" })).toEqual(emptyPending("key-3"));
  });
});

describe("hasPendingWork", () => {
  it("is false for a new receipt and true once anything is counted or written", () => {
    expect(hasPendingWork(emptyPending("k"))).toBe(false);
    expect(hasPendingWork(run({ type: "unknown", code: "X", quantity: 1, at: "" }))).toBe(true);
    expect(hasPendingWork(run({ type: "receiptField", field: "note", value: "Pallet 2" }))).toBe(true);
  });
});

describe("newIdempotencyKey", () => {
  it("uses randomUUID where the page has it", () => {
    const key = newIdempotencyKey({
      randomUUID: () => "0-1-2-3-4" as `${string}-${string}-${string}-${string}-${string}`,
      getRandomValues: <T extends ArrayBufferView | null>(array: T) => array,
    });
    expect(key).toBe("receipt-0-1-2-3-4");
  });

  it("falls back to getRandomValues on a plain-http page, with 128 random bits", () => {
    const key = newIdempotencyKey({
      getRandomValues: <T extends ArrayBufferView | null>(array: T) => {
        if (array instanceof Uint8Array) array.fill(171);
        return array;
      },
    } as Pick<Crypto, "getRandomValues">);
    expect(key).toBe(`receipt-${"ab".repeat(16)}`);
    expect(newIdempotencyKey()).not.toBe(newIdempotencyKey());
  });
});
