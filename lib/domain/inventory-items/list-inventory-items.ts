import { and, desc, eq, exists, gt, ilike, not, or, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db";
import { inventoryItems, inventoryLevels } from "../../db/schema";
import type { InventoryItemKind, InventoryStockFilter } from "../../enums";
import type { InventoryItem } from "../../schemas/inventory-items";
import type { KeysetPosition } from "../paging";
import { inventoryItemColumns, loadItemHeld, loadItemLocations, serializeInventoryItem } from "./serialize";

/** Position after which a page starts: the last item of the previous page. */
export type InventoryItemCursor = KeysetPosition;

export type ListInventoryItemsParams = {
  storeId: string;
  /** Exact SKU. */
  sku?: string;
  kind?: InventoryItemKind;
  /**
   * Only items at this location; each item then shows only it (`quantity` is the quantity there), as the
   * published list answers with `location_id`.
   */
  locationId?: string;
  /**
   * By stock (at `locationId` when given): `in_stock` above zero (the API's default, the published list),
   * `out_of_stock` none, `any` (or absent) every item, with a level at `locationId` when given.
   */
  stock?: InventoryStockFilter;
  /** Case-insensitive substring of the SKU or the name (LIKE wildcards in it are literal). */
  q?: string;
  /** Page size, at least 1 (the API bounds it). */
  limit: number;
  after?: InventoryItemCursor;
};

export type ListInventoryItemsResult = {
  items: InventoryItem[];
  /** Cursor of the next page; absent on the last page. */
  next?: InventoryItemCursor;
};

/** Escapes LIKE's wildcards so a search text matches literally (backslash is PostgreSQL's default escape). */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * A page of the store's inventory items, most recently updated first (updated_at desc, id desc).
 * Keyset paging, never OFFSET: the page after `after` is an index range scan on
 * (store_id, updated_at desc, id desc), so every page costs the same. `limit + 1` rows are read to
 * know whether a next page exists; the page's levels come in one more query (no N+1).
 */
export async function listInventoryItems(
  db: Db,
  params: ListInventoryItemsParams,
): Promise<ListInventoryItemsResult> {
  const { limit, after } = params;
  if (!Number.isInteger(limit) || limit < 1)
    throw new RangeError(`limit must be a positive integer, got ${limit}`);

  const conditions = inventoryFilterConditions(db, params);
  if (after) {
    // Row comparison, so PostgreSQL walks the (store_id, updated_at desc, id desc) index from the cursor.
    conditions.push(
      sql`(${inventoryItems.updatedAt}, ${inventoryItems.id}) < (${after.updatedAt.toISOString()}::timestamptz, ${after.id})`,
    );
  }

  const rows = await db
    .select(inventoryItemColumns(inventoryItems))
    .from(inventoryItems)
    .where(and(...conditions))
    .orderBy(desc(inventoryItems.updatedAt), desc(inventoryItems.id))
    .limit(limit + 1);

  const page = rows.slice(0, limit);
  const itemLocations = await loadItemLocations(
    db,
    page.map((row) => row.id),
  );
  const held = await loadItemHeld(
    db,
    page.map((row) => row.id),
    params.locationId,
  );
  const items = page.map((row) =>
    serializeInventoryItem(
      row,
      shownLocations(itemLocations.get(row.id) ?? [], params.locationId),
      held.get(row.id),
    ),
  );
  const last = page.at(-1);
  return rows.length > limit && last
    ? { items, next: { updatedAt: last.updatedAt, id: last.id } }
    : { items };
}

/** With a location filter an item shows that location only, so `quantity` (their sum) is the quantity there. */
export function shownLocations<T extends { location_id: string }>(
  all: readonly T[],
  locationId?: string,
): T[] {
  return locationId === undefined ? [...all] : all.filter((location) => location.location_id === locationId);
}

/** The list's filters (store, sku, kind, location, stock, search) as conditions; the export applies the same. */
export function inventoryFilterConditions(
  db: Db,
  params: Pick<ListInventoryItemsParams, "storeId" | "sku" | "kind" | "locationId" | "stock" | "q">,
): (SQL | undefined)[] {
  const { storeId, sku, kind, locationId, stock = "any", q } = params;
  const conditions: (SQL | undefined)[] = [eq(inventoryItems.storeId, storeId)];
  if (sku !== undefined) conditions.push(eq(inventoryItems.sku, sku));
  if (kind !== undefined) conditions.push(eq(inventoryItems.kind, kind));
  const levels = (onHand: boolean) =>
    exists(
      db
        .select({ one: sql`1` })
        .from(inventoryLevels)
        .where(
          and(
            eq(inventoryLevels.inventoryItemId, inventoryItems.id),
            eq(inventoryLevels.storeId, storeId),
            locationId === undefined ? undefined : eq(inventoryLevels.locationId, locationId),
            onHand ? gt(inventoryLevels.quantity, 0) : undefined,
          ),
        ),
    );
  if (stock === "in_stock") conditions.push(levels(true));
  if (stock === "out_of_stock") conditions.push(not(levels(true)));
  // At a location, "out of stock" and "any" still mean items that have a level there.
  if (locationId !== undefined && stock !== "in_stock") conditions.push(levels(false));
  if (q !== undefined) {
    const pattern = `%${escapeLike(q)}%`;
    conditions.push(or(ilike(inventoryItems.sku, pattern), ilike(inventoryItems.name, pattern)));
  }
  return conditions;
}
