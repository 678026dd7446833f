import { and, desc, eq, gte, inArray, lt, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db";
import { inventoryItems, inventoryLevels, locations, products, productVariants } from "../../db/schema";
import { isId } from "../../ids";
import type { InventoryLevel, InventoryLevelDetail } from "../../schemas/inventory-levels";
import { NotFoundError } from "../errors";
import type { KeysetPosition } from "../paging";

/**
 * Inventory levels in the real service's shape (`GET /stores/{storeId}/inventory-levels`): one row per item
 * and location, with the product it holds. Backroom keeps no allocations, holds or bills of materials, so
 * `available` and `total_available` equal `quantity` and the other counters are 0.
 */

export const INVENTORY_LEVEL_RESOURCE = "inventory-level";

/** The columns a level's JSON needs: the level, its item, location and (when linked) product and variant. */
function levelColumns() {
  return {
    id: inventoryLevels.id,
    inventoryItemId: inventoryLevels.inventoryItemId,
    quantity: inventoryLevels.quantity,
    createdAt: inventoryLevels.createdAt,
    updatedAt: inventoryLevels.updatedAt,
    locationId: inventoryLevels.locationId,
    locationName: locations.name,
    itemName: inventoryItems.name,
    itemSku: inventoryItems.sku,
    productId: products.id,
    productTitle: products.title,
    variantTitle: productVariants.title,
    upc: productVariants.upc,
    imageUrl: sql<string | null>`coalesce(${productVariants.imageUrl}, ${products.imageUrl})`,
  };
}
type LevelRow = {
  id: string;
  inventoryItemId: string;
  quantity: number;
  createdAt: Date;
  updatedAt: Date;
  locationId: string;
  locationName: string;
  itemName: string | null;
  itemSku: string | null;
  productId: string | null;
  productTitle: string | null;
  variantTitle: string | null;
  upc: string | null;
  imageUrl: string | null;
};

/** levels ⋈ items ⋈ locations, with the item's variant and product when it has one. */
function levelQuery(db: Db) {
  return db
    .select(levelColumns())
    .from(inventoryLevels)
    .innerJoin(inventoryItems, eq(inventoryItems.id, inventoryLevels.inventoryItemId))
    .innerJoin(
      locations,
      and(eq(locations.storeId, inventoryLevels.storeId), eq(locations.id, inventoryLevels.locationId)),
    )
    .leftJoin(productVariants, eq(productVariants.id, inventoryItems.variantId))
    .leftJoin(products, eq(products.id, productVariants.productId));
}

function toLevel(row: LevelRow): InventoryLevel {
  const title =
    row.productTitle !== null
      ? row.variantTitle
        ? `${row.productTitle} - ${row.variantTitle}`
        : row.productTitle
      : (row.itemName ?? row.itemSku ?? "Unidentified item");
  return {
    id: row.id,
    product: { id: row.productId ?? row.inventoryItemId, title, sku: row.itemSku },
    location: { id: row.locationId, name: row.locationName },
    quantity: row.quantity,
    available: row.quantity,
    committed: 0,
    reserved: 0,
    buildable: 0,
    total_available: row.quantity,
    inventory_item_id: row.inventoryItemId,
    updated_at: row.updatedAt.toISOString(),
  };
}

export type InventoryLevelFilters = {
  storeId: string;
  locationId?: string;
  /** A product's id (`prd_…`), or an item's (`ii_…`) for levels of goods without a product. */
  productId?: string;
  sku?: string;
  updatedAtMin?: Date;
  updatedAtMax?: Date;
};

function levelFilterConditions(filters: InventoryLevelFilters): (SQL | undefined)[] {
  const conditions: (SQL | undefined)[] = [eq(inventoryLevels.storeId, filters.storeId)];
  if (filters.locationId !== undefined) conditions.push(eq(inventoryLevels.locationId, filters.locationId));
  if (filters.productId !== undefined) {
    conditions.push(
      filters.productId.startsWith("ii_")
        ? eq(inventoryLevels.inventoryItemId, filters.productId)
        : eq(productVariants.productId, filters.productId),
    );
  }
  if (filters.sku !== undefined) conditions.push(eq(inventoryItems.sku, filters.sku));
  if (filters.updatedAtMin) conditions.push(gte(inventoryLevels.updatedAt, filters.updatedAtMin));
  if (filters.updatedAtMax) conditions.push(lt(inventoryLevels.updatedAt, filters.updatedAtMax));
  return conditions;
}

/**
 * A page of levels, most recently updated first (updated_at desc, id desc), by keyset on
 * inventory_levels_store_updated_idx: every page costs what the first does.
 */
export async function listInventoryLevels(
  db: Db,
  params: InventoryLevelFilters & { limit: number; after?: KeysetPosition },
): Promise<{ levels: InventoryLevel[]; next?: KeysetPosition }> {
  const conditions = levelFilterConditions(params);
  if (params.after) {
    conditions.push(
      sql`(${inventoryLevels.updatedAt}, ${inventoryLevels.id}) < (${params.after.updatedAt.toISOString()}::timestamptz, ${params.after.id})`,
    );
  }
  const rows = await levelQuery(db)
    .where(and(...conditions))
    .orderBy(desc(inventoryLevels.updatedAt), desc(inventoryLevels.id))
    .limit(params.limit + 1);
  const page = rows.slice(0, params.limit);
  const last = page.at(-1);
  return {
    levels: page.map(toLevel),
    ...(rows.length > params.limit && last ? { next: { updatedAt: last.updatedAt, id: last.id } } : {}),
  };
}

/** One level of the store (detail shape); NotFoundError for a malformed, unknown or foreign id. */
export async function getInventoryLevel(
  db: Db,
  params: { storeId: string; inventoryLevelId: string },
): Promise<InventoryLevelDetail> {
  if (!isId("inventoryLevel", params.inventoryLevelId)) {
    throw new NotFoundError(INVENTORY_LEVEL_RESOURCE, params.inventoryLevelId);
  }
  const [row] = await levelQuery(db)
    .where(and(eq(inventoryLevels.storeId, params.storeId), eq(inventoryLevels.id, params.inventoryLevelId)))
    .limit(1);
  if (!row) throw new NotFoundError(INVENTORY_LEVEL_RESOURCE, params.inventoryLevelId);
  const level = toLevel(row);
  return {
    ...level,
    product: { ...level.product, upc: row.upc, image_url: row.imageUrl },
    external_ids: null,
    created_at: row.createdAt.toISOString(),
  };
}

/** The levels of the given (item, location) pairs, in the order given (pairs without a level are left out). */
export async function loadLevelsByKey(
  db: Db,
  storeId: string,
  keys: readonly { inventoryItemId: string; locationId: string }[],
): Promise<InventoryLevel[]> {
  if (keys.length === 0) return [];
  const rows = await levelQuery(db).where(
    and(
      eq(inventoryLevels.storeId, storeId),
      inArray(inventoryLevels.inventoryItemId, [...new Set(keys.map((k) => k.inventoryItemId))]),
      inArray(inventoryLevels.locationId, [...new Set(keys.map((k) => k.locationId))]),
    ),
  );
  const byKey = new Map(rows.map((row) => [`${row.inventoryItemId}|${row.locationId}`, row]));
  return keys.flatMap((k) => {
    const row = byKey.get(`${k.inventoryItemId}|${k.locationId}`);
    return row ? [toLevel(row)] : [];
  });
}
