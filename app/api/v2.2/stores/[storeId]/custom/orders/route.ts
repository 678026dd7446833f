import { apiRoute, json } from "@/lib/api/route";
import { orders } from "@/lib/contracts";
import { syncOrder } from "@/lib/domain/orders/sync";

export const POST = apiRoute(orders.syncCustomOrder, async ({ db, params, body }) => {
  const result = await syncOrder(db, params.storeId, body);
  return json({ message: "Order synced successfully", orderId: body.id, redoId: result.id });
});
