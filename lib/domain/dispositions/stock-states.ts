import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../../db";
import { binStock, bins, inventoryItems, inventoryLevels, locations } from "../../db/schema";
import type { NonSellableStockState } from "../../enums";
import type { ItemStockStates, StockStateMove } from "../../schemas/dispositions";
import type { InventoryMovement } from "../../schemas/inventory-levels";
import type { Actor } from "../actor";
import { ConflictError, NotFoundError, ValidationError } from "../errors";
import { recordInventoryItemEvents } from "../events/inventory-item-events";
import { loadMovementsByIds } from "../inventory-levels/ledger";
import { applyInventoryMovements } from "../inventory-levels/movements";
import { applyStateChanges } from "./state-ledger";
import { itemStockStates } from "./stock-state-read";

/**
 * An item's stock by state (docs/dispositions.md): sellable (the level) and each non-sellable state per location
 * and bin; and moving units from one state (or bin) to another, which is how a disposition is changed later.
 */

const MOVE = "inventory-movement";

type MoveInput = {
  storeId: string;
  inventoryItemId: string;
  move: StockStateMove;
  actor: Actor;
  idempotencyKey?: string;
};

/**
 * Moves units of one item at one location from a state (and bin) to another: refurbish to sellable, quarantine
 * to dispose, or a state's units from unbinned into a bin (its putaway). Two ledger rows, out then in, reason
 * `disposition`, source `disposition_change` (within one state: `moved`, `bin_move`), the caller as actor; a sellable side changes the level through
 * applyInventoryMovements, so its guarantees hold. All or nothing.
 */
export async function moveStockState(
  db: Db,
  input: MoveInput,
): Promise<{ movements: InventoryMovement[]; stock: ItemStockStates }> {
  return db.transaction(async (tx) => {
    const { storeId, inventoryItemId, move } = input;
    const [item] = await tx
      .select({ id: inventoryItems.id })
      .from(inventoryItems)
      .where(and(eq(inventoryItems.storeId, storeId), eq(inventoryItems.id, inventoryItemId)))
      .for("update");
    if (!item) throw new NotFoundError("inventory-item", inventoryItemId);
    const [location] = await tx
      .select({ archivedAt: locations.archivedAt })
      .from(locations)
      .where(and(eq(locations.storeId, storeId), eq(locations.id, move.location_id)));
    if (!location) {
      throw new ValidationError(MOVE, [
        {
          path: "move.location_id",
          message: `No location with id ${JSON.stringify(move.location_id)} exists in this store.`,
        },
      ]);
    }
    if (location.archivedAt) {
      throw new ConflictError(
        `${MOVE}/location-archived`,
        "This location is archived; restore it before moving its stock.",
      );
    }
    const to = await checkBins(tx, storeId, move);

    // Within one state it is a move between places (a held unit's putaway), as a bin move records it.
    const within = move.from_state === move.to_state;
    const common = {
      storeId,
      reason: within ? ("moved" as const) : ("disposition" as const),
      source: { type: within ? ("bin_move" as const) : ("disposition_change" as const) },
      actor: input.actor,
      idempotencyKey: input.idempotencyKey,
    };
    const note = move.note || null;
    const ids: string[] = [];
    const stateChanges = [
      ...(move.from_state === "sellable"
        ? []
        : [
            {
              inventoryItemId,
              locationId: move.location_id,
              state: move.from_state as NonSellableStockState,
              binId: move.from_bin_id,
              delta: -move.quantity,
              note,
            },
          ]),
      ...(move.to_state === "sellable"
        ? []
        : [
            {
              inventoryItemId,
              locationId: move.location_id,
              state: move.to_state as NonSellableStockState,
              binId: to?.id ?? null,
              delta: move.quantity,
              note,
            },
          ]),
    ];
    if (move.from_state === "sellable") {
      await checkUnbinnedSellable(tx, {
        inventoryItemId,
        locationId: move.location_id,
        quantity: move.quantity,
      });
      const result = await applyInventoryMovements(tx, {
        storeId,
        changes: [
          {
            inventoryItemId,
            locationId: move.location_id,
            adjustBy: -move.quantity,
            reason: "disposition",
            note: note ?? undefined,
          },
        ],
        source: common.source,
        actor: input.actor,
        idempotencyKey: input.idempotencyKey,
        inCallersTransaction: true,
        referencesChecked: true,
      });
      ids.push(...result.movements.map((movement) => movement.id));
    }
    ids.push(...(await applyStateChanges(tx, { ...common, changes: stateChanges })));
    if (move.to_state === "sellable") {
      const result = await applyInventoryMovements(tx, {
        storeId,
        changes: [
          {
            inventoryItemId,
            locationId: move.location_id,
            adjustBy: move.quantity,
            reason: "disposition",
            note: note ?? undefined,
            binId: to?.id,
          },
        ],
        source: common.source,
        actor: input.actor,
        idempotencyKey: input.idempotencyKey,
        inCallersTransaction: true,
        referencesChecked: true,
      });
      ids.push(...result.movements.map((movement) => movement.id));
    } else {
      // A sellable side recorded the item's event already (applyInventoryMovements); otherwise it is ours.
      if (move.from_state !== "sellable") await recordInventoryItemEvents(tx, storeId, [inventoryItemId]);
    }
    return {
      movements: await loadMovementsByIds(tx, ids),
      stock: await itemStockStates(tx, { storeId, inventoryItemId }),
    };
  });
}

