import { z } from "zod";
import { timestampSchema } from "./common";
import { orderAddressSchema } from "./order-details";
import { apiFulfillmentSchema } from "./order-fulfillments";

/**
 * Get order (`GET /stores/{storeId}/orders/{orderId}`) in the real service's shape
 * (orders-api-get-order-response.schema.yaml: the create-order request plus `fulfillments`): amounts are
 * decimal numbers in the order's currency. Backroom adds `id`, `name`, `updatedAt`, and per line `lineItemId`
 * and `returnedQuantity` (units already in returns that were not cancelled), which a return form needs.
 */

const amount = z.number().nonnegative();

export const apiOrderLineItemSchema = z
  .object({
    id: z.string().meta({ description: "The line's id in the merchant's system, or Backroom's when none." }),
    lineItemId: z.string().meta({ description: "Backroom extension: Backroom's id of the line (`oli_…`)." }),
    productId: z.string(),
    variantId: z.string().nullable(),
    title: z.string(),
    variantTitle: z.string().nullable(),
    sku: z.string().nullable(),
    quantity: z.int().min(1),
    price: amount.nullable().meta({ description: "Unit price before discounts." }),
    imageUrl: z.string().nullable(),
    discount: amount.nullable().meta({ description: "Discount on the whole line." }),
    returnedQuantity: z.int().min(0).meta({
      description: "Backroom extension: units of this line in returns that are not cancelled.",
    }),
  })
  .meta({ id: "OrdersApiLineItem" });

export const apiOrderAddressSchema = z
  .object({
    address1: z.string().nullable(),
    address2: z.string().nullable(),
    city: z.string().nullable(),
    province: z.string().nullable(),
    country: z.string().nullable(),
    postalCode: z.string().nullable(),
  })
  .meta({ id: "OrdersApiShippingAddress" });

export const apiOrderSchema = z
  .object({
    id: z.string().meta({ description: "Backroom extension: Backroom's id of the order (`ord_…`)." }),
    name: z.string().meta({ description: 'Backroom extension: the display name, such as "#1042".' }),
    orderId: z
      .string()
      .meta({ description: "The merchant's order id, or Backroom's id when none was given." }),
    createdAt: timestampSchema,
    updatedAt: timestampSchema.meta({ description: "Backroom extension: when the order last changed here." }),
    lineItems: z.array(apiOrderLineItemSchema),
    customer: z.object({
      id: z.string().nullable(),
      email: z.string().nullable(),
      phoneNumber: z.string().nullable(),
      name: z.string().nullable(),
      firstName: z.string().nullable(),
      lastName: z.string().nullable(),
    }),
    shipping: z.object({
      method: z.string().nullable(),
      cost: amount.nullable(),
      address: apiOrderAddressSchema.optional(),
    }),
    totalPrice: amount.nullable(),
    subtotalPrice: amount.nullable(),
    totalTax: amount.nullable(),
    totalDiscount: amount.nullable(),
    tags: z.array(z.string()),
    currencyCode: z.string().nullable(),
    billingAddress: orderAddressSchema.optional().meta({ description: "When one was sent." }),
    locationId: z.string().nullable().meta({
      description: "The location (`loc_…`) every line is fulfilled from, when they share one.",
    }),
    fulfillments: z.array(apiFulfillmentSchema).meta({ description: "Oldest first." }),
  })
  .meta({ id: "OrdersApiOrder" });
export type ApiOrder = z.infer<typeof apiOrderSchema>;

export const listOrdersResponseSchema = z
  .object({ orders: z.array(apiOrderSchema) })
  .meta({ id: "OrdersApiOrderList" });

export const listOrdersQuerySchema = z.strictObject({
  q: z
    .string()
    .trim()
    .max(255)
    .optional()
    .meta({
      description:
        "Finds orders whose name, merchant id or customer email starts with this text, case-insensitively " +
        "(`#104`, `jane@`).",
    }),
});
