import { describe, expect, it } from "vitest";
import { buildCodeIndex } from "./code-index";

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
  it("finds a code printed for one target (a return item's identifier) after UPCs, before SKUs", () => {
    const items = buildCodeIndex([
      { id: "ri_a", sku: "LP-1", upc: null },
      { id: "ri_b", sku: "SHIRT", upc: "084712000017", identifiers: ["LP-1", null] },
    ]);
    expect(items.find("LP-1")).toEqual({ itemId: "ri_b", by: "identifier" });
    expect(items.find("lp-1")).toEqual({ itemId: "ri_a", by: "sku" });
  });
});
