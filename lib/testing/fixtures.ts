import type { Db } from "../db";
import { locations, products, productVariants, stores } from "../db/schema";
import { newId } from "../ids";

/** Small builders for integration tests: each inserts one row with sensible defaults and returns it. */

export async function insertStore(db: Db, overrides: Partial<typeof stores.$inferInsert> = {}) {
  const [row] = await db
    .insert(stores)
    .values({ id: newId("store"), name: "Test Store", ...overrides })
    .returning();
  if (!row) throw new Error("no store inserted");
  return row;
}

export async function insertLocation(
  db: Db,
  storeId: string,
  overrides: Partial<typeof locations.$inferInsert> = {},
) {
  const [row] = await db
    .insert(locations)
    .values({
      id: newId("location"),
      storeId,
      name: `Warehouse ${newId("location").slice(-4)}`,
      ...overrides,
    })
    .returning();
  if (!row) throw new Error("no location inserted");
  return row;
}

export async function insertVariant(db: Db, storeId: string) {
  const [product] = await db
    .insert(products)
    .values({ id: newId("product"), storeId, title: "Trail Tee" })
    .returning();
  if (!product) throw new Error("no product inserted");
  const [variant] = await db
    .insert(productVariants)
    .values({
      id: newId("variant"),
      storeId,
      productId: product.id,
      title: "Forest / M",
      sku: `TT-${newId("variant").slice(-6)}`,
      price: "24.00",
    })
    .returning();
  if (!variant) throw new Error("no variant inserted");
  return { product, variant };
}
