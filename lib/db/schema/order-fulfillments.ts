import { sql } from "drizzle-orm";
import {
  bigserial,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import type { FulfillmentStatus, TrackingUpdateStatus } from "../../enums";
import type { TrackingLocation } from "../../schemas/order-details";
import { createdAt, idPrefixCheck, timestampMs, updatedAt } from "./columns";
import { orderLineItems } from "./order-line-items";
import { orders } from "./orders";

/**
 * A shipment of some of an order's units (Fulfillment create, or Custom Order Sync's `fulfillments`), with
 * its tracking and current shipment status. `externalId` is the merchant's fulfillment id, unique per order.
 */
export const orderFulfillments = pgTable(
  "order_fulfillments",
  {
    id: text().primaryKey(),
    orderId: text()
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    externalId: text(),
    trackingCompany: text(),
    trackingNumber: text(),
    /** Custom Order Sync's first tracking URL. */
    trackingUrl: text(),
    status: text().$type<FulfillmentStatus>().notNull().default("pre_transit"),
    estimatedDeliveryDate: date({ mode: "string" }),
    shippedAt: timestampMs(),
    deliveredAt: timestampMs(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    idPrefixCheck("fulfillment", t.id),
    // A merchant's fulfillment id names one fulfillment of the order, even when two requests race.
    uniqueIndex("order_fulfillments_order_external_key")
      .on(t.orderId, t.externalId)
      .where(sql`${t.externalId} is not null`),
    index("order_fulfillments_order_idx").on(t.orderId, t.createdAt),
  ],
);

/** Units of an order line in a fulfillment. */
export const orderFulfillmentLines = pgTable(
  "order_fulfillment_lines",
  {
    fulfillmentId: text()
      .notNull()
      .references(() => orderFulfillments.id, { onDelete: "cascade" }),
    orderLineItemId: text()
      .notNull()
      .references(() => orderLineItems.id, { onDelete: "cascade" }),
    position: integer().notNull().default(0),
    quantity: integer().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.fulfillmentId, t.orderLineItemId] }),
    index("order_fulfillment_lines_line_idx").on(t.orderLineItemId),
    check("order_fulfillment_lines_quantity_positive", sql`${t.quantity} > 0`),
  ],
);

/**
 * A fulfillment's tracking history: every status or event reported (events such as `delayed` are kept
 * here without changing the fulfillment's status), in the order they happened.
 */
export const orderTrackingEvents = pgTable(
  "order_tracking_events",
  {
    seq: bigserial({ mode: "number" }).primaryKey(),
    fulfillmentId: text()
      .notNull()
      .references(() => orderFulfillments.id, { onDelete: "cascade" }),
    status: text().$type<TrackingUpdateStatus | FulfillmentStatus>().notNull(),
    message: text().notNull(),
    occurredAt: timestampMs().notNull(),
    location: jsonb().$type<TrackingLocation>(),
  },
  (t) => [index("order_tracking_events_fulfillment_idx").on(t.fulfillmentId, t.occurredAt, t.seq)],
);
