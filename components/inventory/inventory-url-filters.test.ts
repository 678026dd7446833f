import { describe, expect, it } from "vitest";
import { readInventoryUrlFilters, toInventoryListFilters } from "./inventory-url-filters";

describe("inventory list filters in the URL", () => {
  it("reads search, kind, location and SKU and names them as the list query does", () => {
    const filters = readInventoryUrlFilters(
      new URLSearchParams("q=%20jacket%20&kind=RETURN&location=loc_abc&sku=NW-SHL-MOS-XL"),
    );
    expect(filters).toEqual({ q: "jacket", kind: "RETURN", location: "loc_abc", sku: "NW-SHL-MOS-XL" });
    expect(toInventoryListFilters(filters)).toEqual({
      q: "jacket",
      kind: "RETURN",
      locationId: "loc_abc",
      sku: "NW-SHL-MOS-XL",
    });
  });

  it("drops what the API would refuse: unknown kinds, other ids, blank or overlong searches", () => {
    expect(readInventoryUrlFilters(new URLSearchParams("q=%20%20&kind=product&location=wh_1"))).toEqual({});
    expect(readInventoryUrlFilters(new URLSearchParams(`q=${"x".repeat(300)}`)).q).toHaveLength(200);
    expect(readInventoryUrlFilters(new URLSearchParams(`sku=${"x".repeat(256)}`)).sku).toBeUndefined();
  });

  it("reads in or out of stock; anything else (any, unknown) is the page's every-item view", () => {
    expect(
      toInventoryListFilters(readInventoryUrlFilters(new URLSearchParams("stock=out_of_stock"))),
    ).toEqual({
      stock: "out_of_stock",
    });
    expect(readInventoryUrlFilters(new URLSearchParams("stock=any"))).toEqual({});
    expect(readInventoryUrlFilters(new URLSearchParams("stock=some"))).toEqual({});
  });
});
