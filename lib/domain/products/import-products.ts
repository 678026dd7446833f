import { eq } from "drizzle-orm";
import type { Db } from "../../db";
import { stores } from "../../db/schema";
import type { BulkProductFamily } from "../../schemas/products";
import { ValidationError } from "../errors";
import { type ImportError, readImportRows } from "../imports/read-rows";
import { bulkUploadProducts } from "./bulk-upload";
import {
  type FamilyLines,
  groupProductRows,
  productRowSchema,
  REQUIRED_PRODUCT_COLUMNS,
} from "./import-rows";
import { changesOf, planProductUpload, type UploadChanges } from "./upload-plan";

/**
 * The catalog from CSV (docs/csv.md "Import"): the file's rows become the bulk upload's families
 * (import-rows.ts), which are matched against the catalog exactly as `POST /products/bulk-upload` matches them
 * (upload-plan.ts) and written by it (bulk-upload.ts), all or nothing. Re-importing a file changes nothing: a
 * product matches by its external id, a variant by its external id or SKU, and unchanged values are not written.
 */

type CsvRecord = { line: number; values: Record<string, string> };

export type ProductImportPlan = {
  rows: number;
  families: BulkProductFamily[];
  lines: FamilyLines[];
  /** What the write would do: products created, updated, unchanged, and variants written. */
  changes: UploadChanges;
  errors: ImportError[];
  errorCount: number;
  preview: CsvRecord[];
};

export async function planProductImport(
  db: Db,
  storeId: string,
  records: AsyncIterable<CsvRecord>,
): Promise<ProductImportPlan> {
  const { rows, read, preview, problems } = await readImportRows(records, {
    required: REQUIRED_PRODUCT_COLUMNS,
    schema: productRowSchema,
  });
  const [store] = await db.select({ currency: stores.currency }).from(stores).where(eq(stores.id, storeId));
  const { families, lines } = groupProductRows(rows, store?.currency ?? "USD", problems.add.bind(problems));
  const { plans, errors } = await planProductUpload(db, storeId, families, { lock: false });
  for (const issue of errors) {
    const at = locate(issue.path, lines);
    problems.add(at.line, at.column, issue.message);
  }
  return {
    rows: read,
    families,
    lines,
    changes: changesOf(plans),
    errors: problems.listed,
    errorCount: problems.count,
    preview,
  };
}

/**
 * Writes a checked file through the bulk upload, which matches it again under the store's lock (another upload
 * may have changed the catalog since the check); a problem found then fails the whole import, naming its line.
 */
export async function commitProductImport(
  db: Db,
  input: { storeId: string },
  plan: ProductImportPlan,
  onProgress: (done: number, total: number) => void = () => {},
): Promise<{ created: number; updated: number; unchanged: number; lines: number }> {
  try {
    const { changes } = await bulkUploadProducts(db, input.storeId, plan.families, onProgress);
    return {
      created: changes.created,
      updated: changes.updated,
      unchanged: changes.unchanged,
      lines: changes.variants,
    };
  } catch (error) {
    const first = error instanceof ValidationError ? error.errors[0] : undefined;
    if (!first) throw error;
    const at = locate(first.path, plan.lines);
    throw new Error(`line ${at.line}${at.column ? ` (${at.column})` : ""}: ${first.message}`);
  }
}

/** The file's columns for the bulk upload's fields that can have a problem. */
const COLUMN_OF: Record<string, string> = {
  product_family_id: "product_external_id",
  external_id: "variant_external_id",
  title: "product_title",
  sku: "sku",
  currency: "currency",
  price: "price",
};

/** `products.3.variants.1.sku` → the line of that variant's row and its column. */
function locate(path: string, lines: readonly FamilyLines[]): { line: number; column: string } {
  const match = /^products\.(\d+)(?:\.variants\.(\d+))?\.(\w+)/.exec(path);
  const family = lines[Number(match?.[1])];
  const line = match?.[2] === undefined ? family?.line : family?.variants[Number(match[2])];
  const field = match?.[3] ?? "";
  const column =
    match?.[2] === undefined && field === "external_id" ? "product_external_id" : COLUMN_OF[field];
  return { line: line ?? 1, column: column ?? "" };
}
