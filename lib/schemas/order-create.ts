import { z } from "zod";
import { currencyCodeSchema } from "./common";
import { orderAddressSchema } from "./order-details";

/**
 * Order create and Order delete (`POST /stores/{storeId}/orders`, `DELETE …/orders/{orderId}`) in the real
 * service's shapes (orders-api-create-order-request, -create-order-response, -delete-order-response).
 */

export const CREATE_ORDER_LINES_MAX = 250;

const amount = z.number().nonnegative().max(999_999_999_999.99);
const text = (max: number) => z.string().trim().max(max);

export const createOrderRequestSchema = z
  .object({
    orderId: text(255).min(1).meta({ description: "Your order id: unique in the store (409 when taken)." }),
    createdAt: z.iso.datetime({ offset: true }),
    lineItems: z
      .array(
        z.object({
          id: text(255).min(1).meta({ description: "Your line id, unique in the order." }),
          productId: text(255),
          variantId: text(255).nullish(),
          title: text(500),
          sku: text(255).nullish(),
          quantity: z.int().min(1).max(1000),
          price: amount.nullish().meta({ description: "Unit price before discounts; 0 when omitted." }),
          imageUrl: text(2048).nullish(),
          discount: amount.nullish().meta({ description: "Discount on the whole line; 0 when omitted." }),
        }),
      )
      .min(1)
      .max(CREATE_ORDER_LINES_MAX),
    customer: z
      .object({
        id: text(255).nullish(),
        email: text(320).nullish(),
        phoneNumber: text(64).nullish(),
        name: text(255).nullish(),
        firstName: text(255).nullish(),
        lastName: text(255).nullish(),
      })
      .optional(),
    shipping: z
      .object({ method: text(255).nullish(), cost: amount.nullish(), address: orderAddressSchema.optional() })
      .optional(),
    totalPrice: amount.nullish(),
    subtotalPrice: amount.nullish(),
    totalTax: amount.nullish(),
    totalDiscount: amount.nullish(),
    billingAddress: orderAddressSchema.optional(),
    tags: z.array(text(255)).max(250).nullish(),
    currencyCode: currencyCodeSchema.nullish().meta({ description: "The store's currency when omitted." }),
    locationId: z.string().nullish().meta({
      description: "A location of the store (`loc_…`) that fulfils every line; 400 when it is not one.",
    }),
  })
  .meta({ id: "OrdersApiCreateOrderRequest" });
export type CreateOrderRequest = z.infer<typeof createOrderRequestSchema>;

export const createOrderResponseSchema = z
  .object({
    orderId: z.string().meta({ description: "Backroom's id of the order (`ord_…`)." }),
    externalOrderId: z.string().meta({ description: "The `orderId` you sent." }),
  })
  .meta({ id: "OrdersApiCreateOrderResponse" });

export const deleteOrderResponseSchema = z
  .object({
    success: z.literal(true),
    orderId: z.string().meta({ description: "Backroom's id of the deleted order (`ord_…`)." }),
    externalOrderId: z.string().meta({ description: "Its merchant id (Backroom's id when it had none)." }),
  })
  .meta({ id: "OrdersApiDeleteOrderResponse" });
