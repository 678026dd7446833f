import { describe, expect, it } from "vitest";
import { ApiError } from "@/lib/client/api-client";
import { createReceiptRequestSchema } from "@/lib/schemas/inbound-receipts";
import { emptyPending, type PendingAction, pendingReducer } from "./pending-receipt";
import {
  buildReceiptBody,
  checkPending,
  hasProblems,
  keyAfterFailure,
  placeServerIssues,
  type ShipmentLine,
  summarizeReceipt,
} from "./receipt-body";

function line(id: string, quantity: number, received = 0, tracksLots = false): ShipmentLine {
  return {
    id,
    product: {
      id: `prd_${id}`,
      title: `Product ${id}`,
      sku: `SKU-${id}`,
      upc: null,
      image_url: null,
      tracks_lots: tracksLots,
    },
    quantity,
    received_quantity: received,
    damaged_quantity: 0,
    missing_quantity: 0,
    discrepancy: received - quantity,
    unit_cost: null,
  };
}
const items = [line("isp_a", 10), line("isp_b", 5, 5), line("isp_c", 4)];
const run = (...actions: PendingAction[]) => actions.reduce(pendingReducer, emptyPending("key-1"));

const counted = run(
  { type: "add", itemId: "isp_c", field: "counted", delta: 4 },
  { type: "add", itemId: "isp_a", field: "counted", delta: 7 },
  { type: "set", itemId: "isp_a", field: "damaged", value: 2 },
  { type: "reason", itemId: "isp_a", field: "damaged", reason: "damaged_in_transit" },
  { type: "addPhoto", itemId: "isp_a", photo: "data:image/png;base64,iVBORw0KGgo=" },
  { type: "reason", itemId: "isp_a", field: "missing", reason: "short_shipped" },
  { type: "receiptField", field: "bin", value: "  A-12 " },
);

describe("buildReceiptBody", () => {
  it("sends the counted lines by item id in the shipment's order, with what the API needs", () => {
    const { receipt, itemIds } = buildReceiptBody(counted, items);
    expect(itemIds).toEqual(["isp_a", "isp_c"]);
    expect(receipt).toEqual({
      lines: [
        {
          item_id: "isp_a",
          // 7 counted, 2 of them damaged: 5 into stock.
          received: 5,
          damaged: 2,
          damaged_reason: "damaged_in_transit",
          missing: 0,
          photos: ["data:image/png;base64,iVBORw0KGgo="],
        },
        { item_id: "isp_c", received: 4, damaged: 0, missing: 0 },
      ],
      bin: "A-12",
    });
    // The body is one the API's own schema accepts.
    expect(createReceiptRequestSchema.safeParse({ receipt }).success).toBe(true);
  });

  it("makes the same body from the same pending receipt, so a retry is the same request", () => {
    expect(JSON.stringify(buildReceiptBody(counted, items))).toBe(
      JSON.stringify(buildReceiptBody(counted, items)),
    );
  });

  it("leaves out lines whose units went back to zero", () => {
    const state = pendingReducer(counted, { type: "set", itemId: "isp_c", field: "counted", value: 0 });
    expect(buildReceiptBody(state, items).itemIds).toEqual(["isp_a"]);
  });
});

describe("checkPending", () => {
  it("accepts a complete receipt", () => {
    expect(hasProblems(checkPending(counted, items))).toBe(false);
  });

  it("asks for a unit before anything is sent", () => {
    expect(checkPending(emptyPending("k"), items).receipt.lines).toMatch(/at least one unit/);
  });

  it("names each missing reason and the note `other` needs, on its line and field", () => {
    const state = run(
      { type: "set", itemId: "isp_a", field: "damaged", value: 2 },
      { type: "set", itemId: "isp_c", field: "missing", value: 1 },
      { type: "reason", itemId: "isp_c", field: "missing", reason: "other" },
    );
    expect(checkPending(state, items).lines).toEqual({
      isp_a: { damaged_reason: "Say why the units are damaged." },
      isp_c: { note: "Describe the reason “other” in a note." },
    });
  });

  it("flags a photo on a line with no units rather than dropping it", () => {
    const state = run(
      { type: "add", itemId: "isp_a", field: "counted", delta: 1 },
      { type: "addPhoto", itemId: "isp_c", photo: "data:image/png;base64,AA" },
    );
    expect(checkPending(state, items).lines.isp_c?.received).toMatch(/Count the units/);
  });
});

describe("lots", () => {
  const lotItems = [line("isp_a", 10, 0, true), line("isp_c", 4)];

  it("asks a lot-tracked line's received units for their lot, and checks the expiry's form", () => {
    const state = run(
      { type: "add", itemId: "isp_a", field: "counted", delta: 3 },
      { type: "lot", itemId: "isp_a", field: "expiration_date", value: "31/03/2027" },
    );
    expect(checkPending(state, lotItems).lines.isp_a).toEqual({
      lot_number: "Scan or type the lot number.",
      expiration_date: "A date such as 2027-03-31.",
    });
    // All damaged: nothing goes into stock, so no lot is needed (the API's rule).
    const damaged = run(
      { type: "set", itemId: "isp_a", field: "damaged", value: 1 },
      { type: "reason", itemId: "isp_a", field: "damaged", reason: "damaged_in_transit" },
    );
    expect(hasProblems(checkPending(damaged, lotItems))).toBe(false);
  });

  it("sends the lot and expiry on lot-tracked lines only", () => {
    const state = run(
      { type: "add", itemId: "isp_a", field: "counted", delta: 3 },
      { type: "lot", itemId: "isp_a", field: "lot_number", value: " L-2027-03 " },
      { type: "lot", itemId: "isp_a", field: "expiration_date", value: "2027-03-31" },
      { type: "add", itemId: "isp_c", field: "counted", delta: 1 },
      // Typed on a line whose product does not track lots (it stopped since): not sent, which the API refuses.
      { type: "lot", itemId: "isp_c", field: "lot_number", value: "X" },
    );
    const { receipt } = buildReceiptBody(state, lotItems);
    expect(receipt.lines).toEqual([
      {
        item_id: "isp_a",
        received: 3,
        damaged: 0,
        missing: 0,
        lot_number: "L-2027-03",
        expiration_date: "2027-03-31",
      },
      { item_id: "isp_c", received: 1, damaged: 0, missing: 0 },
    ]);
    expect(createReceiptRequestSchema.safeParse({ receipt }).success).toBe(true);
  });

  it("places the API's lot errors on their line and field", () => {
    const problems = placeServerIssues(
      [{ path: "receipt.lines.0.lot_number", message: "Give the lot number." }],
      ["isp_a"],
    );
    expect(problems.lines).toEqual({ isp_a: { lot_number: "Give the lot number." } });
  });
});

