import { describe, expect, it } from "vitest";
import { buildCodeIndex } from "@/components/scanning/code-index";
import { interpretScan, MAX_SCAN_QUANTITY } from "./scan";

const index = buildCodeIndex([
  { id: "isp_sock", sku: "SOCK-RED-M", upc: "084712000017" },
  { id: "isp_tee", sku: "12X-BLUE", upc: "0062938000024" },
  { id: "isp_cap", sku: "CAP-1", upc: null },
  { id: "isp_numeric", sku: "084712000017", upc: "071234000031" },
]);

describe("interpretScan", () => {
  it("counts one unit of the scanned line, trimming what the scanner added", () => {
    expect(interpretScan("  084712000017 ", index)).toEqual({
      kind: "line",
      itemId: "isp_sock",
      by: "upc",
      code: "084712000017",
      quantity: 1,
    });
  });

  it("reads Backroom's printed labels: a line label is its line, a carton label that many units of it", () => {
    expect(interpretScan("isp_tee", index)).toMatchObject({ itemId: "isp_tee", by: "label", quantity: 1 });
    expect(interpretScan("24*isp_cap", index)).toMatchObject({
      itemId: "isp_cap",
      by: "label",
      quantity: 24,
    });
  });

  it("reads a carton quantity typed before the code, with * or x", () => {
    expect(interpretScan("12*084712000017", index)).toMatchObject({ itemId: "isp_sock", quantity: 12 });
    expect(interpretScan("6x CAP-1", index)).toMatchObject({ itemId: "isp_cap", quantity: 6 });
    expect(interpretScan("3 * sock-red-m", index)).toMatchObject({ itemId: "isp_sock", quantity: 3 });
  });

  it("takes a whole code before a quantity prefix: 12X-BLUE is a SKU", () => {
    expect(interpretScan("12X-BLUE", index)).toMatchObject({ kind: "line", itemId: "isp_tee", quantity: 1 });
    expect(interpretScan("2*12X-BLUE", index)).toMatchObject({
      kind: "line",
      itemId: "isp_tee",
      quantity: 2,
    });
  });

  it("arms a quantity typed alone, and the next scan uses it", () => {
    expect(interpretScan("24*", index)).toEqual({ kind: "quantity", quantity: 24 });
    expect(interpretScan("CAP-1", index, 24)).toMatchObject({ itemId: "isp_cap", quantity: 24 });
  });

  it("keeps an unknown code with its quantity", () => {
    expect(interpretScan("999999999999", index)).toEqual({
      kind: "unknown",
      code: "999999999999",
      quantity: 1,
    });
    expect(interpretScan("4*999999999999", index)).toEqual({
      kind: "unknown",
      code: "999999999999",
      quantity: 4,
    });
    expect(interpretScan("NOPE", index, 5)).toEqual({ kind: "unknown", code: "NOPE", quantity: 5 });
  });

  it("keeps an unknown code that only looks like a carton with x whole", () => {
    expect(interpretScan("12XL-TEE", index)).toEqual({ kind: "unknown", code: "12XL-TEE", quantity: 1 });
  });

  it("refuses a carton of 0 or of more than the maximum", () => {
    expect(interpretScan("0*CAP-1", index)).toMatchObject({ kind: "invalid" });
    expect(interpretScan(`${MAX_SCAN_QUANTITY + 1}*CAP-1`, index)).toMatchObject({ kind: "invalid" });
  });

  it("ignores an empty Enter", () => {
    expect(interpretScan("   ", index)).toEqual({ kind: "empty" });
  });
});
