import { and, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../../db";
import { inventoryLevels } from "../../db/schema";

/**
 * How movements.ts reads and writes the quantities of the levels it changes, always holding the items' row locks
 * (which serialise every change to their levels).
 */

/** A change as these need it: its item and location, and its delta when it is one. */
type LevelDelta = { itemId: string; locationId: string; adjustBy?: number };

/** A level's key in the maps below: its item and location. */
export const levelKey = (itemId: string, locationId: string) => `${itemId}|${locationId}`;

/** The levels the changes address as they stand (absent: 0), by levelKey. Called holding the items' locks. */
export async function readLevels(
  tx: Db,
  storeId: string,
  resolved: readonly LevelDelta[],
  itemIds: string[],
): Promise<Map<string, number>> {
  const stored = await tx
    .select({
      itemId: inventoryLevels.inventoryItemId,
      locationId: inventoryLevels.locationId,
      quantity: inventoryLevels.quantity,
    })
    .from(inventoryLevels)
    .where(
      and(
        eq(inventoryLevels.storeId, storeId),
        inArray(inventoryLevels.inventoryItemId, itemIds),
        inArray(inventoryLevels.locationId, [...new Set(resolved.map((change) => change.locationId))]),
      ),
    );
  return new Map(stored.map((row) => [levelKey(row.itemId, row.locationId), row.quantity]));
}

/**
 * Adds positive deltas to their levels (creating a level that does not exist) in one statement, and answers the
 * levels as they stood before, by levelKey: what readLevels would have read. Called holding the items' locks.
 */
export async function addToLevels(
  tx: Db,
  storeId: string,
  resolved: readonly LevelDelta[],
): Promise<Map<string, number>> {
  const totals = new Map<string, { itemId: string; locationId: string; added: number }>();
  for (const change of resolved) {
    const key = levelKey(change.itemId, change.locationId);
    const total = totals.get(key) ?? { itemId: change.itemId, locationId: change.locationId, added: 0 };
    total.added += change.adjustBy ?? 0;
    totals.set(key, total);
  }
  const after = await tx
    .insert(inventoryLevels)
    .values(
      [...totals.values()].map((total) => ({
        inventoryItemId: total.itemId,
        storeId,
        locationId: total.locationId,
        quantity: total.added,
      })),
    )
    .onConflictDoUpdate({
      target: [inventoryLevels.inventoryItemId, inventoryLevels.locationId],
      set: {
        quantity: sql`${inventoryLevels.quantity} + excluded.quantity`,
        updatedAt: sql`greatest(now(), ${inventoryLevels.updatedAt} + interval '1 millisecond')`,
      },
    })
    .returning({
      itemId: inventoryLevels.inventoryItemId,
      locationId: inventoryLevels.locationId,
      quantity: inventoryLevels.quantity,
    });
  return new Map(
    after.map((row) => {
      const key = levelKey(row.itemId, row.locationId);
      return [key, row.quantity - (totals.get(key)?.added ?? 0)];
    }),
  );
}

/** Writes each level's final quantity (the last movement's `quantityAfter` per level), creating absent levels. */
export async function setLevels(
  tx: Db,
  storeId: string,
  movements: readonly { inventoryItemId: string; locationId: string; quantityAfter: number }[],
): Promise<void> {
  const finalLevels = new Map<string, { itemId: string; locationId: string; quantity: number }>();
  for (const row of movements) {
    finalLevels.set(levelKey(row.inventoryItemId, row.locationId), {
      itemId: row.inventoryItemId,
      locationId: row.locationId,
      quantity: row.quantityAfter,
    });
  }
  await tx
    .insert(inventoryLevels)
    .values(
      [...finalLevels.values()].map((level) => ({
        inventoryItemId: level.itemId,
        storeId,
        locationId: level.locationId,
        quantity: level.quantity,
      })),
    )
    .onConflictDoUpdate({
      target: [inventoryLevels.inventoryItemId, inventoryLevels.locationId],
      set: {
        quantity: sql`excluded.quantity`,
        updatedAt: sql`greatest(now(), ${inventoryLevels.updatedAt} + interval '1 millisecond')`,
      },
    });
}
