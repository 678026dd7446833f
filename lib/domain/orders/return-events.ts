import { asc, eq } from "drizzle-orm";
import type { Db } from "../../db";
import { orderLineItems, orders, returns } from "../../db/schema";
import type { Order } from "../../schemas/orders";
import { recordReturnEvent } from "../events/record";
import { serializeOrder } from "../returns/serialize-order";

/**
 * A return's event snapshot carries its order (interface "Order", lib/domain/returns/serialize-order.ts):
 * when an order change alters that order, each of its returns records an `updated` event, so the
 * merchant's systems hear of it like any other change they would read. Fulfillments and tracking are not
 * part of that snapshot, so they record nothing.
 */

/** The order as a return's snapshot shows it, or undefined when there is no such order. */
export async function orderSnapshotOf(tx: Db, orderId: string): Promise<Order | undefined> {
  const order = await tx.query.orders.findFirst({
    where: eq(orders.id, orderId),
    with: { lineItems: { orderBy: [asc(orderLineItems.position), asc(orderLineItems.id)] } },
  });
  return order ? serializeOrder(order) : undefined;
}

/** Records a return `updated` event for each return of the order, taking their row locks in id order. */
export async function recordOrderChangeOnReturns(tx: Db, storeId: string, orderId: string): Promise<void> {
  const rows = await tx
    .select({ id: returns.id })
    .from(returns)
    .where(eq(returns.orderId, orderId))
    .orderBy(asc(returns.id))
    .for("update");
  for (const row of rows) await recordReturnEvent(tx, { storeId, returnId: row.id, type: "updated" });
}
