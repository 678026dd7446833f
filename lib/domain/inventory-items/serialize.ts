import { and, asc, eq, getTableName, gt, inArray, sql } from "drizzle-orm";
import type { Db } from "../../db";
import {
  type inventoryItems,
  inventoryLevels,
  inventoryMovements,
  locations,
  products,
  productVariants,
  stockStateQuantities,
} from "../../db/schema";
import type { NonSellableStockState } from "../../enums";
import type { InventoryItem, InventoryItemLocation } from "../../schemas/inventory-items";

export type InventoryItemRow = Pick<
  typeof inventoryItems.$inferSelect,
  "id" | "sku" | "name" | "kind" | "createdAt" | "updatedAt"
> & { lot: { lot_number: string; expiration_date: string | null } | null };

/**
 * The item's current lot (docs/bins.md): the lot of its newest receipt that recorded one, while its product
 * tracks lots (inventory_movements_item_lot_idx); null otherwise.
 */
// Named in full: Drizzle writes a one-table select's own columns unqualified, which the subquery would take as its own.
const currentLot = (table: typeof inventoryItems, tableName = getTableName(table)) => sql<
  InventoryItemRow["lot"]
>`(
  select json_build_object('lot_number', m.lot_number, 'expiration_date', m.expiration_date)
  from ${inventoryMovements} m
  where m.inventory_item_id = ${sql.raw(`"${tableName}"."id"`)} and m.lot_number is not null
    and exists (select 1 from ${productVariants} v join ${products} p on p.id = v.product_id
      where v.id = ${sql.raw(`"${tableName}"."variant_id"`)} and p.tracks_lots)
  order by m.seq desc limit 1)`;

/** The columns of `inventory_items` an API item needs. */
export function inventoryItemColumns(table: typeof inventoryItems) {
  return {
    id: table.id,
    sku: table.sku,
    name: table.name,
    kind: table.kind,
    createdAt: table.createdAt,
    updatedAt: table.updatedAt,
    lot: currentLot(table),
  };
}

/**
 * Stock levels of the given items, with their location names, in ONE query (no query per item).
 * Each item's locations are ordered by location name, then id. Items without levels are absent.
 */
export async function loadItemLocations(
  db: Db,
  itemIds: readonly string[],
): Promise<Map<string, InventoryItemLocation[]>> {
  const byItem = new Map<string, InventoryItemLocation[]>();
  if (itemIds.length === 0) return byItem;
  const rows = await db
    .select({
      itemId: inventoryLevels.inventoryItemId,
      locationId: inventoryLevels.locationId,
      locationName: locations.name,
      quantity: inventoryLevels.quantity,
      // The one bin that holds all the level's units, else null (units unbinned or in several bins).
      bin: sql<
        string | null
      >`(select case when count(*) = 1 and sum(bs.quantity) = ${inventoryLevels.quantity}
        then min(b.code) end from bin_stock bs join bins b on b.id = bs.bin_id
        where bs.inventory_item_id = ${inventoryLevels.inventoryItemId}
          and bs.location_id = ${inventoryLevels.locationId} and bs.quantity > 0)`,
    })
    .from(inventoryLevels)
    .innerJoin(
      locations,
      sql`${locations.storeId} = ${inventoryLevels.storeId} and ${locations.id} = ${inventoryLevels.locationId}`,
    )
    .where(inArray(inventoryLevels.inventoryItemId, [...itemIds]))
    .orderBy(asc(inventoryLevels.inventoryItemId), asc(locations.name), asc(locations.id));
  for (const row of rows) {
    let list = byItem.get(row.itemId);
    if (!list) {
      list = [];
      byItem.set(row.itemId, list);
    }
    list.push({
      location_id: row.locationId,
      location_name: row.locationName,
      bin: row.bin,
      quantity: row.quantity,
    });
  }
  return byItem;
}

export type HeldUnits = { state: NonSellableStockState; quantity: number };

/**
 * Units of the given items held out of sellable stock (docs/dispositions.md), per state in the state list's
 * order, at `locationId` only when given; in ONE query. Items holding none are absent.
 */
export async function loadItemHeld(
  db: Db,
  itemIds: readonly string[],
  locationId?: string,
): Promise<Map<string, HeldUnits[]>> {
  const byItem = new Map<string, HeldUnits[]>();
  if (itemIds.length === 0) return byItem;
  const rows = await db
    .select({
      itemId: stockStateQuantities.inventoryItemId,
      state: stockStateQuantities.state,
      quantity: sql<number>`sum(${stockStateQuantities.quantity})::int`,
    })
    .from(stockStateQuantities)
    .where(
      and(
        inArray(stockStateQuantities.inventoryItemId, [...itemIds]),
        locationId === undefined ? undefined : eq(stockStateQuantities.locationId, locationId),
        gt(stockStateQuantities.quantity, 0),
      ),
    )
    .groupBy(stockStateQuantities.inventoryItemId, stockStateQuantities.state)
    // An enum sorts in its declaration order: the state list's.
    .orderBy(asc(stockStateQuantities.inventoryItemId), asc(stockStateQuantities.state));
  for (const row of rows) {
    const list = byItem.get(row.itemId) ?? [];
    list.push({ state: row.state as NonSellableStockState, quantity: Number(row.quantity) });
    byItem.set(row.itemId, list);
  }
  return byItem;
}

/** The API's view of an inventory item; `quantity` is the sum over its locations (decisions §6). */
export function serializeInventoryItem(
  row: InventoryItemRow,
  itemLocations: readonly InventoryItemLocation[],
  held: readonly HeldUnits[] = [],
): InventoryItem {
  return {
    id: row.id,
    sku: row.sku,
    name: row.name,
    kind: row.kind,
    lot_number: row.lot?.lot_number ?? null,
    expiration_date: row.lot?.expiration_date ?? null,
    quantity: itemLocations.reduce((sum, location) => sum + location.quantity, 0),
    locations: [...itemLocations],
    held: [...held],
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}
