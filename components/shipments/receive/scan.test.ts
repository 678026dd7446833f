import { describe, expect, it } from "vitest";
import { buildCodeIndex, interpretScan, MAX_SCAN_QUANTITY } from "./scan";

const index = buildCodeIndex([
  { id: "isp_sock", sku: "SOCK-RED-M", upc: "084712000017" },
  { id: "isp_tee", sku: "12X-BLUE", upc: "0062938000024" },
  { id: "isp_cap", sku: "CAP-1", upc: null },
  { id: "isp_numeric", sku: "084712000017", upc: "071234000031" },
]);

describe("buildCodeIndex", () => {
  it("finds a line by UPC before SKU, so a SKU made of another line's UPC digits does not win", () => {
    expect(index.find("084712000017")).toEqual({ itemId: "isp_sock", by: "upc" });
    expect(index.find("071234000031")).toEqual({ itemId: "isp_numeric", by: "upc" });
  });

  it("matches a UPC-A scanned as an EAN-13 or GTIN-14 (leading zeros) and the reverse", () => {
    expect(index.find("0084712000017")).toEqual({ itemId: "isp_sock", by: "upc" });
    expect(index.find("00084712000017")).toEqual({ itemId: "isp_sock", by: "upc" });
    expect(index.find("062938000024")).toEqual({ itemId: "isp_tee", by: "upc" });
  });

  it("finds a SKU exactly, or in another letter case", () => {
    expect(index.find("CAP-1")).toEqual({ itemId: "isp_cap", by: "sku" });
    expect(index.find("sock-red-m")).toEqual({ itemId: "isp_sock", by: "sku" });
    expect(index.find("CAP-2")).toBeUndefined();
  });

  it("does not guess between SKUs that differ only in case", () => {
    const twins = buildCodeIndex([
      { id: "isp_a", sku: "Abc", upc: null },
      { id: "isp_b", sku: "ABC", upc: null },
    ]);
    expect(twins.find("Abc")).toEqual({ itemId: "isp_a", by: "sku" });
    expect(twins.find("ABC")).toEqual({ itemId: "isp_b", by: "sku" });
    expect(twins.find("abc")).toBeUndefined();
  });
});

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
