import { describe, expect, it } from "vitest";
import type { Receipt } from "@/lib/schemas/inbound-receipts";
import { putawayLines } from "./receipt-putaway-lines";

const line = (id: string, itemId: string, received: number): Receipt["lines"][number] => ({
  id,
  item_id: itemId,
  sku: `SKU-${itemId}`,
  title: `Item ${itemId}`,
  inventory_item_id: `inv_${itemId}`,
  received,
  damaged: 0,
  damaged_reason: null,
  missing: 0,
  missing_reason: null,
  note: null,
  lot_number: null,
  expiration_date: null,
  photos: [],
  serials: [],
});

const receipt = (id: string, lines: Receipt["lines"], corrects: string | null = null): Receipt => ({
  id,
  inbound_shipment_id: "inb_1",
  location: { id: "loc_1", name: "Main" },
  bin: null,
  bin_id: null,
  note: null,
  corrects_receipt_id: corrects,
  received_by: { kind: "staff", name: "Dana" },
  created_at: "2026-11-28T07:00:00.000Z",
  lines,
});

describe("putawayLines", () => {
  it("offers the received units less what corrections of that receipt took back", () => {
    const first = receipt("rcp_1", [line("l1", "a", 2), line("l2", "b", 3)]);
    const correction = receipt("rcp_2", [line("l3", "a", -2), line("l4", "b", -1)], "rcp_1");
    // A correction of another receipt takes nothing from this one.
    const other = receipt("rcp_3", [line("l5", "b", -1)], "rcp_9");
    expect(putawayLines(first, [first, correction, other]).map((l) => [l.title, l.quantity])).toEqual([
      ["Item b", 2],
    ]);
  });

  it("offers nothing for a receipt that put its units straight into a bin", () => {
    const binned = { ...receipt("rcp_1", [line("l1", "a", 2)]), bin: "B-04", bin_id: "bin_1" };
    expect(putawayLines(binned, [binned])).toEqual([]);
  });
});
