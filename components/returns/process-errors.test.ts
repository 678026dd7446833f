import { describe, expect, it } from "vitest";
import { placeProcessErrors } from "./process-errors";

describe("placeProcessErrors", () => {
  const sent = ["rti_a", "rti_b", "rti_c"];

  it("puts each products.N error beside the field of the N-th item sent", () => {
    const placed = placeProcessErrors(
      [
        { path: "products.0.processInput.locationId", message: "Archived." },
        { path: "products.2.rejectReason", message: "Say why." },
        { path: "products.1.processInput.newMerchantAdjustment", message: "Two decimals." },
        { path: "products.1._id", message: "Processed already." },
        { path: "products.2.grade", message: "Too long." },
      ],
      sent,
    );
    expect(Object.fromEntries(placed.byItem)).toEqual({
      rti_a: { location: "Archived." },
      rti_b: { credit: "Two decimals.", item: "Processed already." },
      rti_c: { reason: "Say why.", grade: "Too long." },
    });
    expect(placed.general).toEqual([]);
  });

  it("an unknown part of an item is about the item; the first message for a field wins", () => {
    const placed = placeProcessErrors(
      [
        { path: "products.0.processInput.restock", message: "Green." },
        { path: "products.0.something", message: "Other." },
        { path: "products.0", message: "Whole." },
      ],
      sent,
    );
    expect(placed.byItem.get("rti_a")).toEqual({ item: "Green." });
  });

  it("errors of no item sent are general", () => {
    const placed = placeProcessErrors(
      [
        { path: "products", message: "At least one." },
        { path: "products.7._id", message: "Beyond the request." },
        { path: "customerNotes", message: "Too long." },
      ],
      sent,
    );
    expect(placed.byItem.size).toBe(0);
    expect(placed.general).toEqual(["At least one.", "Beyond the request.", "Too long."]);
  });
});
