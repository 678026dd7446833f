import { apiOrderSchema, listOrdersQuerySchema, listOrdersResponseSchema } from "../schemas/order-api";
import {
  CREATE_ORDER_LINES_MAX,
  createOrderRequestSchema,
  createOrderResponseSchema,
  deleteOrderResponseSchema,
} from "../schemas/order-create";
import {
  createFulfillmentRequestSchema,
  fulfillmentResponseSchema,
  updateFulfillmentStatusRequestSchema,
} from "../schemas/order-fulfillments";
import { ORDER_SYNC_LINES_MAX, orderSyncRequestSchema, orderSyncResponseSchema } from "../schemas/order-sync";
import { AUTH, defineContract, defineListContract, id, storeParams } from "./contract";

/*
 * Orders (docs/orders.md): the real service's Custom Order Sync, Order create/get/delete, Fulfillment
 * create and Fulfillment status update, and Backroom's list.
 */

const orderParams = storeParams.extend({
  orderId: id("The merchant's order id or Backroom's (`ord_…`); the order name is also taken."),
});

export const syncCustomOrder = defineContract({
  method: "post",
  path: "/stores/{storeId}/custom/orders",
  operationId: "syncCustomOrder",
  resource: "order",
  access: "write",
  summary: "Sync custom order",
  description:
    "Creates or updates the order whose merchant id is `id` (the real service's Custom Order Sync). Every " +
    "published field is accepted; money is `{ amount, currencyCode }` (`currency` also taken). Kept: the name " +
    "(Backroom extension, default the `id`), customer, shipping and billing address, first shipping line's " +
    "title, tags, per line the merchant ids, title, variant title, SKU, unit price, quantity, weight (grams), " +
    "image and discounts, and `fulfillments` (upserted by id, first tracking number kept); the rest (sales " +
    "channel, cancellation, refunds, transactions, metafields, line properties…) is kept as sent. Totals are " +
    "computed from the presentment amounts. A line's catalog variant is found by its `variantId` (the " +
    "variant's external id) or SKU. A change to the order records a `return` `updated` event for each of its " +
    "returns. Re-syncing matches lines by their " +
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

export const createOrder = defineContract({
  method: "post",
  path: "/stores/{storeId}/orders",
  operationId: "createOrder",
  resource: "order",
  access: "write",
  summary: "Create order",
  description:
    "Creates an order (the real service's Order create). `orderId` is your id: unique in the store, a second " +
    "create with it is 409 `order/duplicate` even when both arrive at once (Custom Order Sync updates an " +
    "order in place). Totals not sent are computed from the lines; `currencyCode` defaults to the store's; " +
    `\`locationId\` must be a location of the store. Up to ${CREATE_ORDER_LINES_MAX} lines. Editors and admins.`,
  tag: "Orders",
  params: storeParams,
  body: createOrderRequestSchema,
  bodyLimit: 2 * 1024 * 1024,
  responses: { 200: { description: "The order was created.", schema: createOrderResponseSchema } },
  errors: [400, ...AUTH, 409, 413, 415],
});

export const deleteOrder = defineContract({
  method: "delete",
  path: "/stores/{storeId}/orders/{orderId}",
  operationId: "deleteOrder",
  resource: "order",
  access: "write",
  summary: "Delete order",
  description:
    "Deletes the order with its lines and fulfillments (the real service's Order delete). An order a return " +
    "names is kept: 409 `order/has-returns`. Editors and admins.",
  tag: "Orders",
  params: orderParams,
  responses: { 200: { description: "The order was deleted.", schema: deleteOrderResponseSchema } },
  errors: [...AUTH, 404, 409],
});

export const createFulfillment = defineContract({
  method: "post",
  path: "/stores/{storeId}/orders/{orderId}/fulfillments",
  operationId: "createFulfillment",
  resource: "order",
  access: "write",
  summary: "Create fulfillment",
  description:
    "Records a shipment of some of the order's units with its tracking (the real service's Fulfillment " +
    "create). Lines are named by their merchant id or `oli_…`; a line cannot be fulfilled past its quantity " +
    "(400). `fulfillmentId` is unique in the order (409 `fulfillment/duplicate`). The status starts at " +
    "`initialTracking.status` or `pre_transit`, with one history entry. Backroom calls no carrier: every " +
    "tracker is fed by Fulfillment status update. Editors and admins.",
  tag: "Orders",
  storeOf: "order",
  params: orderParams,
  body: createFulfillmentRequestSchema,
  responses: { 200: { description: "The fulfillment.", schema: fulfillmentResponseSchema } },
  errors: [400, ...AUTH, 404, 409, 413, 415],
});

export const updateFulfillmentStatus = defineContract({
  method: "post",
  path: "/stores/{storeId}/orders/{orderId}/fulfillments/{fulfillmentId}/shipment-status",
  operationId: "updateFulfillmentStatus",
  resource: "order",
  access: "write",
  summary: "Update fulfillment status",
  description:
    "Reports a carrier status or an event for a fulfillment (the real service's Fulfillment status update). " +
    "A status becomes the fulfillment's `status` (the latest report wins; `delivered` sets `deliveredAt`); an " +
    "event (`stalled_in_transit`, `delayed`, `arriving_early`) changes no status. Both add a history entry " +
    "(`datetime` defaults to now) and may set `estimatedDeliveryDate`. `fulfillmentId` is your id or " +
    "`ful_…`. Editors and admins.",
  tag: "Orders",
  storeOf: "fulfillment",
  params: orderParams.extend({ fulfillmentId: id("Your fulfillment id or Backroom's (`ful_…`).") }),
  body: updateFulfillmentStatusRequestSchema,
  responses: { 200: { description: "The fulfillment.", schema: fulfillmentResponseSchema } },
  errors: [400, ...AUTH, 404, 413, 415],
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

export const listOrders = defineListContract({
  path: "/stores/{storeId}/orders",
  operationId: "listOrders",
  resource: "order",
  summary: "List orders",
  description:
    "Orders most recently updated first, keyset-paged, each in the Get order shape. Not in the real service's " +
    "published schemas (it lists orders only beside returns); `{ orders }` wrapper and header paging as the " +
    "returns list.",
  tag: "Orders",
  params: storeParams,
  query: listOrdersQuerySchema,
  page: { description: "A page of orders.", schema: listOrdersResponseSchema },
  errors: [400, ...AUTH],
});
