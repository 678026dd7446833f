import { and, asc, eq, gte, isNull, sql } from "drizzle-orm";
import type { Db } from "../db";
import { insertInBatches } from "../db/insert-batches";
import {
  dispositionRules,
  inventoryItems,
  inventoryLevels,
  inventoryMovements,
  locations,
  stockStateQuantities,
} from "../db/schema";
import type { NonSellableStockState } from "../enums";
import { newId } from "../ids";

/**
 * The demo's dispositions (docs/dispositions.md): per store, a few catalog products have units held out of
 * sellable stock (refurbish, open box, return to vendor, quarantine), moved there by Backroom as the ledger
 * records a later disposition change (a pair of rows, reason `disposition`); and two disposition rules.
 */
const HELD: { state: NonSellableStockState; quantity: number }[] = [
  { state: "refurbish", quantity: 2 },
  { state: "open_box", quantity: 3 },
  { state: "return_to_vendor", quantity: 2 },
  { state: "quarantine", quantity: 1 },
];

export async function holdDemoDispositions(tx: Db, storeIds: readonly string[]): Promise<number> {
  let rows = 0;
  for (const storeId of storeIds) {
    const levels = await tx
      .select({
        itemId: inventoryLevels.inventoryItemId,
        locationId: inventoryLevels.locationId,
        quantity: inventoryLevels.quantity,
      })
      .from(inventoryLevels)
      .innerJoin(inventoryItems, eq(inventoryItems.id, inventoryLevels.inventoryItemId))
      .innerJoin(
        locations,
        and(eq(locations.storeId, inventoryLevels.storeId), eq(locations.id, inventoryLevels.locationId)),
      )
      .where(
        and(
          eq(inventoryLevels.storeId, storeId),
          eq(inventoryItems.kind, "PRODUCT"),
          isNull(locations.archivedAt),
          gte(inventoryLevels.quantity, 10),
          // Catalog stock is unbinned in the demo, so the units leave the unbinned remainder as a move would.
          sql`not exists (select 1 from bin_stock b where b.inventory_item_id = ${inventoryLevels.inventoryItemId} and b.quantity > 0)`,
        ),
      )
      .orderBy(asc(inventoryLevels.inventoryItemId))
      .limit(HELD.length);
    const movementRows: (typeof inventoryMovements.$inferInsert)[] = [];
    const stateRows: (typeof stockStateQuantities.$inferInsert)[] = [];
    for (const [at, level] of levels.entries()) {
      const held = HELD[at];
      if (!held) continue;
      const after = level.quantity - held.quantity;
      await tx
        .update(inventoryLevels)
        .set({ quantity: after })
        .where(
          and(
            eq(inventoryLevels.inventoryItemId, level.itemId),
            eq(inventoryLevels.locationId, level.locationId),
          ),
        );
      const row = { storeId, inventoryItemId: level.itemId, locationId: level.locationId };
      const common = {
        ...row,
        reason: "disposition" as const,
        sourceType: "disposition_change" as const,
        actorKind: "system" as const,
        actorName: "Backroom",
        note: "Demo disposition",
      };
      const [outId, inId] = [newId("inventoryMovement"), newId("inventoryMovement")].sort() as [
        string,
        string,
      ];
      movementRows.push(
        { ...common, id: outId, stockState: "sellable", quantityDelta: -held.quantity, quantityAfter: after },
        {
          ...common,
          id: inId,
          stockState: held.state,
          quantityDelta: held.quantity,
          quantityAfter: held.quantity,
        },
      );
      stateRows.push({ ...row, state: held.state, binId: null, quantity: held.quantity });
    }
    rows += await insertInBatches(tx, inventoryMovements, movementRows);
    rows += await insertInBatches(tx, stockStateQuantities, stateRows);
    rows += await insertInBatches(tx, dispositionRules, [
      { storeId, position: 0, grade: "C", outcome: "missing accessories", disposition: "open_box" },
      { storeId, position: 1, grade: "D", outcome: null, disposition: "refurbish" },
    ]);
  }
  return rows;
}
