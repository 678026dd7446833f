import { z } from "zod";
import { currencyCodeSchema } from "./common";

/**
 * The real service's Custom Order Sync body (`POST /stores/{storeId}/custom/orders`,
 * custom-order-sync.schema.yaml): a commerce platform's order, Shopify-like, camelCase. Syncing the same
 * `id` again updates the order (docs/orders.md). The published required fields are required here and every
 * body the package accepts is accepted, except what Backroom cannot keep (negative amounts, fractional
 * quantities); objects are not strict because integrations send whole platform payloads. What no column
 * holds is kept as sent in the order's and lines' `platform_details`.
 */

export const ORDER_SYNC_LINES_MAX = 250;

const text = (max: number) => z.string().trim().min(1).max(max);
const optionalText = (max: number) => z.string().trim().max(max).nullish();

/** Amounts arrive as decimal strings (the published Money) or JSON numbers; both are kept exactly. */
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

/**
 * The published Money is `{ amount, currencyCode }`; `currency` (this API's earlier spelling) is still
 * accepted. Only the presentment amount is kept, so the code is not checked beyond being text.
 */
const syncMoneySchema = z.object({
  amount: amountSchema,
  currencyCode: z.string().trim().max(8).optional(),
  currency: z
    .string()
    .trim()
    .max(8)
    .optional()
    .meta({ description: "Deprecated spelling of `currencyCode`." }),
});

export const moneySetSchema = z
  .object({ presentmentMoney: syncMoneySchema, shopMoney: syncMoneySchema })
  .meta({
    id: "CustomOrderMoneySet",
    description: "Backroom keeps the presentment amount: what the customer paid, and what a return credits.",
  });

const discountSchema = z.object({
  amountSet: moneySetSchema,
  discountId: z.string().trim().max(255),
  discountTitle: optionalText(255),
  discountCode: optionalText(255),
});

const taxLineSchema = z.object({
  priceSet: moneySetSchema,
  rate: z.string().nullish(),
  title: optionalText(255),
});

/** A platform's date: the package says only "string"; anything `Date` reads is taken. */
const platformDate = z
  .string()
  .trim()
  .refine((value) => Number.isFinite(Date.parse(value)), "Send an ISO 8601 date-time.");

const lineItemSchema = z.object({
  id: text(255).meta({ description: "The line's id in the merchant's system: returns name lines by it." }),
  quantity: z.int().min(0).max(100_000).meta({ description: "A line of 0 units is accepted and not kept." }),
  priceSet: moneySetSchema.meta({ description: "Unit price, before tax and discounts." }),
  returnableQuantity: z.number().nullish(),
  title: z.string().trim().max(500),
  variantTitle: optionalText(500),
  vendor: optionalText(255),
  fulfillmentService: optionalText(255),
  productId: z.string().trim().max(255),
  variantId: optionalText(255),
  additionalProductId: optionalText(255),
  sku: z.string().trim().max(255),
  properties: z.array(z.unknown()).optional(),
  tags: z.array(z.string()).optional(),
  metafields: z.array(z.unknown()).optional(),
  weight: z
    .object({ value: z.number().nonnegative(), unit: z.string().max(32) })
    .nullish()
    .meta({
      description: "Unit weight: `value` in grams, as the package reads it; `unit` is kept as a label.",
    }),
  image: z.string().trim().max(2048).nullish(),
  images: z.array(z.unknown()).optional(),
  discounts: z.array(discountSchema).default([]),
  taxLines: z.array(taxLineSchema).default([]),
});
export type OrderSyncLineItem = z.infer<typeof lineItemSchema>;

const shippingLineSchema = z.object({
  id: z.string().trim().max(255),
  title: z.string().trim().max(255),
  code: optionalText(255),
  priceSet: moneySetSchema,
  discounts: z.array(discountSchema).default([]),
  taxLines: z.array(taxLineSchema).default([]),
});

const addressSchema = z.object({
  address1: z.string().trim().max(255),
  address2: optionalText(255),
  city: z.string().trim().max(255),
  company: optionalText(255),
  firstName: optionalText(255),
  lastName: optionalText(255),
  provinceCode: z.string().trim().max(64),
  zip: z.string().trim().max(32),
  countryCode: z.string().trim().max(64),
  phone: optionalText(64),
});

const billingAddressSchema = addressSchema
  .extend({
    address1: optionalText(255),
    city: optionalText(255),
    provinceCode: optionalText(64),
    zip: optionalText(32),
    countryCode: optionalText(64),
  })
  .nullish();

const customerSchema = z.object({
  email: z.email().max(320),
  phone: optionalText(64),
  id: optionalText(255),
  firstName: z.string().trim().max(255),
  lastName: z.string().trim().max(255),
  tags: z.array(z.string()).optional(),
});

const ORDER_SYNC_FULFILLMENTS_MAX = 250;

const fulfillmentSchema = z.object({
  id: text(255).meta({ description: "The fulfillment's id in the merchant's system, unique in the order." }),
  trackingNumbers: z
    .array(z.object({ carrier: optionalText(255), trackingNumber: z.string().trim().max(255) }))
    .default([])
    .meta({ description: "The first is kept as the fulfillment's tracking." }),
  trackingUrls: z.array(z.string().max(2048)).default([]),
  lineItems: z.array(z.object({ id: z.string().trim().max(255), quantity: z.number().nonnegative() })),
  shippingDate: platformDate.nullish(),
  deliveryDate: platformDate.nullish(),
});
export type OrderSyncFulfillment = z.infer<typeof fulfillmentSchema>;

export const orderSyncRequestSchema = z
  .object({
    id: text(255).meta({ description: "The order's id in the merchant's system; the key of the upsert." }),
    type: z.literal("order"),
    name: optionalText(100).meta({
      description:
        'Backroom extension: the display name staff search for, such as "#1042". Defaults to the `id`. ' +
        "Unique in the store.",
    }),
    createdAt: platformDate,
    updatedAt: platformDate,
    presentmentCurrency: currencyCodeSchema,
    shopCurrency: currencyCodeSchema,
    salesChannel: z.string().nullish(),
    customer: customerSchema,
    lineItems: z.array(lineItemSchema).max(ORDER_SYNC_LINES_MAX),
    orderDiscounts: z.array(discountSchema),
    shippingLines: z.array(shippingLineSchema),
    fulfillments: z.array(fulfillmentSchema).max(ORDER_SYNC_FULFILLMENTS_MAX),
    shippingAddress: addressSchema,
    billingAddress: billingAddressSchema,
    tags: z.array(z.string().trim().max(255)).max(250).default([]),
    metafields: z.array(z.unknown()).optional(),
    cancelledAt: platformDate.nullish(),
    cancelReason: z.enum(["customer", "fraud", "inventory", "declined", "other", "staff"]).nullish(),
    transactions: z.array(z.unknown()).default([]),
    refunds: z.array(z.unknown()).default([]),
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
