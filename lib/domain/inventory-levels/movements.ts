import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../../db";
import { binStock, inventoryItems, inventoryMovements } from "../../db/schema";
import type { InventoryMovementReason, InventoryMovementSource } from "../../enums";
import { newId } from "../../ids";
import type {
  InventoryLevel,
  InventoryMovement,
  InventoryMovementRequest,
} from "../../schemas/inventory-levels";
import type { Actor } from "../actor";
import { binnedTotals } from "../bins/bin-stock";
import { DomainError, type FieldIssue } from "../errors";
import { recordInventoryItemEvents } from "../events/inventory-item-events";
import { loadMovementsByIds } from "./ledger";
import { addToLevels, levelKey, readLevels, setLevels } from "./level-quantities";
import { loadLevelsByKey } from "./levels";
import { INVENTORY_MOVEMENT_RESOURCE, resolveChanges } from "./resolve-changes";

/**
 * The one way an inventory level changes (docs/inventory-ledger.md): each change is a row of the append-only
 * ledger, written in the same transaction as the level, with its reason, source and actor. A level therefore
 * always equals the sum of its movements. Receipts, processed returns and imports call this with their own
 * source; the API's adjustments call it with `adjustment`.
 */

export type LevelChange = {
  /** Exactly one of the item's id and its SKU (a PRODUCT item's). */
  inventoryItemId?: string;
  sku?: string;
  locationId: string;
  /** Exactly one of a delta and a counted quantity. */
  adjustBy?: number;
  setTo?: number;
  reason: InventoryMovementReason;
  note?: string;
  /**
   * An addition straight into this bin of the location (a receipt naming a bin, docs/bins.md) rather than the
   * unbinned remainder. The caller checked the bin and holds its lock, taken after the items' locks.
   */
  binId?: string;
  /**
   * A decrease out of this bin of the location (a transfer shipped from chosen bins, docs/transfers.md) rather
   * than the unbinned remainder. The caller checked the bin is the location's; the bin's units of the item are
   * read here, under the item's lock, which every writer of its bin stock takes.
   */
  takeFromBin?: string;
  /** The lot a receipt recorded (a lot-tracked product), and its expiry. */
  lotNumber?: string;
  expirationDate?: string;
};

export type ApplyMovementsInput = {
  storeId: string;
  changes: readonly LevelChange[];
  source: { type: InventoryMovementSource; id?: string };
  actor: Actor;
  idempotencyKey?: string;
  /** Where the changes sit in the request, for error paths (`movements.3.sku`). */
  path?: string;
  /** False when the caller does not answer with the movements and levels (a receipt): two reads saved. */
  answer?: boolean;
  /**
   * `db` is the caller's transaction and any error here aborts it whole (a receipt): the changes run in it
   * directly, without the savepoint that otherwise makes them all-or-nothing on their own (two round trips).
   */
  inCallersTransaction?: boolean;
  /**
   * The caller read, in this transaction, that every change names an inventory item of the store by id and an
   * active location of it (a receipt: its lines' items and the shipment's destination): two lookups saved.
   */
  referencesChecked?: boolean;
};

export type ApplyMovementsResult = { movements: InventoryMovement[]; levels: InventoryLevel[] };

/** A change would take a level below zero: 409 naming every such row. Nothing is written. */
export class NegativeLevelError extends DomainError {
  readonly status = 409;
  readonly code = `${INVENTORY_MOVEMENT_RESOURCE}/negative-level`;
  readonly errors: FieldIssue[];
  constructor(errors: FieldIssue[]) {
    super(
      "These changes would take a stock level below zero, or below the units in its bins; nothing was changed.",
    );
    this.errors = errors;
  }
}

/** The API's rows (snake_case) as changes. */
export function changesFromRequest(rows: readonly InventoryMovementRequest[]): LevelChange[] {
  return rows.map((row) => ({
    inventoryItemId: row.inventory_item_id,
    sku: row.sku,
    locationId: row.location_id,
    adjustBy: row.adjust_by,
    setTo: row.set_to,
    reason: row.reason,
    note: row.note,
  }));
}

