import { and, asc, eq, inArray, isNull } from "drizzle-orm";
import type { Db } from "../db";
import {
  events,
  inventoryItems,
  inventoryLevels,
  locations,
  orderLineItems,
  returnActivities,
  returnItems,
  returns,
  returnTags,
} from "../db/schema";
import type { ReturnStatus } from "../enums";
import { pickReturn } from "./api-helpers";

/**
 * Shared pieces of the return lifecycle route tests (app/api/v2.2/returns/[returnId]/…): a demo return put
 * in a given status with its items unprocessed, the events and activities a return has, a store's stock.
 */

export type LifecycleReturn = { returnId: string; itemIds: string[] };

/**
 * A demo return of the store no other test of the file has taken, put in `status` with every item
 * unprocessed (status `received`, no grade or outcome), without tags, and green or not as asked; a
 * `flagged` one was flagged while `flaggedFrom` (default `delivered`). With `restockable`, each
 * item's order line has a PRODUCT inventory item (so it can be restocked).
 */
export async function returnIn(
  db: Db,
  storeId: string,
  status: ReturnStatus,
  options: { minItems?: number; green?: boolean; restockable?: boolean; flaggedFrom?: ReturnStatus } = {},
): Promise<LifecycleReturn> {
  for (;;) {
    const picked = await pickReturn(db, storeId, options.minItems ?? 1);
    if (options.restockable && !(await allRestockable(db, storeId, picked.itemIds))) continue;
    // A flagged return remembers where it was flagged (`delivered` unless asked), as Flag does.
    const statusBeforeFlag = status === "flagged" ? (options.flaggedFrom ?? "delivered") : null;
    await db.update(returns).set({ status, statusBeforeFlag }).where(eq(returns.id, picked.returnId));
    await db
      .update(returnItems)
      .set({ status: "received", grade: null, outcome: null, greenReturn: options.green ?? false })
      .where(eq(returnItems.returnId, picked.returnId));
    await db.delete(returnTags).where(eq(returnTags.returnId, picked.returnId));
    return picked;
  }
}

async function allRestockable(db: Db, storeId: string, itemIds: readonly string[]): Promise<boolean> {
  const rows = await db
    .select({ id: returnItems.id, stock: inventoryItems.id })
    .from(returnItems)
    .innerJoin(orderLineItems, eq(orderLineItems.id, returnItems.orderLineItemId))
    .leftJoin(
      inventoryItems,
      and(
        eq(inventoryItems.variantId, orderLineItems.variantId),
        eq(inventoryItems.kind, "PRODUCT"),
        eq(inventoryItems.storeId, storeId),
      ),
    )
    .where(inArray(returnItems.id, [...itemIds]));
  return rows.length === itemIds.length && rows.every((row) => row.stock !== null);
}

/** An active location of the store. */
export async function activeLocation(db: Db, storeId: string): Promise<string> {
  const [row] = await db
    .select({ id: locations.id })
    .from(locations)
    .where(and(eq(locations.storeId, storeId), isNull(locations.archivedAt)))
    .orderBy(asc(locations.id))
    .limit(1);
  if (!row) throw new Error(`store ${storeId} has no active location`);
  return row.id;
}

/** The PRODUCT inventory item a return item restocks into, and its level at `locationId` (0 when none). */
export async function stockOfItem(db: Db, itemId: string, locationId: string) {
  const [row] = await db
    .select({ inventoryItemId: inventoryItems.id, quantity: returnItems.quantity })
    .from(returnItems)
    .innerJoin(orderLineItems, eq(orderLineItems.id, returnItems.orderLineItemId))
    .innerJoin(
      inventoryItems,
      and(eq(inventoryItems.variantId, orderLineItems.variantId), eq(inventoryItems.kind, "PRODUCT")),
    )
    .where(eq(returnItems.id, itemId));
  if (!row) throw new Error(`return item ${itemId} has no inventory item`);
  const [level] = await db
    .select({ quantity: inventoryLevels.quantity })
    .from(inventoryLevels)
    .where(
      and(
        eq(inventoryLevels.inventoryItemId, row.inventoryItemId),
        eq(inventoryLevels.locationId, locationId),
      ),
    );
  return { inventoryItemId: row.inventoryItemId, returned: row.quantity, level: level?.quantity ?? 0 };
}

/** The return's events in `seq` order: type and the status their snapshot carries. */
export async function returnEvents(db: Db, returnId: string) {
  const rows = await db
    .select({ seq: events.seq, type: events.type, payload: events.payload })
    .from(events)
    .where(eq(events.subjectId, returnId))
    .orderBy(asc(events.seq));
  return rows.map((row) => ({
    seq: Number(row.seq),
    type: row.type,
    status: (row.payload as { return?: { status?: string } }).return?.status,
  }));
}

/** The return's activities, oldest first. */
export async function returnActivitiesOf(db: Db, returnId: string) {
  return db
    .select({
      kind: returnActivities.kind,
      actorKind: returnActivities.actorKind,
      actorName: returnActivities.actorName,
      details: returnActivities.details,
      at: returnActivities.at,
    })
    .from(returnActivities)
    .where(eq(returnActivities.returnId, returnId))
    .orderBy(asc(returnActivities.at));
}

/** The stored status of a return and of its items. */
export async function storedState(db: Db, returnId: string) {
  const [row] = await db
    .select({
      status: returns.status,
      refundTotal: returns.refundTotal,
      storeCreditTotal: returns.storeCreditTotal,
    })
    .from(returns)
    .where(eq(returns.id, returnId));
  const items = await db
    .select({
      id: returnItems.id,
      status: returnItems.status,
      grade: returnItems.grade,
      outcome: returnItems.outcome,
      greenReturn: returnItems.greenReturn,
      refundAmount: returnItems.refundAmount,
      refundType: returnItems.refundType,
    })
    .from(returnItems)
    .where(eq(returnItems.returnId, returnId))
    .orderBy(asc(returnItems.position), asc(returnItems.id));
  return { ...row, items };
}