describe("placeServerIssues", () => {
  it("puts each API error on the line it names through the sent order", () => {
    const problems = placeServerIssues(
      [
        { path: "receipt.lines.1.missing_reason", message: "Say why the units are missing." },
        { path: "receipt.lines.0.photos.2", message: "Not an image." },
        { path: "receipt.lines.0", message: "The same shipment line as line 1." },
        { path: "receipt.bin", message: "Too long." },
        { path: "receipt", message: "Something else." },
      ],
      ["isp_a", "isp_c"],
    );
    expect(problems.lines).toEqual({
      isp_c: { missing_reason: "Say why the units are missing." },
      isp_a: { photos: "Not an image.", line: "The same shipment line as line 1." },
    });
    expect(problems.receipt).toEqual({ bin: "Too long.", other: "Something else." });
  });
});

describe("summarizeReceipt", () => {
  it("totals this receipt and shows each line and the shipment as they will stand", () => {
    const over = pendingReducer(counted, { type: "add", itemId: "isp_b", field: "counted", delta: 2 });
    const { rows, totals, overExpected, shipmentAfter } = summarizeReceipt(over, items);
    expect(totals).toEqual({ received: 11, damaged: 2, missing: 0 });
    expect(overExpected).toBe(2);
    expect(
      rows.map((row) => [row.item.id, row.after.state, row.after.outstanding, row.after.overage]),
    ).toEqual([
      ["isp_a", "partial", 3, 0],
      ["isp_b", "over", 0, 2],
      ["isp_c", "complete", 0, 0],
    ]);
    expect(shipmentAfter).toMatchObject({ expected: 19, outstanding: 3, overage: 2, state: "partial" });
  });
});

describe("keyAfterFailure", () => {
  const problem = (status: number, type?: string) => new ApiError(status, { type }, null);

  it("keeps the key when the outcome is unknown, so the retry replays instead of receiving twice", () => {
    expect(keyAfterFailure(new TypeError("Failed to fetch"))).toBe("keep");
    expect(keyAfterFailure(problem(0))).toBe("keep");
    expect(keyAfterFailure(problem(503))).toBe("keep");
    expect(keyAfterFailure(problem(409, "com.service.api:request/idempotency-key-in-flight"))).toBe("keep");
  });

  it("renews it after a refusal that wrote nothing, and reports a key that answered another body", () => {
    expect(keyAfterFailure(problem(400, "com.service.api:inbound-receipt/invalid-request"))).toBe("renew");
    expect(keyAfterFailure(problem(409, "com.service.api:inbound-receipt/below-zero"))).toBe("renew");
    expect(keyAfterFailure(problem(422, "com.service.api:request/idempotency-key-reused"))).toBe("reused");
  });
});

describe("serials", () => {
  it("sends a line's serials once each, and refuses more serials than units into stock before sending", () => {
    const state = run(
      { type: "add", itemId: "isp_a", field: "counted", delta: 3 },
      { type: "set", itemId: "isp_a", field: "damaged", value: 1 },
      { type: "reason", itemId: "isp_a", field: "damaged", reason: "defective" },
      { type: "addSerial", itemId: "isp_a", serial: " SN-1 " },
      // A double scan of one unit's serial is kept once.
      { type: "addSerial", itemId: "isp_a", serial: "SN-1" },
      { type: "addSerial", itemId: "isp_a", serial: "SN-2" },
    );
    const { receipt } = buildReceiptBody(state, items);
    expect(receipt.lines[0]).toMatchObject({ item_id: "isp_a", received: 2, serials: ["SN-1", "SN-2"] });
    expect(createReceiptRequestSchema.safeParse({ receipt }).success).toBe(true);
    expect(hasProblems(checkPending(state, items))).toBe(false);

    // A third serial for two good units: the API would refuse it, so the line says so first.
    const tooMany = pendingReducer(state, { type: "addSerial", itemId: "isp_a", serial: "SN-3" });
    expect(checkPending(tooMany, items).lines.isp_a?.serials).toMatch(/3 serials for 2 units into stock/);
    const removed = pendingReducer(tooMany, { type: "removeSerial", itemId: "isp_a", serial: "SN-1" });
    expect(buildReceiptBody(removed, items).receipt.lines[0]?.serials).toEqual(["SN-2", "SN-3"]);
  });

  it("places the API's serial errors on their line", () => {
    const problems = placeServerIssues(
      [{ path: "receipt.lines.0.serials", message: "At most one serial per received unit." }],
      ["isp_c"],
    );
    expect(problems.lines.isp_c?.serials).toBe("At most one serial per received unit.");
  });
});
