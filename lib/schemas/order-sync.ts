import { z } from "zod";
import { currencyCodeSchema } from "./common";

/**
 * The real service's Custom Order Sync body (`POST /stores/{storeId}/custom/orders`,
 * custom-order-sync.schema.yaml): a commerce platform's order, Shopify-like, camelCase. Syncing the same
 * `id` again updates the order (docs/orders.md). The published required fields are required here; objects
 * are not strict because integrations send whole platform payloads, and Backroom ignores what it does not
 * keep (billing address, transactions, fulfillments' details, metafields), saying so in the description.
 */

export const ORDER_SYNC_LINES_MAX = 250;

const text = (max: number) => z.string().trim().min(1).max(max);
const optionalText = (max: number) => z.string().trim().max(max).nullish();

/** Amounts arrive as JSON numbers (the published Money) or decimal strings; both are kept exactly. */
const amountSchema = z
  .union([
    z.number(),
    z
      .string()
      .trim()
      .regex(/^-?\d+(\.\d+)?$/, "Send a decimal amount such as 19.99."),
  ])
  .transform((value, ctx) => {
    const number = typeof value === "number" ? value : Number(value);
    if (!Number.isFinite(number) || number < 0 || number >= 1e12) {
      ctx.addIssue({ code: "custom", message: "Send an amount from 0 to 999,999,999,999.99." });
      return z.NEVER;
    }
    return number;
  })
  .meta({ description: "Decimal amount in the currency's units (19.99, not 1999 cents)." });

const syncMoneySchema = z.object({ amount: amountSchema, currency: currencyCodeSchema });

export const moneySetSchema = z
  .object({ presentmentMoney: syncMoneySchema, shopMoney: syncMoneySchema })
  .meta({
    id: "CustomOrderMoneySet",
    description: "Backroom keeps the presentment amount: what the customer paid, and what a return credits.",
  });

const discountSchema = z.object({
  amountSet: moneySetSchema,
  discountId: text(255),
  discountTitle: optionalText(255),
  discountCode: optionalText(255),
});

const taxLineSchema = z.object({
  priceSet: moneySetSchema,
  rate: z.string().nullish(),
  title: optionalText(255),
});

const WEIGHT_UNITS = ["g", "kg", "lb", "oz"] as const;

const lineItemSchema = z.object({
  id: text(255).meta({ description: "The line's id in the merchant's system: returns name lines by it." }),
  quantity: z.int().min(1).max(100_000),
  priceSet: moneySetSchema.meta({ description: "Unit price, before tax and discounts." }),
  returnableQuantity: z.number().nullish(),
  title: text(500),
  variantTitle: optionalText(500),
  vendor: optionalText(255),
  fulfillmentService: optionalText(255),
  productId: text(255),
  variantId: optionalText(255),
  additionalProductId: optionalText(255),
  sku: z.string().trim().max(255),
  properties: z.array(z.unknown()).optional(),
  tags: z.array(z.string()).optional(),
  weight: z
    .object({ value: z.number().nonnegative(), unit: z.enum(WEIGHT_UNITS) })
    .nullish()
    .meta({ description: "Unit weight; g, kg, lb or oz." }),
  image: z.url().max(2048).nullish(),
  images: z.array(z.unknown()).optional(),
  discounts: z.array(discountSchema).default([]),
  taxLines: z.array(taxLineSchema).default([]),
});
export type OrderSyncLineItem = z.infer<typeof lineItemSchema>;

const shippingLineSchema = z.object({
  id: text(255),
  title: text(255),
  code: optionalText(255),
  priceSet: moneySetSchema,
  discounts: z.array(discountSchema).default([]),
  taxLines: z.array(taxLineSchema).default([]),
});

const addressSchema = z.object({
  address1: text(255),
  address2: optionalText(255),
  city: text(255),
  company: optionalText(255),
  firstName: optionalText(255),
  lastName: optionalText(255),
  provinceCode: z.string().trim().max(64),
  zip: z.string().trim().max(32),
  countryCode: text(64),
  phone: optionalText(64),
});

const customerSchema = z.object({
  email: z.email().max(320),
  phone: optionalText(64),
  id: optionalText(255),
  firstName: z.string().trim().max(255),
  lastName: z.string().trim().max(255),
  tags: z.array(z.string()).optional(),
});

export const orderSyncRequestSchema = z
  .object({
    id: text(255).meta({ description: "The order's id in the merchant's system; the key of the upsert." }),
    type: z.literal("order"),
    name: optionalText(100).meta({
      description:
        'Backroom extension: the display name staff search for, such as "#1042". Defaults to the `id`. ' +
        "Unique in the store.",
    }),
    createdAt: z.iso.datetime({ offset: true }),
    updatedAt: z.iso.datetime({ offset: true }),
    presentmentCurrency: currencyCodeSchema,
    shopCurrency: currencyCodeSchema,
    salesChannel: z.string().nullish(),
    customer: customerSchema,
    lineItems: z.array(lineItemSchema).min(1).max(ORDER_SYNC_LINES_MAX),
    orderDiscounts: z.array(discountSchema),
    shippingLines: z.array(shippingLineSchema),
    fulfillments: z.array(z.unknown()),
    shippingAddress: addressSchema,
    billingAddress: z.unknown().optional(),
    tags: z.array(z.string().trim().max(255)).max(250).default([]),
    transactions: z.array(z.unknown()).default([]),
  })
  .meta({ id: "CustomOrderSync" });
export type OrderSyncRequest = z.infer<typeof orderSyncRequestSchema>;

export const orderSyncResponseSchema = z
  .object({
    message: z.literal("Order synced successfully"),
    orderId: z.string().meta({ description: "The order id you supplied in the request body." }),
    redoId: z.string().meta({ description: "Backroom's id of the order (`ord_…`)." }),
  })
  .meta({ id: "CustomOrderSyncResponse" });
