import { and, asc, desc, eq, exists, ilike, inArray, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db";
import { inventoryItems, products, productVariants, stores } from "../../db/schema";
import { isId } from "../../ids";
import { formatDecimal } from "../../schemas/common";
import type { Product } from "../../schemas/products";
import { NotFoundError } from "../errors";
import { escapeLike } from "../inventory-items/list-inventory-items";
import type { KeysetPosition } from "../paging";
import { PRODUCT_RESOURCE } from "./bulk-upload";

/** The catalog as the API reads it: products with their variants, newest change first. */

export type ProductFilters = { storeId: string; sku?: string; externalId?: string; q?: string };

function conditions(filters: ProductFilters): (SQL | undefined)[] {
  const where: (SQL | undefined)[] = [eq(products.storeId, filters.storeId)];
  if (filters.externalId !== undefined) where.push(eq(products.externalId, filters.externalId));
  if (filters.q !== undefined) where.push(ilike(products.title, `%${escapeLike(filters.q)}%`));
  if (filters.sku !== undefined) {
    where.push(
      exists(
        sql`(select 1 from ${productVariants} where ${productVariants.productId} = ${products.id} and ${productVariants.sku} = ${filters.sku})`,
      ),
    );
  }
  return where;
}

/** Products of the page with their variants (in creation order) and each variant's PRODUCT inventory item. */
async function withVariants(db: Db, rows: (typeof products.$inferSelect)[]): Promise<Product[]> {
  if (rows.length === 0) return [];
  const storeId = rows[0]?.storeId as string;
  const [store] = await db.select({ currency: stores.currency }).from(stores).where(eq(stores.id, storeId));
  const variants = await db
    .select({ variant: productVariants, itemId: inventoryItems.id })
    .from(productVariants)
    .leftJoin(
      inventoryItems,
      and(eq(inventoryItems.variantId, productVariants.id), eq(inventoryItems.kind, "PRODUCT")),
    )
    .where(
      inArray(
        productVariants.productId,
        rows.map((row) => row.id),
      ),
    )
    .orderBy(asc(productVariants.createdAt), asc(productVariants.title), asc(productVariants.id));
  const byProduct = new Map<string, Product["variants"]>();
  for (const { variant, itemId } of variants) {
    const list = byProduct.get(variant.productId) ?? [];
    if (list.some((v) => v.id === variant.id)) continue;
    list.push({
      id: variant.id,
      external_id: variant.externalId,
      title: variant.title,
      sku: variant.sku,
      upc: variant.upc,
      price: { amount: formatDecimal(variant.price), currency: store?.currency ?? "USD" },
      weight_kg: variant.weightKg,
      image_url: variant.imageUrl,
      inventory_item_id: itemId,
    });
    byProduct.set(variant.productId, list);
  }
  return rows.map((row) => ({
    id: row.id,
    external_id: row.externalId,
    title: row.title,
    image_url: row.imageUrl,
    product_type: row.productType,
    tags: row.tags,
    tracks_lots: row.tracksLots,
    variants: byProduct.get(row.id) ?? [],
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  }));
}

/** A page of products, most recently updated first, by keyset on products_store_updated_idx. */
export async function listProducts(
  db: Db,
  params: ProductFilters & { limit: number; after?: KeysetPosition },
): Promise<{ products: Product[]; next?: KeysetPosition }> {
  const where = conditions(params);
  if (params.after) {
    where.push(
      sql`(${products.updatedAt}, ${products.id}) < (${params.after.updatedAt.toISOString()}::timestamptz, ${params.after.id})`,
    );
  }
  const rows = await db
    .select()
    .from(products)
    .where(and(...where))
    .orderBy(desc(products.updatedAt), desc(products.id))
    .limit(params.limit + 1);
  const page = rows.slice(0, params.limit);
  const last = page.at(-1);
  return {
    products: await withVariants(db, page),
    ...(rows.length > params.limit && last ? { next: { updatedAt: last.updatedAt, id: last.id } } : {}),
  };
}

export async function getProduct(db: Db, params: { storeId: string; productId: string }): Promise<Product> {
  if (!isId("product", params.productId)) throw new NotFoundError(PRODUCT_RESOURCE, params.productId);
  const rows = await db
    .select()
    .from(products)
    .where(and(eq(products.storeId, params.storeId), eq(products.id, params.productId)));
  const [product] = await withVariants(db, rows);
  if (!product) throw new NotFoundError(PRODUCT_RESOURCE, params.productId);
  return product;
}