/** Runs `changes` all-or-nothing in one transaction (the caller's when `db` is one). */
export async function applyInventoryMovements(
  db: Db,
  input: ApplyMovementsInput,
): Promise<ApplyMovementsResult> {
  if (input.inCallersTransaction) return moveLevels(db, input);
  return db.transaction((tx) => moveLevels(tx, input));
}

async function moveLevels(tx: Db, input: ApplyMovementsInput): Promise<ApplyMovementsResult> {
  const resolved = input.referencesChecked
    ? input.changes.map((change, index) => {
        if (!change.inventoryItemId) throw new TypeError("Checked references name each item by its id.");
        return { ...change, index, itemId: change.inventoryItemId };
      })
    : await resolveChanges(tx, input);
  const itemIds = [...new Set(resolved.map((change) => change.itemId))].sort();
  // The items' row locks serialise every change to their levels (and order their events): taken in id
  // order, so two requests touching the same items never deadlock.
  await tx
    .select({ id: inventoryItems.id })
    .from(inventoryItems)
    .where(inArray(inventoryItems.id, itemIds))
    .orderBy(asc(inventoryItems.id))
    .for("update");

  // Additions only (a receipt's good units): the levels are added to in place and the statement answers the new
  // quantities, so they need no read first. Under the items' locks just taken that is the same as reading then
  // writing, and no addition can take a level below zero.
  const additionsOnly =
    resolved.length > 0 &&
    resolved.every((change) => change.setTo === undefined && (change.adjustBy ?? 0) > 0);
  const current = additionsOnly
    ? await addToLevels(tx, input.storeId, resolved)
    : await readLevels(tx, input.storeId, resolved, itemIds);
  // A change names no bin, so it acts on the unbinned remainder: a decrease may not reach units in bins
  // (docs/bins.md). Additions cannot, so they skip the read.
  const binned = additionsOnly ? new Map<string, number>() : await binnedTotals(tx, itemIds);
  const inBin = await heldInBins(tx, resolved);

  const movementRows: (typeof inventoryMovements.$inferInsert)[] = [];
  const negative: FieldIssue[] = [];
  const addressed = new Map<string, { inventoryItemId: string; locationId: string }>();
  const path = input.path ?? "movements";
  for (const change of resolved) {
    const key = levelKey(change.itemId, change.locationId);
    if (!addressed.has(key))
      addressed.set(key, { inventoryItemId: change.itemId, locationId: change.locationId });
    const before = current.get(key) ?? 0;
    const after = change.setTo ?? before + (change.adjustBy ?? 0);
    if (after < 0) {
      negative.push({
        path: `${path}.${change.index}.adjust_by`,
        message: `This would leave ${after} units (the level holds ${before}); a level cannot go below zero.`,
      });
      continue;
    }
    const inBins = binned.get(key) ?? 0;
    if (change.takeFromBin) {
      // Out of a bin: the level keeps its bins (both fall by the same units), so only the bin's own units count.
      const binKey = `${change.takeFromBin}|${change.itemId}`;
      const held = inBin.get(binKey) ?? 0;
      const taking = before - after;
      if (taking <= 0) throw new TypeError("A change out of a bin takes units out.");
      if (taking > held) {
        negative.push({
          path: `${path}.${change.index}.adjust_by`,
          message: `The bin holds ${held} of these units; ${taking} cannot leave it.`,
        });
        continue;
      }
      inBin.set(binKey, held - taking);
      binned.set(key, inBins - taking);
    } else if (after < before && after < inBins) {
      negative.push({
        path: `${path}.${change.index}.adjust_by`,
        message: `${inBins} of the ${before} units sit in bins and ${before - inBins} are unbinned; move units out of their bins before taking the level to ${after}.`,
      });
      continue;
    }
    current.set(key, after);
    if (after === before) continue;
    movementRows.push({
      id: newId("inventoryMovement"),
      storeId: input.storeId,
      inventoryItemId: change.itemId,
      locationId: change.locationId,
      quantityDelta: after - before,
      quantityAfter: after,
      reason: change.reason,
      sourceType: input.source.type,
      sourceId: input.source.id ?? null,
      actorKind: input.actor.userId ? "staff" : input.actor.apiKeyId ? "api_secret" : "system",
      actorId: input.actor.userId ?? input.actor.apiKeyId ?? null,
      actorName: input.actor.name,
      idempotencyKey: input.idempotencyKey ?? null,
      note: change.note ?? null,
      binId: after > before ? (change.binId ?? null) : (change.takeFromBin ?? null),
      lotNumber: change.lotNumber ?? null,
      expirationDate: change.expirationDate ?? null,
    });
  }
  if (negative.length > 0) throw new NegativeLevelError(negative);

  // Additions wrote their levels already (addToLevels); other changes write each level's final quantity.
  if (movementRows.length > 0 && !additionsOnly) await setLevels(tx, input.storeId, movementRows);
  if (movementRows.length > 0) {
    await tx.insert(inventoryMovements).values(movementRows);
    await addToBins(tx, movementRows);
    const changedItems = [...new Set(movementRows.map((row) => row.inventoryItemId))];
    await tx
      .update(inventoryItems)
      .set({ updatedAt: sql`greatest(now(), ${inventoryItems.updatedAt} + interval '1 millisecond')` })
      .where(inArray(inventoryItems.id, changedItems));
    await recordInventoryItemEvents(tx, input.storeId, changedItems);
  }
  if (input.answer === false) return { movements: [], levels: [] };
  return {
    movements: await loadMovementsByIds(
      tx,
      movementRows.map((row) => row.id),
    ),
    levels: await loadLevelsByKey(tx, input.storeId, [...addressed.values()]),
  };
}

