import { apiRoute, json } from "@/lib/api/route";
import { orders } from "@/lib/contracts";
import { deleteOrder } from "@/lib/domain/orders/create";
import { getOrder } from "@/lib/domain/orders/read";

export const GET = apiRoute(orders.getOrder, async ({ db, params }) =>
  json(await getOrder(db, { storeId: params.storeId, orderId: params.orderId })),
);

export const DELETE = apiRoute(orders.deleteOrder, async ({ db, params }) => {
  const deleted = await deleteOrder(db, { storeId: params.storeId, orderId: params.orderId });
  return json({ success: true, orderId: deleted.id, externalOrderId: deleted.externalId });
});
