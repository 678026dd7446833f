import type { z } from "zod";
import type { Db } from "../db";
import { createOrder } from "../domain/orders/create";
import { createFulfillment } from "../domain/orders/fulfillments";
import { createOrderRequestSchema } from "../schemas/order-create";
import { createFulfillmentRequestSchema } from "../schemas/order-fulfillments";

/**
 * The order route tests' setup (app/api/v2.2/stores/[storeId]/orders/…): an order of the store made as
 * `POST /stores/{storeId}/orders` makes it, and a shipped fulfillment of one, without going through the
 * routes the tests are about.
 */

type OrderFields = Partial<z.input<typeof createOrderRequestSchema>>;

/** An order `orderId` of the store with one line (L1, two Trail Tees at 25); `fields` replace any of it. */
export async function newTestOrder(db: Db, storeId: string, orderId: string, fields: OrderFields = {}) {
  const input = createOrderRequestSchema.parse({
    orderId,
    createdAt: "2026-02-01T09:30:00Z",
    lineItems: [{ id: "L1", productId: "P-1", title: "Trail Tee", quantity: 2, price: 25 }],
    ...fields,
  });
  return createOrder(db, storeId, input);
}

/**
 * An order `orderId` with one Trail Tee, fulfilled with UPS tracking (`1Z-<orderId>`, pre-transit), the
 * fulfillment's merchant id `fulfillmentId` when given; answers the fulfillment's Backroom id.
 */
export async function newShippedOrder(db: Db, storeId: string, orderId: string, fulfillmentId?: string) {
  const lineItems = [{ id: "L1", productId: "P-1", title: "Trail Tee", quantity: 1, price: 25 }];
  const order = await newTestOrder(db, storeId, orderId, { lineItems });
  const fulfillment = await createFulfillment(
    db,
    { storeId, orderId: order.id },
    createFulfillmentRequestSchema.parse({
      ...(fulfillmentId ? { fulfillmentId } : {}),
      lineItems: [{ id: "L1", quantity: 1 }],
      tracking: { carrier: "UPS", code: `1Z-${orderId}` },
      initialTracking: { status: "pre_transit", datetime: "2026-02-01T10:00:00Z" },
    }),
  );
  return fulfillment.id;
}
