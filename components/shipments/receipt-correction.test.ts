import { describe, expect, it } from "vitest";
import { createReceiptRequestSchema, type Receipt } from "@/lib/schemas/inbound-receipts";
import { buildCorrection, draftFromReceipt } from "./receipt-correction";
import { serialsTakenBack } from "./receipt-serials";

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
      serials: [],
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
      serials: [],
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

describe("taking serials back", () => {
  const headphones = {
    ...(receipt.lines[1] as Receipt["lines"][number]),
    id: "rcl_s",
    item_id: "isp_s",
    sku: "HP",
    title: "Headphones",
    received: 3,
    serials: ["SN-1", "SN-2", "SN-3"],
  };
  const serialized: Receipt = { ...receipt, lines: [headphones] };
  const taking = (received: string, serials: string[]) => {
    const draft = draftFromReceipt(serialized);
    draft.note = "Scanned twice";
    draft.lines.rcl_s = {
      ...(draft.lines.rcl_s as NonNullable<typeof draft.lines.rcl_s>),
      received,
      serials,
    };
    return draft;
  };

  it("sends the picked serials on the negative line, in the order the receipt recorded them", () => {
    const built = buildCorrection(serialized, taking("1", ["SN-3", "SN-1"]));
    expect(built).toEqual({
      body: {
        corrects_receipt_id: "rcp_1",
        note: "Scanned twice",
        lines: [{ item_id: "isp_s", received: -2, damaged: 0, missing: 0, serials: ["SN-1", "SN-3"] }],
      },
    });
    if ("body" in built)
      expect(createReceiptRequestSchema.safeParse({ receipt: built.body }).success).toBe(true);
  });

  it("refuses more serials than units taken back, as the API does", () => {
    expect(buildCorrection(serialized, taking("2", ["SN-1", "SN-2"]))).toEqual({
      problems: {
        lines: {
          rcl_s: {
            serials: "2 serials picked for 1 unit taken back: at most one serial per unit taken back.",
          },
        },
      },
    });
    // The API refuses the same body.
    const body = {
      corrects_receipt_id: "rcp_1",
      lines: [{ item_id: "isp_s", received: -1, serials: ["SN-1", "SN-2"] }],
    };
    expect(createReceiptRequestSchema.safeParse({ receipt: body }).success).toBe(false);
  });

  it("asks for the serials of the units taken back when the ones left would outnumber the units", () => {
    expect(buildCorrection(serialized, taking("1", ["SN-2"]))).toEqual({
      problems: {
        lines: {
          rcl_s: { serials: "Pick 1 more serial to take back: 2 serials would stay for 1 unit received." },
        },
      },
    });
    // A line whose units were not all serialised may take a unit back without naming one.
    const partly: Receipt = { ...receipt, lines: [{ ...headphones, serials: ["SN-1"] }] };
    const draft = draftFromReceipt(partly);
    draft.note = "One was never here";
    (draft.lines.rcl_s as NonNullable<typeof draft.lines.rcl_s>).received = "2";
    expect(buildCorrection(partly, draft)).toEqual({
      body: {
        corrects_receipt_id: "rcp_1",
        note: "One was never here",
        lines: [{ item_id: "isp_s", received: -1, damaged: 0, missing: 0 }],
      },
    });
  });

  it("sends no serials when no received unit is taken back, nor one an earlier correction took back", () => {
    const damagedInstead = taking("3", ["SN-1"]);
    (damagedInstead.lines.rcl_s as NonNullable<typeof damagedInstead.lines.rcl_s>).missing = "1";
    (damagedInstead.lines.rcl_s as NonNullable<typeof damagedInstead.lines.rcl_s>).missing_reason =
      "short_shipped";
    expect(buildCorrection(serialized, damagedInstead)).toMatchObject({
      body: { lines: [{ item_id: "isp_s", received: 0, missing: 1, missing_reason: "short_shipped" }] },
    });
    expect(buildCorrection(serialized, damagedInstead)).not.toHaveProperty("body.lines.0.serials");

    const earlier = buildCorrection(serialized, taking("2", ["SN-1", "SN-3"]), new Set(["SN-3"]));
    expect(earlier).toMatchObject({ body: { lines: [{ received: -1, serials: ["SN-1"] }] } });
  });
});

describe("serialsTakenBack", () => {
  it("gathers, by corrected receipt, the serials its corrections' negative lines took back", () => {
    const line = receipt.lines[0] as Receipt["lines"][number];
    const correction = (id: string, corrects: string | null, lines: Partial<typeof line>[]): Receipt => ({
      ...receipt,
      id,
      corrects_receipt_id: corrects,
      lines: lines.map((change) => ({ ...line, ...change })),
    });
    const taken = serialsTakenBack([
      correction("rcp_3", "rcp_1", [{ received: -1, serials: ["SN-2"] }]),
      correction("rcp_2", "rcp_1", [
        { received: -1, serials: ["SN-1"] },
        { received: 1, serials: ["SN-9"] },
      ]),
      correction("rcp_1", null, [{ received: 3, serials: ["SN-1", "SN-2", "SN-3"] }]),
    ]);
    expect(taken).toEqual(new Map([["rcp_1", new Set(["SN-2", "SN-1"])]]));
  });
});
