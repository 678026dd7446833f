import { inArray } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../../db";
import { inventoryLevels } from "../../db/schema";
import type { Actor } from "../actor";
import { type ImportError, readImportRows } from "../imports/read-rows";
import { productItemIdsBy } from "../inventory-items/product-items-by";
import { locationsByKey } from "../locations/locations";
import { applyInventoryMovements } from "./movements";

/**
 * Stock counts from CSV (docs/csv.md "Import"): one row per SKU and location with the quantity counted. Every row
 * is checked first (unknown SKU or location, bad quantity, a SKU counted twice at one location); the import then
 * sets each level to its count through the ledger (reason `import`, source `import`), all rows in one
 * transaction. A count equal to the level changes nothing.
 */

const BATCH = 1000;

type Record_ = { line: number; values: Record<string, string> };

const rowSchema = z.object({
  sku: z.string().min(1, "Required.").max(255),
  location: z.string().min(1, "Required: a location's name or id.").max(100),
  quantity: z
    .string()
    .regex(/^\d{1,7}$/, "A whole number counted, 0 or more.")
    .transform(Number),
  note: z
    .string()
    .max(500)
    .optional()
    .transform((note) => (note ? note : undefined)),
});

export type PlannedCount = {
  line: number;
  inventoryItemId: string;
  locationId: string;
  quantity: number;
  note?: string;
  action: "create" | "update" | "unchanged";
};

export type CountImportPlan = {
  rows: number;
  counts: PlannedCount[];
  errors: ImportError[];
  errorCount: number;
  preview: Record_[];
};

export async function planCountImport(
  db: Db,
  storeId: string,
  records: AsyncIterable<Record_>,
): Promise<CountImportPlan> {
  const {
    rows: valid,
    read,
    preview,
    problems,
  } = await readImportRows(records, {
    required: ["sku", "location", "quantity"],
    schema: rowSchema,
  });
  const fail = problems.add.bind(problems);
  const rows = valid.map(({ line, row }) => ({ ...row, line }));

  const locationByKey = await locationsByKey(db, storeId);
  const itemsBySku = await productItemIdsBy(
    db,
    storeId,
    "sku",
    rows.map((r) => r.sku),
  );

  const seen = new Map<string, number>();
  const resolved: Omit<PlannedCount, "action">[] = [];
  for (const row of rows) {
    const location = locationByKey.get(row.location) ?? locationByKey.get(row.location.toLowerCase());
    const items = itemsBySku.get(row.sku) ?? [];
    if (items.length !== 1) {
      fail(
        row.line,
        "sku",
        items.length === 0
          ? `No product in this store's inventory has the SKU "${row.sku}".`
          : `Several products share the SKU "${row.sku}"; fix the catalog first.`,
      );
    }
    if (!location)
      fail(row.line, "location", `No location of this store is named or has the id "${row.location}".`);
    else if (location.archivedAt)
      fail(row.line, "location", `${location.name} is archived; restore it first.`);
    if (items.length !== 1 || !location || location.archivedAt) continue;
    const key = `${items[0]}|${location.id}`;
    const first = seen.get(key);
    if (first !== undefined) {
      fail(row.line, "sku", `Counted already on line ${first} for ${location.name}.`);
      continue;
    }
    seen.set(key, row.line);
    resolved.push({
      line: row.line,
      inventoryItemId: items[0] as string,
      locationId: location.id,
      quantity: row.quantity,
      note: row.note,
    });
  }

  const current = new Map<string, number>();
  for (let i = 0; i < resolved.length; i += BATCH) {
    const batch = resolved.slice(i, i + BATCH);
    const levels = await db
      .select({
        itemId: inventoryLevels.inventoryItemId,
        locationId: inventoryLevels.locationId,
        quantity: inventoryLevels.quantity,
      })
      .from(inventoryLevels)
      .where(inArray(inventoryLevels.inventoryItemId, [...new Set(batch.map((c) => c.inventoryItemId))]));
    for (const level of levels) current.set(`${level.itemId}|${level.locationId}`, level.quantity);
  }
  const counts = resolved.map((count): PlannedCount => {
    // No level counts as 0: a count of 0 where nothing was held changes nothing.
    const before = current.get(`${count.inventoryItemId}|${count.locationId}`);
    const action =
      (before ?? 0) === count.quantity ? "unchanged" : before === undefined ? "create" : "update";
    return { ...count, action };
  });
  return { rows: read, counts, errors: problems.listed, errorCount: problems.count, preview };
}

/** Sets every counted level in one transaction, a batch of rows at a time through the ledger. */
export async function commitCountImport(
  db: Db,
  input: { storeId: string; actor: Actor },
  plan: CountImportPlan,
  onProgress: (done: number, total: number) => void = () => {},
) {
  const toWrite = plan.counts.filter((c) => c.action !== "unchanged");
  await db.transaction(async (tx) => {
    for (let i = 0; i < toWrite.length; i += BATCH) {
      const batch = toWrite.slice(i, i + BATCH);
      await applyInventoryMovements(tx, {
        storeId: input.storeId,
        changes: batch.map((c) => ({
          inventoryItemId: c.inventoryItemId,
          locationId: c.locationId,
          setTo: c.quantity,
          reason: "import" as const,
          note: c.note,
        })),
        source: { type: "import" },
        actor: input.actor,
      });
      onProgress(Math.min(i + BATCH, toWrite.length), toWrite.length);
    }
  });
  return {
    created: toWrite.filter((c) => c.action === "create").length,
    updated: toWrite.filter((c) => c.action === "update").length,
    unchanged: plan.counts.length - toWrite.length,
    lines: toWrite.length,
  };
}
