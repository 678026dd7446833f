import { describe, expect, it } from "vitest";
import { emptyPending, type PendingAction, pendingReducer } from "./pending-receipt";
import {
  clearPending,
  type KeyValueStorage,
  loadPending,
  parsePending,
  pendingStorageKey,
  savePending,
} from "./pending-storage";

/** A Storage with a quota in characters, like the browser's (about 5 MB). */
function memoryStorage(quota = Number.POSITIVE_INFINITY): KeyValueStorage & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return {
    data,
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => {
      if (value.length > quota) throw new DOMException("The quota has been exceeded.", "QuotaExceededError");
      data.set(key, value);
    },
    removeItem: (key) => void data.delete(key),
  };
}

const pending = [
  { type: "add", itemId: "isp_a", field: "counted", delta: 3 },
  { type: "set", itemId: "isp_b", field: "damaged", value: 2 },
  { type: "reason", itemId: "isp_b", field: "damaged", reason: "defective" },
  { type: "addPhoto", itemId: "isp_b", photo: `data:image/jpeg;base64,${"A".repeat(2000)}` },
  { type: "unknown", code: "UNKNOWN-1", quantity: 2, at: "2026-03-01T10:00:00.000Z" },
  { type: "receiptField", field: "bin", value: "B-3" },
  { type: "lot", itemId: "isp_a", field: "lot_number", value: "L-7" },
  { type: "lot", itemId: "isp_a", field: "expiration_date", value: "2027-01-31" },
  { type: "addSerial", itemId: "isp_a", serial: "SN-0001" },
] satisfies PendingAction[];
const state = pending.reduce<ReturnType<typeof emptyPending>>(pendingReducer, emptyPending("receipt-key-1"));

describe("pending receipt storage", () => {
  it("restores exactly what was saved, per store and shipment, key included", () => {
    const storage = memoryStorage();
    expect(savePending(storage, "sto_1", "inb_1", state)).toBe("saved");
    expect(loadPending(storage, "sto_1", "inb_1", ["isp_a", "isp_b"])).toEqual(state);
    expect(loadPending(storage, "sto_1", "inb_2", ["isp_a", "isp_b"])).toBeNull();
    expect(loadPending(storage, "sto_2", "inb_1", ["isp_a", "isp_b"])).toBeNull();
  });

  it("forgets the entry once the receipt is recorded", () => {
    const storage = memoryStorage();
    savePending(storage, "sto_1", "inb_1", state);
    clearPending(storage, "sto_1", "inb_1");
    expect(storage.data.size).toBe(0);
    expect(loadPending(storage, "sto_1", "inb_1", ["isp_a"])).toBeNull();
  });

  it("drops lines the shipment no longer has", () => {
    const storage = memoryStorage();
    savePending(storage, "sto_1", "inb_1", state);
    expect(Object.keys(loadPending(storage, "sto_1", "inb_1", ["isp_a"])?.lines ?? {})).toEqual(["isp_a"]);
  });

  it("keeps the counts without the photos when the quota is full", () => {
    const storage = memoryStorage(1500);
    expect(savePending(storage, "sto_1", "inb_1", state)).toBe("saved-without-photos");
    const restored = loadPending(storage, "sto_1", "inb_1", ["isp_a", "isp_b"]);
    expect(restored?.lines.isp_b).toMatchObject({ damaged: 2, damaged_reason: "defective", photos: [] });
    expect(restored?.idempotencyKey).toBe("receipt-key-1");
    expect(savePending(memoryStorage(10), "sto_1", "inb_1", state)).toBe("failed");
  });

  it("treats storage that throws as empty", () => {
    const locked: KeyValueStorage = {
      getItem: () => {
        throw new DOMException("denied", "SecurityError");
      },
      setItem: () => {
        throw new DOMException("denied", "SecurityError");
      },
      removeItem: () => {
        throw new DOMException("denied", "SecurityError");
      },
    };
    expect(loadPending(locked, "sto_1", "inb_1", [])).toBeNull();
    expect(savePending(locked, "sto_1", "inb_1", state)).toBe("failed");
    expect(() => clearPending(locked, "sto_1", "inb_1")).not.toThrow();
  });
});

describe("parsePending", () => {
  it("reads nothing from an absent, broken, foreign or older entry", () => {
    expect(parsePending(null)).toBeNull();
    expect(parsePending("{not json")).toBeNull();
    expect(parsePending(JSON.stringify({ version: 0, idempotencyKey: "k", lines: {} }))).toBeNull();
    expect(parsePending(JSON.stringify({ version: 1, lines: {} }))).toBeNull();
    expect(parsePending("[]")).toBeNull();
  });

  it("reads an entry kept before damaged units were counted in, without losing a unit", () => {
    const parsed = parsePending(
      JSON.stringify({
        version: 1,
        idempotencyKey: "k",
        lines: { isp_a: { received: 8, damaged: 2, damaged_reason: "defective", missing: 1 } },
      }),
    );
    expect(parsed?.lines.isp_a).toMatchObject({ counted: 10, damaged: 2, missing: 1 });
  });

  it("repairs bad fields instead of failing the page", () => {
    const parsed = parsePending(
      JSON.stringify({
        version: 1,
        idempotencyKey: "k",
        lines: {
          isp_a: {
            received: -4,
            damaged: 2.5,
            damaged_reason: "lost",
            missing: "3",
            note: 7,
            photos: ["http://x", 1],
          },
          isp_b: "junk",
        },
        unknown: [{ code: "", quantity: 1 }, { code: "X", quantity: 0 }, null],
      }),
    );
    expect(parsed).toEqual({
      idempotencyKey: "k",
      lines: {
        isp_a: {
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
        },
      },
      unknown: [{ code: "X", quantity: 1, at: "" }],
      bin: "",
      note: "",
    });
  });

  it("names its key after the store and shipment", () => {
    expect(pendingStorageKey("sto_1", "inb_9")).toBe("backroom:receiving:v1:sto_1:inb_9");
  });
});
