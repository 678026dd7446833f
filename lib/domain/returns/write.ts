import { and, eq, inArray, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db";
import { returns } from "../../db/schema";
import { isId } from "../../ids";
import { NotFoundError } from "../errors";

/**
 * The WHERE clause that finds `returnId` among the stores the caller may read. NotFound at once, without a
 * query, when nothing can match (a malformed id, no stores): the same 404 as an unknown id or another
 * store's return (decisions §1, §2).
 */
export function returnInStores(input: { returnId: string; storeIds: readonly string[] }): SQL {
  const where =
    isId("return", input.returnId) && input.storeIds.length > 0
      ? and(eq(returns.id, input.returnId), inArray(returns.storeId, [...input.storeIds]))
      : undefined;
  if (!where) throw new NotFoundError("return", input.returnId);
  return where;
}

/**
 * Locks the return row (`for update`) inside the caller's transaction, or throws NotFound when the return
 * is not in `storeId`. Every write to a return takes this lock first, so two changes to one return run
 * one after the other and their events get `seq` values in commit order (decisions §8: per-subject order).
 */
export async function lockReturn(tx: Db, input: { storeId: string; returnId: string }): Promise<void> {
  if (!isId("return", input.returnId)) throw new NotFoundError("return", input.returnId);
  const [row] = await tx
    .select({ id: returns.id })
    .from(returns)
    .where(and(eq(returns.id, input.returnId), eq(returns.storeId, input.storeId)))
    .for("update");
  if (!row) throw new NotFoundError("return", input.returnId);
}

/**
 * Moves `updated_at` forward: to the transaction's time, and at least one millisecond past the previous
 * value so a change is always visible to keyset readers and to clients comparing `updatedAt`.
 */
export async function touchReturn(tx: Db, returnId: string): Promise<Date> {
  const [row] = await tx
    .update(returns)
    .set({ updatedAt: sql`greatest(now(), ${returns.updatedAt} + interval '1 millisecond')` })
    .where(eq(returns.id, returnId))
    .returning({ updatedAt: returns.updatedAt });
  if (!row) throw new NotFoundError("return", returnId);
  return row.updatedAt;
}
