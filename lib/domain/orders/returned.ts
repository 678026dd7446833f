import { and, eq, inArray, notInArray, sql } from "drizzle-orm";
import type { Db } from "../../db";
import { returnItems, returns } from "../../db/schema";

/**
 * Units of each of an order's lines that are in returns not rejected or deleted: what a new return may no longer
 * claim. Keyed by the line's id (`oli_…`); lines without such units are absent.
 */
export async function returnedQuantities(db: Db, orderIds: string[]): Promise<Map<string, number>> {
  if (orderIds.length === 0) return new Map();
  const rows = await db
    .select({ lineId: returnItems.orderLineItemId, quantity: sql<number>`sum(${returnItems.quantity})::int` })
    .from(returnItems)
    .innerJoin(returns, eq(returns.id, returnItems.returnId))
    .where(and(inArray(returns.orderId, orderIds), notInArray(returns.status, ["rejected", "deleted"])))
    .groupBy(returnItems.orderLineItemId);
  return new Map(rows.map((row) => [row.lineId, Number(row.quantity)]));
}

/** The lines among `lineIds` that any return names, rejected and deleted ones included (the foreign key keeps them). */
export async function linesInReturns(db: Db, lineIds: string[]): Promise<Set<string>> {
  if (lineIds.length === 0) return new Set();
  const rows = await db
    .selectDistinct({ lineId: returnItems.orderLineItemId })
    .from(returnItems)
    .where(inArray(returnItems.orderLineItemId, lineIds));
  return new Set(rows.map((row) => row.lineId));
}
