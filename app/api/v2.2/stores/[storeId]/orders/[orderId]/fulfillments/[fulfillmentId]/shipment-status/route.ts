import { apiRoute, json } from "@/lib/api/route";
import { orders } from "@/lib/contracts";
import { updateFulfillmentStatus } from "@/lib/domain/orders/fulfillments";

export const POST = apiRoute(orders.updateFulfillmentStatus, async ({ db, params, body }) => {
  const fulfillment = await updateFulfillmentStatus(db, params, body);
  return json({ success: true, fulfillment });
});