/** Each bin's units of an item, for the changes that take units out of a bin (read under the items' locks). */
async function heldInBins(
  tx: Db,
  changes: readonly { takeFromBin?: string; itemId: string }[],
): Promise<Map<string, number>> {
  const pairs = changes.flatMap((change) =>
    change.takeFromBin ? [sql`(${change.takeFromBin}, ${change.itemId})`] : [],
  );
  if (pairs.length === 0) return new Map();
  const { rows } = await tx.execute<{ bin_id: string; inventory_item_id: string; quantity: number }>(sql`
    select bin_id, inventory_item_id, quantity from bin_stock
    where (bin_id, inventory_item_id) in (${sql.join(pairs, sql`, `)})`);
  return new Map(rows.map((row) => [`${row.bin_id}|${row.inventory_item_id}`, Number(row.quantity)]));
}

/**
 * The rows that name a bin add their delta to its stock: straight into it (a receipt naming a bin), as a move into
 * it does (lib/domain/bins/bin-stock.ts), or out of it (a transfer shipped from it).
 */
async function addToBins(tx: Db, rows: readonly (typeof inventoryMovements.$inferInsert)[]): Promise<void> {
  for (const row of rows) {
    if (!row.binId) continue;
    if (row.quantityDelta < 0) {
      // Out of a bin that holds the units (checked under the item's lock): an update, since an insert's
      // proposed row would fail the non-negative CHECK before its conflict turns it into one.
      await tx
        .update(binStock)
        .set({ quantity: sql`${binStock.quantity} + ${row.quantityDelta}`, updatedAt: sql`now()` })
        .where(and(eq(binStock.binId, row.binId), eq(binStock.inventoryItemId, row.inventoryItemId)));
      continue;
    }
    await tx
      .insert(binStock)
      .values({
        binId: row.binId,
        inventoryItemId: row.inventoryItemId,
        storeId: row.storeId,
        locationId: row.locationId,
        quantity: row.quantityDelta,
      })
      .onConflictDoUpdate({
        target: [binStock.binId, binStock.inventoryItemId],
        set: { quantity: sql`${binStock.quantity} + ${row.quantityDelta}`, updatedAt: sql`now()` },
      });
  }
}
