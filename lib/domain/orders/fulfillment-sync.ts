import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../../db";
import { orderFulfillmentLines, orderFulfillments, orderLineItems } from "../../db/schema";
import { newId } from "../../ids";
import type { OrderSyncFulfillment } from "../../schemas/order-sync";

/**
 * Custom Order Sync's `fulfillments`, kept as the order's fulfillments (docs/orders.md): each is upserted
 * by its id (the fulfillment's merchant id), its first tracking number and URL kept, its lines replaced by
 * the ones sent (lines the order does not have, and lines of 0 units, are skipped), a `deliveryDate` makes
 * it `delivered` and a `shippingDate` on a new one `in_transit`. Fulfillments the sync leaves out are kept:
 * they may have come from Fulfillment create, and their tracking history is not the platform's to drop.
 */
export async function syncFulfillments(tx: Db, orderId: string, sent: OrderSyncFulfillment[]): Promise<void> {
  if (sent.length === 0) return;
  const lines = await tx
    .select({ id: orderLineItems.id, externalId: orderLineItems.externalId })
    .from(orderLineItems)
    .where(eq(orderLineItems.orderId, orderId));
  const lineIdOf = new Map(lines.flatMap((line) => (line.externalId ? [[line.externalId, line.id]] : [])));
  for (const fulfillment of sent) {
    const tracking = fulfillment.trackingNumbers[0];
    const deliveredAt = fulfillment.deliveryDate ? new Date(fulfillment.deliveryDate) : null;
    const shippedAt = fulfillment.shippingDate ? new Date(fulfillment.shippingDate) : null;
    const columns = {
      trackingCompany: tracking?.carrier || null,
      trackingNumber: tracking?.trackingNumber || null,
      trackingUrl: fulfillment.trackingUrls[0] ?? null,
      shippedAt,
      deliveredAt,
    };
    const [row] = await tx
      .insert(orderFulfillments)
      .values({
        id: newId("fulfillment"),
        orderId,
        externalId: fulfillment.id,
        ...columns,
        status: deliveredAt ? "delivered" : shippedAt ? "in_transit" : "pre_transit",
      })
      .onConflictDoUpdate({
        target: [orderFulfillments.orderId, orderFulfillments.externalId],
        targetWhere: sql`${orderFulfillments.externalId} is not null`,
        set: {
          ...columns,
          // A delivery date says delivered; without one, the status tracking updates set is kept.
          ...(deliveredAt ? { status: "delivered" as const } : {}),
          updatedAt: sql`now()`,
        },
      })
      .returning({ id: orderFulfillments.id });
    if (!row) continue;
    const units = new Map<string, number>();
    for (const line of fulfillment.lineItems) {
      const lineId = lineIdOf.get(line.id);
      const quantity = Math.floor(line.quantity);
      if (lineId && quantity > 0) units.set(lineId, (units.get(lineId) ?? 0) + quantity);
    }
    await tx.delete(orderFulfillmentLines).where(eq(orderFulfillmentLines.fulfillmentId, row.id));
    await insertFulfillmentLines(tx, row.id, units);
  }
}

/** The fulfillment of the order that a path names: Backroom's id (`ful_…`) or the merchant's. */
export function fulfillmentMatch(orderId: string, fulfillmentId: string) {
  return and(
    eq(orderFulfillments.orderId, orderId),
    fulfillmentId.startsWith("ful_")
      ? sql`(${orderFulfillments.id} = ${fulfillmentId} or ${orderFulfillments.externalId} = ${fulfillmentId})`
      : eq(orderFulfillments.externalId, fulfillmentId),
  );
}

/** A fulfillment's lines: units by order line, in the order given. */
export async function insertFulfillmentLines(
  tx: Db,
  fulfillmentId: string,
  units: ReadonlyMap<string, number>,
): Promise<void> {
  if (units.size === 0) return;
  await tx.insert(orderFulfillmentLines).values(
    [...units].map(([orderLineItemId, quantity], position) => ({
      fulfillmentId,
      orderLineItemId,
      quantity,
      position,
    })),
  );
}
