import { and, asc, eq, gt, inArray, sql } from "drizzle-orm";
import type { Db } from "../../db";
import {
  binStock,
  bins,
  inventoryItems,
  inventoryLevels,
  inventoryMovements,
  locations,
} from "../../db/schema";
import { newId } from "../../ids";
import type { BinMoveRequest, ItemBinStock } from "../../schemas/bins";
import type { InventoryMovement } from "../../schemas/inventory-levels";
import type { Actor } from "../actor";
import { ConflictError, NotFoundError, ValidationError } from "../errors";
import { recordInventoryItemEvents } from "../events/inventory-item-events";
import { loadMovementsByIds } from "../inventory-levels/ledger";
import { levelKey } from "../inventory-levels/level-quantities";

/**
 * Units in bins (docs/bins.md). A level is the sum of its bins plus the unbinned remainder; a move between
 * bins of one location is two ledger rows (out of one, into the other, reason `moved`) written under the item's
 * row lock, the same lock every level change takes, so the level never changes on a move and
 * level = sum(bins) + unbinned holds after any interleaving of moves, receipts and adjustments.
 */

const MOVE = "inventory-movement";

/** Units in bins per level (item and location), by levelKey: what movements.ts keeps out of reach of unbinned changes. */
export async function binnedTotals(tx: Db, itemIds: readonly string[]): Promise<Map<string, number>> {
  if (itemIds.length === 0) return new Map();
  const rows = await tx
    .select({
      itemId: binStock.inventoryItemId,
      locationId: binStock.locationId,
      total: sql<number>`sum(${binStock.quantity})::int`,
    })
    .from(binStock)
    .where(inArray(binStock.inventoryItemId, [...itemIds]))
    .groupBy(binStock.inventoryItemId, binStock.locationId);
  return new Map(rows.map((row) => [levelKey(row.itemId, row.locationId), row.total]));
}

/** One item's units at each of its locations, per bin (by code) and unbinned. */
export async function itemBinStock(
  db: Db,
  params: { storeId: string; inventoryItemId: string },
): Promise<ItemBinStock> {
  const levels = await db
    .select({
      locationId: inventoryLevels.locationId,
      locationName: locations.name,
      quantity: inventoryLevels.quantity,
    })
    .from(inventoryLevels)
    .innerJoin(
      locations,
      and(eq(locations.storeId, inventoryLevels.storeId), eq(locations.id, inventoryLevels.locationId)),
    )
    .where(
      and(
        eq(inventoryLevels.storeId, params.storeId),
        eq(inventoryLevels.inventoryItemId, params.inventoryItemId),
      ),
    )
    .orderBy(asc(locations.name), asc(locations.id));
  const binned = await db
    .select({
      locationId: binStock.locationId,
      binId: bins.id,
      code: bins.code,
      zone: bins.zone,
      archivedAt: bins.archivedAt,
      quantity: binStock.quantity,
    })
    .from(binStock)
    .innerJoin(bins, eq(bins.id, binStock.binId))
    .where(
      and(
        eq(binStock.storeId, params.storeId),
        eq(binStock.inventoryItemId, params.inventoryItemId),
        gt(binStock.quantity, 0),
      ),
    )
    .orderBy(asc(sql`lower(${bins.code})`), asc(bins.id));
  return {
    locations: levels.map((level) => {
      const here = binned.filter((row) => row.locationId === level.locationId);
      return {
        location_id: level.locationId,
        location_name: level.locationName,
        quantity: level.quantity,
        unbinned: level.quantity - here.reduce((sum, row) => sum + row.quantity, 0),
        bins: here.map((row) => ({
          bin_id: row.binId,
          code: row.code,
          zone: row.zone,
          archived: row.archivedAt !== null,
          quantity: row.quantity,
        })),
      };
    }),
  };
}

type MoveInput = { storeId: string; inventoryItemId: string; move: BinMoveRequest; actor: Actor };

/**
 * Moves units of one item between two bins of a location, or between a bin and the unbinned remainder.
 * 400 for a location or bin the store does not have there; 409 for more units than the source holds, an
 * archived destination bin, a bin that would exceed its capacity, or an archived location.
 */
