import { apiOrderSchema, listOrdersQuerySchema, listOrdersResponseSchema } from "../schemas/order-api";
import { ORDER_SYNC_LINES_MAX, orderSyncRequestSchema, orderSyncResponseSchema } from "../schemas/order-sync";
import { pageHeadersSchema } from "../schemas/paging";
import { AUTH, defineContract, id, nextPage, storeParams } from "./contract";

/* Orders (docs/orders.md): the real service's Custom Order Sync and Get order, and Backroom's list. */

export const syncCustomOrder = defineContract({
  method: "post",
  path: "/stores/{storeId}/custom/orders",
  operationId: "syncCustomOrder",
  resource: "order",
  access: "write",
  summary: "Sync custom order",
  description:
    "Creates or updates the order whose merchant id is `id` (the real service's `custom-order-sync.path.yaml`; " +
    "its deprecated `POST /stores/{storeId}/orders` is not offered). Kept: the name (Backroom extension, default " +
    "the `id`), customer, shipping address and first shipping line's title, tags, and per line the merchant ids, " +
    "title, variant title, SKU, unit price, quantity, weight, image and discounts; the totals are computed from " +
    "the presentment amounts (line prices × quantities, order/line/shipping discounts, shipping, taxes). A " +
    "line's catalog variant is found by its `variantId` (the variant's external id) or SKU. Billing address, " +
    "transactions, fulfillments and properties are accepted and not kept. Re-syncing matches lines by their " +
    "`id`: a line a return names cannot be removed, nor its quantity fall below the units returned (409 " +
    "`order/line-item-in-use`, nothing changes); a `name` another order has is 409 `order/name-taken`. " +
    `Up to ${ORDER_SYNC_LINES_MAX} lines. Safe to retry without an Idempotency-Key. Editors and admins.`,
  tag: "Orders",
  params: storeParams,
  body: orderSyncRequestSchema,
  bodyLimit: 2 * 1024 * 1024,
  responses: { 200: { description: "The order was created or updated.", schema: orderSyncResponseSchema } },
  errors: [400, ...AUTH, 409, 413, 415],
});

export const getOrder = defineContract({
  method: "get",
  path: "/stores/{storeId}/orders/{orderId}",
  operationId: "getOrder",
  resource: "order",
  access: "read",
  summary: "Get order",
  description:
    "The order in the real service's Get order shape (`order.path.yaml`). `orderId` is Backroom's id " +
    "(`ord_…`), the merchant's order id, or the order's name (`#1001`, URL-encoded as `%231001`, or `1001`).",
  tag: "Orders",
  params: storeParams.extend({
    orderId: id("Backroom's order id, the merchant's order id or the order name."),
  }),
  responses: { 200: { description: "The order.", schema: apiOrderSchema } },
  errors: [...AUTH, 404],
});

export const listOrders = defineContract({
  method: "get",
  path: "/stores/{storeId}/orders",
  operationId: "listOrders",
  resource: "order",
  access: "read",
  summary: "List orders",
  description:
    "Orders most recently updated first, keyset-paged, each in the Get order shape. Not in the real service's " +
    "published schemas (it lists orders only beside returns); `{ orders }` wrapper and header paging as the " +
    "returns list.",
  tag: "Orders",
  params: storeParams,
  query: listOrdersQuerySchema,
  headers: pageHeadersSchema,
  responses: {
    200: { description: "A page of orders.", schema: listOrdersResponseSchema, headers: nextPage },
  },
  errors: [400, ...AUTH],
});
