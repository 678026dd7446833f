import { z } from "zod";
import { type BulkProductFamily, VARIANTS_PER_FAMILY } from "../../schemas/products";
import { currencyDigits, decimalToMinorUnits } from "./units";

/**
 * A products CSV's rows (docs/csv.md "Import"): one row per variant, grouped into products by
 * `product_external_id`, and turned into the bulk upload's families (lib/schemas/products.ts) so the import is
 * matched and written by the same code as `POST /products/bulk-upload`. Pure: every problem goes to `fail` with
 * its line and column.
 */

/** `price` is required because the bulk upload keeps one per variant: leaving it out must not zero a price. */
export const REQUIRED_PRODUCT_COLUMNS = ["product_external_id", "product_title", "sku", "price"] as const;

const blankToUndefined = (value: unknown) => (value === "" ? undefined : value);
const optional = <T extends z.ZodType>(schema: T) => z.preprocess(blankToUndefined, schema.optional());
const link = z.url({ protocol: /^https?$/, error: "An http(s) link." }).max(2000);
const option = optional(z.string().max(255));

export const productRowSchema = z.object({
  product_external_id: z.string().min(1, "Required: the product this variant belongs to.").max(255),
  // Required as a column; a product's later rows may leave it empty (checked per product below).
  product_title: optional(z.string().max(500)),
  product_image_url: optional(link),
  sku: z.string().min(1, "Required.").max(255),
  variant_external_id: optional(z.string().max(255)),
  variant_title: optional(z.string().max(500)),
  option1_value: option,
  option2_value: option,
  option3_value: option,
  barcode: optional(z.string().max(50)),
  price: z.string().regex(/^\d{1,9}(\.\d+)?$/, "An amount such as 29.99, without a currency sign."),
  currency: optional(z.string().regex(/^[A-Z]{3}$/, "A three-letter currency code such as USD.")),
  weight: optional(
    z
      .string()
      .regex(/^\d{1,7}(\.\d{1,6})?$/, "A weight such as 0.25.")
      .transform(Number)
      .pipe(z.number().max(1_000_000, "At most 1,000,000.")),
  ),
  weight_unit: optional(
    z
      .string()
      .toLowerCase()
      .pipe(z.enum(["g", "kg", "lb", "oz", "t"], { error: "g, kg, lb, oz or t (grams when empty)." })),
  ),
  image_url: optional(link),
  // A product column (docs/bins.md "Lots and expiry"); empty leaves the product as it is.
  tracks_lots: optional(
    z
      .string()
      .trim()
      .toLowerCase()
      .pipe(z.enum(["true", "false", "yes", "no", "1", "0"], { error: "true or false (empty: unchanged)." }))
      .transform((value) => value === "true" || value === "yes" || value === "1"),
  ),
});
type Row = z.output<typeof productRowSchema>;

/** The line of each family's first row and of each of its variants, to name lines in problems found later. */
export type FamilyLines = { line: number; variants: number[] };
type Fail = (line: number, column: string, message: string) => void;

/** Product columns: repeated on each of a product's rows or given once; two different values are a mistake. */
const PRODUCT_FIELDS = ["product_title", "product_image_url", "tracks_lots"] as const;
type Group = {
  line: number;
  fields: Partial<Pick<Row, (typeof PRODUCT_FIELDS)[number]>>;
  variants: { line: number; variant: BulkProductFamily["variants"][number] }[];
  externalIds: Map<string, number>;
};

export function groupProductRows(
  rows: readonly { line: number; row: Row }[],
  storeCurrency: string,
  fail: Fail,
): { families: BulkProductFamily[]; lines: FamilyLines[] } {
  const groups = new Map<string, Group>();
  const skuLines = new Map<string, number>();
  for (const { line, row } of rows) {
    const id = row.product_external_id;
    let group = groups.get(id);
    if (!group) {
      group = { line, fields: {}, variants: [], externalIds: new Map() };
      groups.set(id, group);
    }
    for (const field of PRODUCT_FIELDS) {
      const value = row[field];
      if (value === undefined) continue;
      const kept = group.fields[field];
      // The field's own value: TypeScript cannot tie `value`'s type to `field` across the union.
      if (kept === undefined) Object.assign(group.fields, { [field]: value });
      else if (kept !== value) fail(line, field, `Differs from an earlier row of product ${id} ("${kept}").`);
    }
    let ok = true;
    const currency = row.currency ?? storeCurrency;
    const price = decimalToMinorUnits(row.price, currency);
    if (price === undefined) {
      fail(line, "price", `${currency} amounts have at most ${currencyDigits(currency)} decimals.`);
      ok = false;
    }
    const twin = skuLines.get(row.sku);
    if (twin !== undefined) {
      fail(line, "sku", `This SKU is already on line ${twin}; a SKU names one variant.`);
      ok = false;
    } else skuLines.set(row.sku, line);
    if (row.variant_external_id) {
      const first = group.externalIds.get(row.variant_external_id);
      if (first !== undefined) {
        fail(line, "variant_external_id", `Already on line ${first} for another variant of product ${id}.`);
        ok = false;
      } else group.externalIds.set(row.variant_external_id, line);
    }
    if (ok && group.variants.length >= VARIANTS_PER_FAMILY) {
      fail(line, "product_external_id", `A product holds at most ${VARIANTS_PER_FAMILY} variants.`);
      ok = false;
    }
    if (!ok || price === undefined) continue;
    const options = [row.option1_value, row.option2_value, row.option3_value].flatMap((v) => (v ? [v] : []));
    group.variants.push({
      line,
      variant: {
        sku: row.sku,
        price,
        currency,
        ...(row.variant_external_id ? { external_id: row.variant_external_id } : {}),
        ...(row.variant_title ? { title: row.variant_title } : {}),
        ...(options.length > 0 ? { option_values: options } : {}),
        ...(row.barcode ? { upc: row.barcode } : {}),
        ...(row.weight !== undefined ? { weight: row.weight, weight_unit: row.weight_unit ?? "g" } : {}),
        ...(row.image_url ? { images: [{ url: row.image_url }] } : {}),
      },
    });
  }

  const families: BulkProductFamily[] = [];
  const lines: FamilyLines[] = [];
  for (const [id, group] of groups) {
    const title = group.fields.product_title;
    if (!title) {
      fail(group.line, "product_title", `Required on at least one row of product ${id}.`);
      continue;
    }
    // A product whose every row has a problem has nothing to match; its problems are listed already.
    if (group.variants.length === 0) continue;
    families.push({
      external_id: id,
      title,
      ...(group.fields.product_image_url ? { images: [{ url: group.fields.product_image_url }] } : {}),
      ...(group.fields.tracks_lots !== undefined ? { tracks_lots: group.fields.tracks_lots } : {}),
      variants: group.variants.map((v) => v.variant),
    });
    lines.push({ line: group.line, variants: group.variants.map((v) => v.line) });
  }
  return { families, lines };
}
