import { apiRoute, json } from "@/lib/api/route";
import { orders } from "@/lib/contracts";
import { createFulfillment } from "@/lib/domain/orders/fulfillments";

export const POST = apiRoute(orders.createFulfillment, async ({ db, params, body }) => {
  const fulfillment = await createFulfillment(db, { storeId: params.storeId, orderId: params.orderId }, body);
  return json({ success: true, fulfillment });
});
