import type { Db } from "../../db";
import { orderFulfillments } from "../../db/schema";
import { NotFoundError } from "../errors";
import { fulfillmentMatch } from "./fulfillment-sync";
import { FULFILLMENT_RESOURCE } from "./fulfillments";
import { ORDER_RESOURCE } from "./order-columns";
import { findOrder } from "./read";

/**
 * The path checks of the order operations with a body (lib/api/store-resolvers.ts): an unknown order or
 * fulfillment is a 404 before the body is read, as for every other path id.
 */

export async function findOrderStore(db: Db, params: { storeId: string; orderId: string }): Promise<string> {
  if (!(await findOrder(db, params))) throw new NotFoundError(ORDER_RESOURCE, params.orderId);
  return params.storeId;
}

export async function findFulfillmentStore(
  db: Db,
  params: { storeId: string; orderId: string; fulfillmentId: string },
): Promise<string> {
  const order = await findOrder(db, params);
  if (!order) throw new NotFoundError(ORDER_RESOURCE, params.orderId);
  const [fulfillment] = await db
    .select({ id: orderFulfillments.id })
    .from(orderFulfillments)
    .where(fulfillmentMatch(order.id, params.fulfillmentId))
    .limit(1);
  if (!fulfillment) throw new NotFoundError(FULFILLMENT_RESOURCE, params.fulfillmentId);
  return params.storeId;
}
