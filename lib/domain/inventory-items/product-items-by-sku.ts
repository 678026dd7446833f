import { and, eq, inArray } from "drizzle-orm";
import type { Db } from "../../db";
import { inventoryItems } from "../../db/schema";

const BATCH = 1000;

/**
 * The PRODUCT inventory items of each SKU in a store, by SKU: usually one id, several when products share
 * a SKU (the caller says which it refuses), none when no product has it. Asked in batches, so an import of
 * thousands of SKUs stays within the driver's parameter limit.
 */
export async function productItemIdsBySku(
  db: Db,
  storeId: string,
  skus: readonly string[],
): Promise<Map<string, string[]>> {
  const bySku = new Map<string, string[]>();
  const unique = [...new Set(skus)];
  for (let i = 0; i < unique.length; i += BATCH) {
    const rows = await db
      .select({ id: inventoryItems.id, sku: inventoryItems.sku })
      .from(inventoryItems)
      .where(
        and(
          eq(inventoryItems.storeId, storeId),
          eq(inventoryItems.kind, "PRODUCT"),
          inArray(inventoryItems.sku, unique.slice(i, i + BATCH)),
        ),
      );
    for (const row of rows) if (row.sku) bySku.set(row.sku, [...(bySku.get(row.sku) ?? []), row.id]);
  }
  return bySku;
}
