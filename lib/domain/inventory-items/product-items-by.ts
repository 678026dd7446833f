import { and, eq, inArray } from "drizzle-orm";
import type { Db } from "../../db";
import { inventoryItems } from "../../db/schema";

const BATCH = 1000;

/**
 * The PRODUCT inventory items of each SKU (or catalog variant) in a store, by that key: usually one id,
 * several when products share a SKU (the caller says which it refuses), none when no product has it.
 * Asked in batches, so an import of thousands of SKUs stays within the driver's parameter limit.
 */
export async function productItemIdsBy(
  db: Db,
  storeId: string,
  key: "sku" | "variantId",
  values: readonly string[],
): Promise<Map<string, string[]>> {
  const column = key === "sku" ? inventoryItems.sku : inventoryItems.variantId;
  const byKey = new Map<string, string[]>();
  const unique = [...new Set(values)];
  for (let i = 0; i < unique.length; i += BATCH) {
    const rows = await db
      .select({ id: inventoryItems.id, value: column })
      .from(inventoryItems)
      .where(
        and(
          eq(inventoryItems.storeId, storeId),
          eq(inventoryItems.kind, "PRODUCT"),
          inArray(column, unique.slice(i, i + BATCH)),
        ),
      );
    for (const row of rows) if (row.value) byKey.set(row.value, [...(byKey.get(row.value) ?? []), row.id]);
  }
  return byKey;
}
