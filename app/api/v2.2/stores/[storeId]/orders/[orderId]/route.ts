import { apiRoute, json } from "@/lib/api/route";
import { orders } from "@/lib/contracts";
import { getOrder } from "@/lib/domain/orders/read";

export const GET = apiRoute(orders.getOrder, async ({ db, params }) =>
  json(await getOrder(db, { storeId: params.storeId, orderId: params.orderId })),
);
