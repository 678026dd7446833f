import { nextPageHeaders, readPage } from "@/lib/api/paging";
import { apiRoute, json } from "@/lib/api/route";
import { orders } from "@/lib/contracts";
import { createOrder } from "@/lib/domain/orders/create";
import { listOrders } from "@/lib/domain/orders/read";

export const GET = apiRoute(orders.listOrders, async ({ db, params, query, headers }) => {
  const filters = { storeId: params.storeId, ...query };
  const page = await readPage(db, headers, filters, "order");
  const result = await listOrders(db, { storeId: params.storeId, q: query.q, ...page });
  return json({ orders: result.orders }, { headers: await nextPageHeaders(db, result.next, filters) });
});

export const POST = apiRoute(orders.createOrder, async ({ db, params, body }) => {
  const order = await createOrder(db, params.storeId, body);
  return json({ orderId: order.id, externalOrderId: order.externalId });
});
