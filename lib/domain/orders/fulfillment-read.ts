import { asc, eq, inArray } from "drizzle-orm";
import type { Db } from "../../db";
import {
  orderFulfillmentLines,
  orderFulfillments,
  orderLineItems,
  orderTrackingEvents,
} from "../../db/schema";
import type { ApiFulfillment } from "../../schemas/order-fulfillments";

/** An order's fulfillments in the real service's shape (orders-api-fulfillment), oldest first. */

type FulfillmentRow = typeof orderFulfillments.$inferSelect;

/** The fulfillments of these orders, by order id, each with its lines and tracking history, in 3 queries. */
export async function fulfillmentsOf(db: Db, orderIds: string[]): Promise<Map<string, ApiFulfillment[]>> {
  const byOrder = new Map<string, ApiFulfillment[]>();
  if (orderIds.length === 0) return byOrder;
  const rows = await db
    .select()
    .from(orderFulfillments)
    .where(inArray(orderFulfillments.orderId, orderIds))
    .orderBy(asc(orderFulfillments.createdAt), asc(orderFulfillments.id));
  const serialized = await serializeFulfillments(db, rows);
  rows.forEach((row, index) => {
    const fulfillment = serialized[index] as ApiFulfillment;
    byOrder.set(row.orderId, [...(byOrder.get(row.orderId) ?? []), fulfillment]);
  });
  return byOrder;
}

/** Serializes fulfillment rows, in their order, with their lines and history. */
export async function serializeFulfillments(db: Db, rows: FulfillmentRow[]): Promise<ApiFulfillment[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const [lines, history] = await Promise.all([
    db
      .select({
        fulfillmentId: orderFulfillmentLines.fulfillmentId,
        quantity: orderFulfillmentLines.quantity,
        id: orderLineItems.id,
        externalId: orderLineItems.externalId,
        title: orderLineItems.productName,
        productId: orderLineItems.productExternalId,
        variantId: orderLineItems.variantExternalId,
        sku: orderLineItems.sku,
      })
      .from(orderFulfillmentLines)
      .innerJoin(orderLineItems, eq(orderLineItems.id, orderFulfillmentLines.orderLineItemId))
      .where(inArray(orderFulfillmentLines.fulfillmentId, ids))
      .orderBy(asc(orderFulfillmentLines.position), asc(orderLineItems.position)),
    db
      .select()
      .from(orderTrackingEvents)
      .where(inArray(orderTrackingEvents.fulfillmentId, ids))
      .orderBy(asc(orderTrackingEvents.occurredAt), asc(orderTrackingEvents.seq)),
  ]);
  return rows.map((row) => ({
    id: row.externalId ?? row.id,
    createdAt: row.createdAt.toISOString(),
    lineItems: lines
      .filter((line) => line.fulfillmentId === row.id)
      .map((line) => ({
        id: line.externalId ?? line.id,
        quantity: line.quantity,
        title: line.title,
        productId: line.productId ?? line.id,
        variantId: line.variantId,
        sku: line.sku,
      })),
    trackingCompany: row.trackingCompany,
    trackingNumber: row.trackingNumber,
    status: row.status,
    estimatedDeliveryDate: row.estimatedDeliveryDate,
    deliveredAt: row.deliveredAt?.toISOString() ?? null,
    trackingHistory: history
      .filter((event) => event.fulfillmentId === row.id)
      .map((event) => ({
        message: event.message,
        status: event.status,
        datetime: event.occurredAt.toISOString(),
        ...(event.location ? { location: event.location } : {}),
      })),
  }));
}
