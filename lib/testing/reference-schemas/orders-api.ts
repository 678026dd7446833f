import type { JsonSchema } from "./common";

const nullable = (type: string): JsonSchema => ({ type: [type, "null"] });
const amount: JsonSchema = { type: ["number", "null"], minimum: 0 };

/** Mirrors redoapp/redo-dev redo/api-schema/src/schema/orders-api-line-item.schema.yaml */
const lineItem: JsonSchema = {
  type: "object",
  properties: {
    id: { type: "string" },
    productId: { type: "string" },
    variantId: nullable("string"),
    title: { type: "string" },
    sku: nullable("string"),
    quantity: { type: "integer", minimum: 1 },
    price: amount,
    imageUrl: { type: ["string", "null"], maxLength: 2048 },
    discount: amount,
  },
  required: ["id", "productId", "title", "quantity"],
};

/** schema/orders-api-customer.schema.yaml */
const customer: JsonSchema = {
  type: "object",
  properties: Object.fromEntries(
    ["id", "email", "phoneNumber", "name", "firstName", "lastName"].map((key) => [key, nullable("string")]),
  ),
};

/** schema/orders-api-shipping.schema.yaml with orders-api-shipping-address.schema.yaml */
const shipping: JsonSchema = {
  type: "object",
  properties: {
    method: nullable("string"),
    cost: amount,
    address: {
      type: "object",
      properties: Object.fromEntries(
        ["address1", "address2", "city", "province", "country", "postalCode"].map((key) => [
          key,
          nullable("string"),
        ]),
      ),
    },
  },
};

/** schema/orders-api-get-order-response.schema.yaml: orders-api-create-order-request plus `fulfillments`. */
export const ordersApiOrder: JsonSchema = {
  type: "object",
  properties: {
    orderId: { type: "string" },
    createdAt: { type: "string", format: "date-time" },
    lineItems: { type: "array", items: lineItem, minItems: 1 },
    customer,
    shipping,
    totalPrice: amount,
    subtotalPrice: amount,
    totalTax: amount,
    totalDiscount: amount,
    tags: { type: ["array", "null"], items: { type: "string" } },
    currencyCode: nullable("string"),
    fulfillments: { type: "array" },
  },
  required: ["orderId", "createdAt", "lineItems", "fulfillments"],
};

/** schema/custom-order/custom-order-sync-response.schema.yaml */
export const customOrderSyncResponse: JsonSchema = {
  type: "object",
  properties: { message: { type: "string" }, orderId: { type: "string" }, redoId: { type: "string" } },
  required: ["message", "orderId", "redoId"],
};
