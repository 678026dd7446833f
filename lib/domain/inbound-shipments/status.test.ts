import { describe, expect, it } from "vitest";
import { deriveShipmentStatus, summarizeShipmentItems } from "./status";

const counts = { shipped: false, expected: 10, received: 0, damaged: 0, missing: 0 };

describe("deriveShipmentStatus", () => {
  it.each([
    [{ ...counts }, "PENDING"],
    [{ ...counts, shipped: true }, "IN_TRANSIT"],
    [{ ...counts, shipped: true, received: 3 }, "PARTIALLY_RECEIVED"],
    [{ ...counts, shipped: true, damaged: 1 }, "PARTIALLY_RECEIVED"],
    [{ ...counts, shipped: true, received: 9 }, "PARTIALLY_RECEIVED"],
    [{ ...counts, shipped: true, received: 10 }, "RECEIVED"],
    [{ ...counts, shipped: true, received: 7, damaged: 2, missing: 1 }, "RECEIVED"],
    [{ ...counts, expected: 0, shipped: true }, "IN_TRANSIT"],
    [{ ...counts, expected: 0 }, "PENDING"],
  ] as const)("%o is %s", (input, status) => {
    expect(deriveShipmentStatus(input)).toBe(status);
  });
});

describe("summarizeShipmentItems", () => {
  it("counts distinct SKUs, sums expected and received units, and caps each line's covered units", () => {
    const item = (variantId: string, quantity: number, receivedQuantity: number) => ({
      variantId,
      quantity,
      receivedQuantity,
      damagedQuantity: 1,
      missingQuantity: 0,
    });
    expect(summarizeShipmentItems([item("a", 5, 2), item("b", 3, 3), item("a", 2, 0)])).toEqual({
      skuCount: 2,
      itemCount: 10,
      receivedCount: 5,
      // 3 + 3 (4 dealt with, 3 expected: the overage covers nothing) + 1
      coveredCount: 7,
      damaged: 3,
      missing: 0,
    });
  });
});
