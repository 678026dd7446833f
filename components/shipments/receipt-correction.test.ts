import { describe, expect, it } from "vitest";
import { createReceiptRequestSchema, type Receipt } from "@/lib/schemas/inbound-receipts";
import { buildCorrection, draftFromReceipt } from "./receipt-correction";

const receipt: Receipt = {
  id: "rcp_1",
  inbound_shipment_id: "inb_1",
  location: { id: "loc_1", name: "Dock" },
  bin: null,
  bin_id: null,
  note: null,
  corrects_receipt_id: null,
  received_by: { kind: "staff", name: "Ada" },
  created_at: "2026-11-27T10:00:00.000Z",
  lines: [
    {
      id: "rcl_a",
      item_id: "isp_a",
      sku: "A",
      title: "Tee",
      inventory_item_id: null,
      received: 10,
      damaged: 0,
      damaged_reason: null,
      missing: 0,
      missing_reason: null,
      note: null,
      lot_number: null,
      expiration_date: null,
      photos: [],
    },
    {
      id: "rcl_b",
      item_id: "isp_b",
      sku: "B",
      title: "Cap",
      inventory_item_id: null,
      received: 4,
      damaged: 0,
      damaged_reason: null,
      missing: 0,
      missing_reason: null,
      note: null,
      lot_number: null,
      expiration_date: null,
      photos: [],
    },
  ],
};

describe("buildCorrection", () => {
  it("sends what each changed line should have been as differences, negative where units come off", () => {
    const draft = draftFromReceipt(receipt);
    draft.note = "Two tees were damaged, not good";
    draft.lines.rcl_a = {
      ...(draft.lines.rcl_a as NonNullable<typeof draft.lines.rcl_a>),
      received: "8",
      damaged: "2",
    };
    const built = buildCorrection(receipt, draft);
    expect(built).toEqual({
      problems: { lines: { rcl_a: { damaged_reason: "Say why the units are damaged." } } },
    });
    (draft.lines.rcl_a as NonNullable<typeof draft.lines.rcl_a>).damaged_reason = "defective";
    const body = buildCorrection(receipt, draft);
    expect(body).toEqual({
      body: {
        corrects_receipt_id: "rcp_1",
        note: "Two tees were damaged, not good",
        lines: [{ item_id: "isp_a", received: -2, damaged: 2, missing: 0, damaged_reason: "defective" }],
      },
    });
    if ("body" in body)
      expect(createReceiptRequestSchema.safeParse({ receipt: body.body }).success).toBe(true);
  });

  it("asks for a change, a note and whole numbers before sending anything", () => {
    const draft = draftFromReceipt(receipt);
    expect(buildCorrection(receipt, draft)).toEqual({
      problems: {
        lines: {},
        note: "Say what was wrong with the receipt.",
        unchanged: "Change at least one count: the lines are as the receipt recorded them.",
      },
    });
    (draft.lines.rcl_b as NonNullable<typeof draft.lines.rcl_b>).received = "-1";
    draft.note = "x";
    expect(buildCorrection(receipt, draft)).toEqual({
      problems: { lines: { rcl_b: { received: "A whole number of units, 0 or more." } } },
    });
  });
});
