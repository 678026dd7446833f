import { and, eq, inArray, ne, sql } from "drizzle-orm";
import type { Db } from "../../db";
import { isUniqueViolation } from "../../db/errors";
import { orderLineItems, orders } from "../../db/schema";
import { newId } from "../../ids";
import type { OrderSyncRequest } from "../../schemas/order-sync";
import { ConflictError, type FieldIssue, ValidationError } from "../errors";
import { syncFulfillments } from "./fulfillment-sync";
import { lineColumns, linkVariants, ORDER_RESOURCE, orderColumns } from "./order-columns";
import { orderSnapshotOf, recordOrderChangeOnReturns } from "./return-events";
import { linesInReturns, returnedQuantities } from "./returned";

/**
 * Custom Order Sync (docs/orders.md): an upsert keyed by the merchant's order id. The order and its lines
 * are written in one transaction under the order's row lock, so two syncs of one order run one after the
 * other. Lines are matched by their merchant id: matched lines are updated, new ones added, missing ones
 * removed, except a line a return names (or one whose quantity would fall below what was returned): that
 * is a 409 and nothing changes, because a return must keep pointing at what the customer bought.
 */

function checkLineIds(input: OrderSyncRequest): void {
  const seen = new Set<string>();
  const errors: FieldIssue[] = [];
  input.lineItems.forEach((line, index) => {
    if (seen.has(line.id))
      errors.push({ path: `lineItems.${index}.id`, message: "Each line needs its own id." });
    seen.add(line.id);
  });
  if (errors.length > 0) throw new ValidationError(ORDER_RESOURCE, errors, "Two lines share an id.");
}

function nameTaken(name: string): ConflictError {
  return new ConflictError(
    "order/name-taken",
    `Another order of this store is named ${JSON.stringify(name)}; send a different \`name\`.`,
  );
}

export type OrderSyncResult = { id: string; created: boolean };

/** Creates or updates the order whose merchant id is `input.id`. */
export async function syncOrder(db: Db, storeId: string, input: OrderSyncRequest): Promise<OrderSyncResult> {
  checkLineIds(input);
  return db.transaction(async (tx) => {
    // Two syncs of one new order take turns: otherwise the second's insert can meet the first's uncommitted
    // row in the name index (not the ON CONFLICT target) before the merchant-id one, and fail instead of
    // updating the order the first made.
    await tx.execute(
      sql`select pg_advisory_xact_lock(hashtext('order-sync'), hashtext(${`${storeId}:${input.id}`}))`,
    );
    const columns = orderColumns(storeId, input);
    const [named] = await tx
      .select({ id: orders.id })
      .from(orders)
      .where(
        and(eq(orders.storeId, storeId), eq(orders.name, columns.name), ne(orders.externalId, input.id)),
      );
    if (named) throw nameTaken(columns.name);
    // A line of 0 units (fully removed on the platform) is accepted and not kept.
    const keptLines = input.lineItems.filter((line) => line.quantity > 0);
    const variantOf = await linkVariants(tx, storeId, keptLines);
    const lines = (id: string) =>
      keptLines.map((line, position) => ({
        ...lineColumns(line, position, input.presentmentCurrency, variantOf(line)),
        orderId: id,
      }));

    const [inserted] = await tx
      .insert(orders)
      .values({ id: newId("order"), ...columns, updatedAt: new Date() })
      .onConflictDoNothing({
        target: [orders.storeId, orders.externalId],
        where: sql`${orders.externalId} is not null`,
      })
      .returning({ id: orders.id })
      .catch((error: unknown) => {
        // Another order took the name between the check above and this insert.
        if (isUniqueViolation(error, "orders_store_name_key")) throw nameTaken(columns.name);
        throw error;
      });
    if (inserted) {
      const values = lines(inserted.id).map((line) => ({ ...line, id: newId("orderLineItem") }));
      if (values.length > 0) await tx.insert(orderLineItems).values(values);
      await syncFulfillments(tx, inserted.id, input.fulfillments);
      return { id: inserted.id, created: true };
    }

    const [existing] = await tx
      .select({ id: orders.id })
      .from(orders)
      .where(and(eq(orders.storeId, storeId), eq(orders.externalId, input.id)))
      .for("update");
    if (!existing) throw new Error("The order vanished between its insert and its lock.");
    const before = await orderSnapshotOf(tx, existing.id);
    await updateLines(tx, existing.id, lines(existing.id));
    await tx
      .update(orders)
      .set({ ...columns, updatedAt: sql`greatest(now(), ${orders.updatedAt} + interval '1 millisecond')` })
      .where(eq(orders.id, existing.id));
    await syncFulfillments(tx, existing.id, input.fulfillments);
    // A return's snapshot carries its order: a change the return's readers would see is a return `updated`.
    if (JSON.stringify(await orderSnapshotOf(tx, existing.id)) !== JSON.stringify(before)) {
      await recordOrderChangeOnReturns(tx, storeId, existing.id);
    }
    return { id: existing.id, created: false };
  });
}

type LineValues = ReturnType<typeof lineColumns> & { orderId: string };

async function updateLines(tx: Db, orderId: string, next: LineValues[]): Promise<void> {
  const current = await tx
    .select({ id: orderLineItems.id, externalId: orderLineItems.externalId })
    .from(orderLineItems)
    .where(eq(orderLineItems.orderId, orderId));
  const returned = await returnedQuantities(tx, [orderId]);
  const byExternal = new Map(current.map((line) => [line.externalId, line.id]));
  const kept = new Set<string>();
  const errors: string[] = [];
  for (const line of next) {
    const id = byExternal.get(line.externalId);
    if (!id) continue;
    kept.add(id);
    const inReturns = returned.get(id) ?? 0;
    if (line.quantity < inReturns) {
      errors.push(
        `line ${line.externalId} has ${inReturns} units in returns; its quantity cannot fall below that`,
      );
    }
  }
  const removed = current.filter((line) => !kept.has(line.id));
  const referenced = await linesInReturns(
    tx,
    removed.map((line) => line.id),
  );
  for (const line of removed) {
    if (referenced.has(line.id))
      errors.push(`line ${line.externalId ?? line.id} is in a return and cannot be removed`);
  }
  if (errors.length > 0) {
    throw new ConflictError(
      "order/line-item-in-use",
      `The order's returns still need its lines: ${errors.join("; ")}.`,
    );
  }
  if (removed.length > 0) {
    await tx.delete(orderLineItems).where(
      inArray(
        orderLineItems.id,
        removed.map((line) => line.id),
      ),
    );
  }
  for (const line of next) {
    const id = byExternal.get(line.externalId);
    if (id) await tx.update(orderLineItems).set(line).where(eq(orderLineItems.id, id));
    else await tx.insert(orderLineItems).values({ ...line, id: newId("orderLineItem") });
  }
}
