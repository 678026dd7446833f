import { asc, inArray } from "drizzle-orm";
import type { Db } from "../../db";
import { inventoryItems } from "../../db/schema";
import { type Disposition, type NonSellableStockState, stockStateOf } from "../../enums";
import type { Actor } from "../actor";
import { applyStateChanges, type StateChange } from "../dispositions/state-ledger";
import { recordInventoryItemEvents } from "../events/inventory-item-events";
import { applyInventoryMovements, type LevelChange } from "../inventory-levels/movements";
import { claimReturnedToVendor } from "../suppliers/return-to-vendor";

/** One processed item whose units go somewhere: back to sellable stock, or into a non-sellable state. */
export type ProcessedUnits = {
  returnItemId: string;
  inventoryItemId: string;
  locationId: string;
  quantity: number;
  disposition: Disposition;
};

/**
 * Where processing puts an item's units (docs/dispositions.md), all through the inventory ledger with the return
 * as source (reason `returned`): `restock` adds to the level (sellable); every other disposition adds the units,
 * unbinned, to that non-sellable state at the location, so no inspected unit leaves the books.
 *
 * Return-to-vendor units are recorded here and only here: their ledger rows carry `stock_state`
 * `return_to_vendor`, source `return` and the return's id (index inventory_movements_store_state_idx), and the
 * return item keeps `disposition = return_to_vendor`; they join the supplier's open claim here, in the same
 * transaction (lib/domain/suppliers/return-to-vendor.ts).
 *
 * Answers the ledger movement of each item, by return item id.
 */
export async function putProcessedUnits(
  tx: Db,
  input: {
    storeId: string;
    returnId: string;
    units: readonly ProcessedUnits[];
    actor: Actor;
    /** For the supplier claim a return-to-vendor unit joins (its webhook event's links). */
    publicUrl: string;
    idempotencyKey?: string;
  },
): Promise<Map<string, string>> {
  const movementOf = new Map<string, string>();
  if (input.units.length === 0) return movementOf;
  // Every touched item's row lock, in id order, before either ledger writes (each takes the same locks again).
  const itemIds = [...new Set(input.units.map((unit) => unit.inventoryItemId))].sort();
  await tx
    .select({ id: inventoryItems.id })
    .from(inventoryItems)
    .where(inArray(inventoryItems.id, itemIds))
    .orderBy(asc(inventoryItems.id))
    .for("update");

  const restocked = input.units.filter((unit) => unit.disposition === "restock");
  const held = input.units.filter((unit) => unit.disposition !== "restock");
  const source = { type: "return" as const, id: input.returnId };
  if (restocked.length > 0) {
    const changes: LevelChange[] = restocked.map((unit) => ({
      inventoryItemId: unit.inventoryItemId,
      locationId: unit.locationId,
      adjustBy: unit.quantity,
      reason: "returned",
      note: `Return item ${unit.returnItemId}`,
    }));
    const { movements } = await applyInventoryMovements(tx, {
      storeId: input.storeId,
      changes,
      source,
      actor: input.actor,
      idempotencyKey: input.idempotencyKey,
    });
    // One movement per change (each adds units), in the changes' order.
    restocked.forEach((unit, at) => {
      const id = movements[at]?.id;
      if (id) movementOf.set(unit.returnItemId, id);
    });
  }
  if (held.length > 0) {
    const changes: StateChange[] = held.map((unit) => ({
      inventoryItemId: unit.inventoryItemId,
      locationId: unit.locationId,
      state: stockStateOf(unit.disposition) as NonSellableStockState,
      binId: null,
      delta: unit.quantity,
      note: `Return item ${unit.returnItemId}`,
    }));
    const ids = await applyStateChanges(tx, {
      storeId: input.storeId,
      changes,
      reason: "returned",
      source,
      actor: input.actor,
      idempotencyKey: input.idempotencyKey,
    });
    held.forEach((unit, at) => {
      const id = ids[at];
      if (id) movementOf.set(unit.returnItemId, id);
    });
    // Items restocked too got their event from the level change; the others get theirs here.
    const evented = new Set(restocked.map((unit) => unit.inventoryItemId));
    await recordInventoryItemEvents(
      tx,
      input.storeId,
      [...new Set(held.map((unit) => unit.inventoryItemId))].filter((id) => !evented.has(id)),
    );
    await claimReturnedToVendor(
      tx,
      { storeId: input.storeId, actor: input.actor, publicUrl: input.publicUrl },
      { returnId: input.returnId, units: held.filter((unit) => unit.disposition === "return_to_vendor") },
    );
  }
  return movementOf;
}