/** Sellable units leave the unbinned remainder (a decrease may not reach units in bins, docs/bins.md). */
async function checkUnbinnedSellable(
  tx: Db,
  input: { inventoryItemId: string; locationId: string; quantity: number },
): Promise<void> {
  const [level] = await tx
    .select({ quantity: inventoryLevels.quantity })
    .from(inventoryLevels)
    .where(
      and(
        eq(inventoryLevels.inventoryItemId, input.inventoryItemId),
        eq(inventoryLevels.locationId, input.locationId),
      ),
    );
  const [binned] = await tx
    .select({ total: sql<number>`coalesce(sum(${binStock.quantity}), 0)::int` })
    .from(binStock)
    .where(
      and(eq(binStock.inventoryItemId, input.inventoryItemId), eq(binStock.locationId, input.locationId)),
    );
  const unbinned = (level?.quantity ?? 0) - (binned?.total ?? 0);
  if (input.quantity > unbinned) {
    throw new ConflictError(
      `${MOVE}/not-enough-stock`,
      `Only ${unbinned} sellable ${unbinned === 1 ? "unit is" : "units are"} unbinned here; move units out of their bins first. Nothing was moved.`,
      [{ path: "move.quantity", message: `At most ${unbinned}.` }],
    );
  }
}

/**
 * The move's bins, locked in id order (as a bin move locks them): each must be at the location; the destination
 * active and with room for the units, counting every state's units in it. Answers the destination.
 */
async function checkBins(tx: Db, storeId: string, move: StockStateMove) {
  const binIds = [move.from_bin_id, move.to_bin_id].filter((id): id is string => id !== null).sort();
  if (binIds.length === 0) return undefined;
  const rows = await tx
    .select()
    .from(bins)
    .where(and(eq(bins.storeId, storeId), eq(bins.locationId, move.location_id), inArray(bins.id, binIds)))
    .orderBy(asc(bins.id))
    .for("update");
  const byId = new Map(rows.map((row) => [row.id, row]));
  const unknown = (["from_bin_id", "to_bin_id"] as const).flatMap((field) => {
    const id = move[field];
    return id !== null && !byId.has(id)
      ? [{ path: `move.${field}`, message: `No bin with id ${JSON.stringify(id)} is at this location.` }]
      : [];
  });
  if (unknown.length > 0) throw new ValidationError(MOVE, unknown, "Some bins are not at this location.");
  const to = move.to_bin_id ? byId.get(move.to_bin_id) : undefined;
  if (!to) return undefined;
  if (to.archivedAt) {
    throw new ConflictError(
      "bin/archived",
      `Bin ${to.code} is archived and takes no units; restore it first.`,
    );
  }
  if (to.capacity) {
    const [held] = await tx
      .execute<{ total: number }>(sql`
      select (coalesce((select sum(quantity) from bin_stock where bin_id = ${to.id}), 0)
        + coalesce((select sum(quantity) from stock_state_quantities where bin_id = ${to.id}), 0))::int as total`)
      .then((result) => result.rows);
    const total = Number(held?.total ?? 0);
    if (total + move.quantity > to.capacity) {
      throw new ConflictError(
        "bin/over-capacity",
        `Bin ${to.code} holds ${total} of its ${to.capacity} units; ${move.quantity} more would overfill it.`,
      );
    }
  }
  return to;
}