export async function moveBinStock(
  db: Db,
  input: MoveInput,
): Promise<{ movements: InventoryMovement[]; stock: ItemBinStock }> {
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
    const binIds = [move.from_bin_id, move.to_bin_id].filter((id): id is string => id !== null).sort();
    // The bins' row locks (in id order) serialise capacity checks of moves of different items into one bin.
    const binRows =
      binIds.length === 0
        ? []
        : await tx
            .select()
            .from(bins)
            .where(
              and(eq(bins.storeId, storeId), eq(bins.locationId, move.location_id), inArray(bins.id, binIds)),
            )
            .orderBy(asc(bins.id))
            .for("update");
    const binById = new Map(binRows.map((row) => [row.id, row]));
    const unknown = (["from_bin_id", "to_bin_id"] as const).flatMap((field) => {
      const id = move[field];
      return id !== null && !binById.has(id)
        ? [{ path: `move.${field}`, message: `No bin with id ${JSON.stringify(id)} is at this location.` }]
        : [];
    });
    if (unknown.length > 0) throw new ValidationError(MOVE, unknown, "Some bins are not at this location.");
    const from = move.from_bin_id ? binById.get(move.from_bin_id) : undefined;
    const to = move.to_bin_id ? binById.get(move.to_bin_id) : undefined;
    if (to?.archivedAt) {
      throw new ConflictError(
        "bin/archived",
        `Bin ${to.code} is archived and takes no units; restore it first.`,
      );
    }

    const [level] = await tx
      .select({ quantity: inventoryLevels.quantity })
      .from(inventoryLevels)
      .where(
        and(
          eq(inventoryLevels.inventoryItemId, inventoryItemId),
          eq(inventoryLevels.locationId, move.location_id),
        ),
      );
    const levelQuantity = level?.quantity ?? 0;
    const inBins = await tx
      .select({ binId: binStock.binId, quantity: binStock.quantity })
      .from(binStock)
      .where(and(eq(binStock.inventoryItemId, inventoryItemId), eq(binStock.locationId, move.location_id)));
    const binned = inBins.reduce((sum, row) => sum + row.quantity, 0);
    const available = from
      ? (inBins.find((row) => row.binId === from.id)?.quantity ?? 0)
      : levelQuantity - binned;
    if (move.quantity > available) {
      throw new ConflictError(
        `${MOVE}/not-enough-stock`,
        `Only ${available} ${available === 1 ? "unit is" : "units are"} ${from ? `in bin ${from.code}` : "unbinned"} here; nothing was moved.`,
        [{ path: "move.quantity", message: `At most ${available}.` }],
      );
    }
    if (to?.capacity) {
      const [held] = await tx
        .select({ total: sql<number>`coalesce(sum(${binStock.quantity}), 0)::int` })
        .from(binStock)
        .where(eq(binStock.binId, to.id));
      if ((held?.total ?? 0) + move.quantity > to.capacity) {
        throw new ConflictError(
          "bin/over-capacity",
          `Bin ${to.code} holds ${held?.total ?? 0} of its ${to.capacity} units; ${move.quantity} more would overfill it.`,
        );
      }
    }

    if (from) {
      await tx
        .update(binStock)
        .set({ quantity: sql`${binStock.quantity} - ${move.quantity}`, updatedAt: sql`now()` })
        .where(and(eq(binStock.binId, from.id), eq(binStock.inventoryItemId, inventoryItemId)));
    }
    if (to) {
      await tx
        .insert(binStock)
        .values({
          binId: to.id,
          inventoryItemId,
          storeId,
          locationId: move.location_id,
          quantity: move.quantity,
        })
        .onConflictDoUpdate({
          target: [binStock.binId, binStock.inventoryItemId],
          set: { quantity: sql`${binStock.quantity} + ${move.quantity}`, updatedAt: sql`now()` },
        });
    }
    const actor = input.actor;
    const row = (id: string, binId: string | null, delta: number) => ({
      id,
      storeId,
      inventoryItemId,
      locationId: move.location_id,
      binId,
      quantityDelta: delta,
      quantityAfter: levelQuantity,
      reason: "moved" as const,
      sourceType: "bin_move" as const,
      actorKind: actor.userId
        ? ("staff" as const)
        : actor.apiKeyId
          ? ("api_secret" as const)
          : ("system" as const),
      actorId: actor.userId ?? actor.apiKeyId ?? null,
      actorName: actor.name,
      note: move.note || null,
    });
    // The pair shares its created_at; the row in gets the larger id, so lists ordered by (time, id), as the
    // item's history is, show it after the row out.
    const [outId, inId] = [newId("inventoryMovement"), newId("inventoryMovement")].sort() as [string, string];
    const rows = [row(outId, from?.id ?? null, -move.quantity), row(inId, to?.id ?? null, move.quantity)];
    await tx.insert(inventoryMovements).values(rows);
    await tx
      .update(inventoryItems)
      .set({ updatedAt: sql`greatest(now(), ${inventoryItems.updatedAt} + interval '1 millisecond')` })
      .where(eq(inventoryItems.id, inventoryItemId));
    await recordInventoryItemEvents(tx, storeId, [inventoryItemId]);
    return {
      movements: await loadMovementsByIds(
        tx,
        rows.map((r) => r.id),
      ),
      stock: await itemBinStock(tx, { storeId, inventoryItemId }),
    };
  });
}
