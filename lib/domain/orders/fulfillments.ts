import { eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../../db";
import {
  orderFulfillmentLines,
  orderFulfillments,
  orderLineItems,
  orderTrackingEvents,
} from "../../db/schema";
import { FULFILLMENT_STATUSES, type FulfillmentStatus } from "../../enums";
import { newId } from "../../ids";
import type {
  ApiFulfillment,
  CreateFulfillmentRequest,
  UpdateFulfillmentStatusRequest,
} from "../../schemas/order-fulfillments";
import { ConflictError, type FieldIssue, NotFoundError, ValidationError } from "../errors";
import { serializeFulfillments } from "./fulfillment-read";
import { fulfillmentMatch, insertFulfillmentLines } from "./fulfillment-sync";
import { ORDER_RESOURCE } from "./order-columns";
import { findOrder } from "./read";

/**
 * Fulfillment create and Fulfillment status update (docs/orders.md "Fulfillments and tracking"). Both take
 * the order's row lock first, so fulfillments of one order are counted one after the other and two updates
 * of one fulfillment apply in turn. Backroom calls no carrier: every tracker is fed by these updates (what
 * the package calls a dummy tracker).
 */

export const FULFILLMENT_RESOURCE = "fulfillment";

type OrderRef = { storeId: string; orderId: string };

async function lockOrder(tx: Db, ref: OrderRef) {
  const order = await findOrder(tx, { ...ref, lock: true });
  if (!order) throw new NotFoundError(ORDER_RESOURCE, ref.orderId);
  return order;
}

/** The `YYYY-MM-DD` the sender wrote (their local date), from an ISO 8601 date-time. */
const localDate = (dateTime: string | null | undefined) =>
  dateTime === undefined ? undefined : dateTime === null ? null : dateTime.slice(0, 10);

const isStatus = (value: string): value is FulfillmentStatus =>
  (FULFILLMENT_STATUSES as readonly string[]).includes(value);

/** Words for a history entry sent without a message: the status, as a person reads it. */
const describe = (status: string) => {
  const words = status.replaceAll("_", " ");
  return words.charAt(0).toUpperCase() + words.slice(1);
};

export async function createFulfillment(
  db: Db,
  ref: OrderRef,
  input: CreateFulfillmentRequest,
): Promise<ApiFulfillment> {
  return db.transaction(async (tx) => {
    const order = await lockOrder(tx, ref);
    const lines = await tx
      .select({
        id: orderLineItems.id,
        externalId: orderLineItems.externalId,
        quantity: orderLineItems.quantity,
      })
      .from(orderLineItems)
      .where(eq(orderLineItems.orderId, order.id));
    const fulfilled = await fulfilledUnits(
      tx,
      lines.map((line) => line.id),
    );
    const errors: FieldIssue[] = [];
    const units = new Map<string, number>();
    input.lineItems.forEach((item, index) => {
      const line = lines.find((candidate) => candidate.externalId === item.id || candidate.id === item.id);
      if (!line) {
        errors.push({ path: `lineItems.${index}.id`, message: "The order has no such line." });
        return;
      }
      const claimed = (units.get(line.id) ?? 0) + item.quantity;
      const left = line.quantity - (fulfilled.get(line.id) ?? 0);
      if (claimed > left) {
        errors.push({
          path: `lineItems.${index}.quantity`,
          message: `Only ${Math.max(left, 0)} of this line's ${line.quantity} units are not yet fulfilled.`,
        });
      }
      units.set(line.id, claimed);
    });
    if (errors.length > 0) throw new ValidationError(FULFILLMENT_RESOURCE, errors);

    const initial = input.initialTracking;
    const status = initial?.status ?? "pre_transit";
    const now = new Date();
    const [row] = await tx
      .insert(orderFulfillments)
      .values({
        id: newId("fulfillment"),
        orderId: order.id,
        externalId: input.fulfillmentId ?? null,
        trackingCompany: input.tracking?.carrier || null,
        trackingNumber: input.tracking?.code || null,
        status,
        estimatedDeliveryDate: localDate(initial?.estimatedDeliveryDate) ?? null,
        deliveredAt: status === "delivered" ? new Date(initial?.datetime ?? now) : null,
      })
      // The unique index decides a duplicate id, even between two requests at once.
      .onConflictDoNothing()
      .returning();
    if (!row) {
      throw new ConflictError(
        "fulfillment/duplicate",
        `The order already has a fulfillment ${JSON.stringify(input.fulfillmentId)}.`,
      );
    }
    await insertFulfillmentLines(tx, row.id, units);
    await tx.insert(orderTrackingEvents).values({
      fulfillmentId: row.id,
      status,
      message: initial?.message || describe(status),
      occurredAt: initial?.datetime ? new Date(initial.datetime) : now,
      location: initial?.location ?? null,
    });
    const [fulfillment] = await serializeFulfillments(tx, [row]);
    return fulfillment as ApiFulfillment;
  });
}

/** Units of each line already in fulfillments, keyed by line id. */
async function fulfilledUnits(tx: Db, lineIds: string[]): Promise<Map<string, number>> {
  if (lineIds.length === 0) return new Map();
  const rows = await tx
    .select({
      lineId: orderFulfillmentLines.orderLineItemId,
      quantity: sql<number>`sum(${orderFulfillmentLines.quantity})::int`,
    })
    .from(orderFulfillmentLines)
    .where(inArray(orderFulfillmentLines.orderLineItemId, lineIds))
    .groupBy(orderFulfillmentLines.orderLineItemId);
  return new Map(rows.map((row) => [row.lineId, Number(row.quantity)]));
}

/**
 * A carrier status or an event for one fulfillment. A status (`in_transit`, `delivered`…) becomes the
 * fulfillment's status (the latest report wins; `delivered` sets `deliveredAt`); an event (`delayed`,
 * `stalled_in_transit`, `arriving_early`) changes no status. Both add a history entry and may set the
 * estimated delivery date.
 */
export async function updateFulfillmentStatus(
  db: Db,
  ref: OrderRef & { fulfillmentId: string },
  input: UpdateFulfillmentStatusRequest,
): Promise<ApiFulfillment> {
  return db.transaction(async (tx) => {
    const order = await lockOrder(tx, ref);
    const [current] = await tx
      .select()
      .from(orderFulfillments)
      .where(fulfillmentMatch(order.id, ref.fulfillmentId))
      .limit(1);
    if (!current) throw new NotFoundError(FULFILLMENT_RESOURCE, ref.fulfillmentId);
    const occurredAt = input.datetime ? new Date(input.datetime) : new Date();
    const estimated = localDate(input.estimatedDeliveryDate);
    const [row] = await tx
      .update(orderFulfillments)
      .set({
        ...(isStatus(input.status) ? { status: input.status } : {}),
        ...(input.status === "delivered" ? { deliveredAt: occurredAt } : {}),
        ...(estimated !== undefined ? { estimatedDeliveryDate: estimated } : {}),
        updatedAt: sql`greatest(now(), ${orderFulfillments.updatedAt} + interval '1 millisecond')`,
      })
      .where(eq(orderFulfillments.id, current.id))
      .returning();
    await tx.insert(orderTrackingEvents).values({
      fulfillmentId: current.id,
      status: input.status,
      message: input.message || describe(input.status),
      occurredAt,
      location: input.location ?? null,
    });
    const [fulfillment] = await serializeFulfillments(tx, [row ?? current]);
    return fulfillment as ApiFulfillment;
  });
}
