import { describe, expect, it } from "vitest";
import { groupProductRows, productRowSchema } from "./import-rows";

/** Rows as the reader hands them over (parsed by the row schema), numbered from line 2. */
function group(records: Record<string, string>[], currency = "USD") {
  const problems: [number, string, string][] = [];
  const rows = records.map((values, i) => ({ line: i + 2, row: productRowSchema.parse(values) }));
  const result = groupProductRows(rows, currency, (line, column, message) =>
    problems.push([line, column, message]),
  );
  return { ...result, problems };
}

const row = (values: Record<string, string>) => ({
  product_external_id: "TEE",
  product_title: "",
  sku: "TEE-M",
  price: "29.99",
  ...values,
});

describe("groupProductRows", () => {
  it("groups rows by product, takes a product's title from any row, and maps each column", () => {
    const { families, lines, problems } = group([
      row({ product_title: "Trail Tee", option1_value: "M", option2_value: "Blue", weight: "0.5" }),
      row({
        sku: "TEE-L",
        price: "31",
        weight: "1",
        weight_unit: "LB",
        barcode: "0123",
        variant_title: "Large",
      }),
      row({
        product_external_id: "SOCK",
        product_title: "Sock",
        sku: "SOCK-1",
        price: "500",
        currency: "JPY",
      }),
    ]);
    expect(problems).toEqual([]);
    expect(lines).toEqual([
      { line: 2, variants: [2, 3] },
      { line: 4, variants: [4] },
    ]);
    expect(families).toEqual([
      {
        external_id: "TEE",
        title: "Trail Tee",
        variants: [
          {
            sku: "TEE-M",
            price: 2999,
            currency: "USD",
            option_values: ["M", "Blue"],
            weight: 0.5,
            weight_unit: "g",
          },
          {
            sku: "TEE-L",
            price: 3100,
            currency: "USD",
            title: "Large",
            upc: "0123",
            weight: 1,
            weight_unit: "lb",
          },
        ],
      },
      // Another currency is passed on: the bulk upload's check names it against the store's.
      { external_id: "SOCK", title: "Sock", variants: [{ sku: "SOCK-1", price: 500, currency: "JPY" }] },
    ]);
  });

  it("names two titles of a product, a repeated SKU or variant id, extra decimals and a missing title", () => {
    const { families, problems } = group([
      row({ product_title: "Trail Tee", variant_external_id: "V1" }),
      row({ product_title: "Trail Shirt", sku: "TEE-L", variant_external_id: "V1" }),
      row({ product_external_id: "CAP", sku: "TEE-M", price: "1.005" }),
    ]);
    expect(problems.map(([line, column]) => [line, column])).toEqual([
      [3, "product_title"],
      [3, "variant_external_id"],
      [4, "price"],
      [4, "sku"],
      [4, "product_title"],
    ]);
    expect(problems[2]?.[2]).toBe("USD amounts have at most 2 decimals.");
    expect(families.map((f) => f.variants.map((v) => v.sku))).toEqual([["TEE-M"]]);
  });

  it("reads tracks_lots once per product: yes/no words, empty leaves it out, two values are a mistake", () => {
    const { families, problems } = group([
      row({ product_title: "Trail Tee", tracks_lots: "Yes" }),
      row({ sku: "TEE-L", tracks_lots: "" }),
      row({ product_external_id: "SUN", product_title: "Sunscreen", sku: "SUN-1", tracks_lots: "0" }),
      row({ product_external_id: "SUN", sku: "SUN-2", tracks_lots: "true" }),
      row({ product_external_id: "CAP", product_title: "Cap", sku: "CAP-1" }),
    ]);
    expect(problems).toEqual([[5, "tracks_lots", 'Differs from an earlier row of product SUN ("false").']]);
    expect(families.map((f) => [f.external_id, f.tracks_lots])).toEqual([
      ["TEE", true],
      ["SUN", false],
      ["CAP", undefined],
    ]);
    expect(productRowSchema.safeParse(row({ tracks_lots: "maybe" })).success).toBe(false);
  });

  it("refuses a product's variants past 100", () => {
    const rows = Array.from({ length: 101 }, (_, i) => row({ product_title: "Tee", sku: `TEE-${i}` }));
    const { families, problems } = group(rows);
    expect(problems).toEqual([[102, "product_external_id", "A product holds at most 100 variants."]]);
    expect(families[0]?.variants).toHaveLength(100);
  });
});
