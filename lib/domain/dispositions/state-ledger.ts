import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import type { Db } from "../../db";
import { inventoryItems, inventoryMovements, stockStateQuantities } from "../../db/schema";
import type { InventoryMovementReason, InventoryMovementSource, NonSellableStockState } from "../../enums";
import { newId } from "../../ids";
import type { Actor } from "../actor";
import { ConflictError } from "../errors";

/**
 * The ledger of non-sellable stock (docs/dispositions.md): units in a state such as refurbish or quarantine are
 * rows of `stock_state_quantities` (per item, location, state and bin), changed only here and always with an
 * `inventory_movements` row carrying that `stock_state`, so each state's quantity equals the sum of its rows as a
 * level does. The caller holds the items' row locks (the lock every level change takes), so state changes and
 * level changes of one item serialise.
 */

export type StateChange = {
  inventoryItemId: string;
  locationId: string;
  state: NonSellableStockState;
  binId: string | null;
  /** Units in (positive) or out (negative); never 0. */
  delta: number;
  note?: string | null;
};

export type StateLedgerInput = {
  storeId: string;
  changes: readonly StateChange[];
  reason: InventoryMovementReason;
  source: { type: InventoryMovementSource; id?: string | null };
  actor: Actor;
  idempotencyKey?: string;
  /** The request field a shortfall's problem names (default `move.quantity`). */
  quantityPath?: string;
  /** Ids for the rows, in the changes' order, when the caller needs them ordered (a move's out before its in). */
  ids?: readonly string[];
};

export function actorColumnsOf(actor: Actor) {
  return {
    actorKind: actor.userId
      ? ("staff" as const)
      : actor.apiKeyId
        ? ("api_secret" as const)
        : ("system" as const),
    actorId: actor.userId ?? actor.apiKeyId ?? null,
    actorName: actor.name,
  };
}

/**
 * Applies state changes in order: each adds to (or takes from) its row, refusing to go below zero (409
 * `inventory-movement/not-enough-stock`, nothing written by the caller's transaction), and writes its ledger row
 * with the state's units at the location after it. Answers the rows' ids.
 */
export async function applyStateChanges(tx: Db, input: StateLedgerInput): Promise<string[]> {
  const ids: string[] = [];
  const rows: (typeof inventoryMovements.$inferInsert)[] = [];
  for (const [at, change] of input.changes.entries()) {
    const place = and(
      eq(stockStateQuantities.inventoryItemId, change.inventoryItemId),
      eq(stockStateQuantities.locationId, change.locationId),
      eq(stockStateQuantities.state, change.state),
      change.binId === null
        ? isNull(stockStateQuantities.binId)
        : eq(stockStateQuantities.binId, change.binId),
    );
    if (change.delta < 0) {
      const [held] = await tx
        .select({ quantity: stockStateQuantities.quantity })
        .from(stockStateQuantities)
        .where(place);
      const available = held?.quantity ?? 0;
      if (available < -change.delta) {
        throw new ConflictError(
          "inventory-movement/not-enough-stock",
          `Only ${available} ${change.state.replaceAll("_", " ")} ${available === 1 ? "unit is" : "units are"} ${change.binId ? "in that bin" : "unbinned"} here; nothing was changed.`,
          [{ path: input.quantityPath ?? "move.quantity", message: `At most ${available}.` }],
        );
      }
      // Taking units: the row exists (it holds them), so an update; an insert's proposed row would be negative.
      await tx
        .update(stockStateQuantities)
        .set({ quantity: sql`${stockStateQuantities.quantity} + ${change.delta}`, updatedAt: sql`now()` })
        .where(place);
    } else {
      await tx
        .insert(stockStateQuantities)
        .values({
          storeId: input.storeId,
          inventoryItemId: change.inventoryItemId,
          locationId: change.locationId,
          state: change.state,
          binId: change.binId,
          quantity: change.delta,
        })
        .onConflictDoUpdate({
          target: [
            stockStateQuantities.inventoryItemId,
            stockStateQuantities.locationId,
            stockStateQuantities.state,
            stockStateQuantities.binId,
          ],
          set: { quantity: sql`${stockStateQuantities.quantity} + ${change.delta}`, updatedAt: sql`now()` },
        });
    }
    const [total] = await tx
      .select({ quantity: sql<number>`coalesce(sum(${stockStateQuantities.quantity}), 0)::int` })
      .from(stockStateQuantities)
      .where(
        and(
          eq(stockStateQuantities.inventoryItemId, change.inventoryItemId),
          eq(stockStateQuantities.locationId, change.locationId),
          eq(stockStateQuantities.state, change.state),
        ),
      );
    const id = input.ids?.[at] ?? newId("inventoryMovement");
    ids.push(id);
    rows.push({
      id,
      storeId: input.storeId,
      inventoryItemId: change.inventoryItemId,
      locationId: change.locationId,
      binId: change.binId,
      stockState: change.state,
      quantityDelta: change.delta,
      quantityAfter: total?.quantity ?? 0,
      reason: input.reason,
      sourceType: input.source.type,
      sourceId: input.source.id ?? null,
      ...actorColumnsOf(input.actor),
      idempotencyKey: input.idempotencyKey ?? null,
      note: change.note ?? null,
    });
  }
  if (rows.length > 0) {
    await tx.insert(inventoryMovements).values(rows);
    const itemIds = [...new Set(rows.map((row) => row.inventoryItemId))];
    await tx
      .update(inventoryItems)
      .set({ updatedAt: sql`greatest(now(), ${inventoryItems.updatedAt} + interval '1 millisecond')` })
      .where(inArray(inventoryItems.id, itemIds));
  }
  return ids;
}
