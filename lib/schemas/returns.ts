import { z } from "zod";
import {
  COMPENSATION_METHODS,
  EVENT_TYPES,
  EXCHANGE_PROVISIONS,
  RETURN_SHIPMENT_STATUSES,
  RETURN_STATUSES,
  RETURN_TYPES,
} from "../enums";
import {
  currencyCodeSchema,
  decimalStringSchema,
  moneyAmountSchema,
  moneySchema,
  timestampSchema,
} from "./common";
import { custodyFindingSchema } from "./inspection";
import { orderSchema, weightSchema } from "./orders";
import { commentSchema } from "./return-comments";
import { returnProtectionSchema, totalsSchema } from "./return-money";
import { addressSchema, assessmentResponseSchema, multipleChoiceAnswerSchema } from "./return-values";

/**
 * The return resource of interface-v2.2 ("Return") with decisions §5: the request bodies of the return
 * operations, the response objects and their wrappers. The value objects stored as jsonb are in
 * return-values.ts.
 *
 * Response objects list exactly the interface's fields (`additionalProperties: false` in JSON Schema):
 * fields that are always present are required; the others are omitted when unknown, except where the
 * published schema says null (an item's grade, outcome and upc; the label payer and its reason).
 */

// ---------------------------------------------------------------------------------------------------
// Response objects

export const assessmentSchema = z
  .object({
    assignedUser: z.object({
      id: z.string(),
      name: z.string(),
      firstName: z.string(),
      lastName: z.string(),
      email: z.string(),
    }),
    responses: z.array(assessmentResponseSchema),
    checklist: z
      .object({ id: z.string(), name: z.string() })
      .optional()
      .meta({ description: "Backroom extension: the inspection checklist answered (docs/inspection.md)." }),
    startedAt: timestampSchema
      .optional()
      .meta({ description: "Backroom extension: when the inspection of the item began (its first scan)." }),
    decidedAt: timestampSchema
      .optional()
      .meta({ description: "Backroom extension: when the inspector decided." }),
    durationSeconds: z
      .number()
      .min(0)
      .optional()
      .meta({ description: "Backroom extension: the time spent, from the first scan to the decision." }),
  })
  .meta({ id: "ReturnItemAssessment" });

const namedRefSchema = z.object({ name: z.string(), externalId: z.string().optional() });

export const returnItemSchema = z
  .object({
    id: z.string(),
    orderItem: z.object({
      id: z.string().meta({ description: "The order line item (`oli_` id)." }),
      line_item_id: z
        .string()
        .optional()
        .meta({ description: "The line item's id in the merchant's commerce platform." }),
    }),
    quantity: z.int().positive(),
    reason: z.string().meta({ description: "Free-text reason label." }),
    customerComment: z.string().optional(),
    exchangeItem: z
      .object({ product: namedRefSchema, quantity: z.int().positive(), variant: namedRefSchema })
      .optional(),
    grade: z.string().nullable().meta({ description: "Null until the item is graded." }),
    greenReturn: z.boolean().optional(),
    outcome: z.string().nullable().meta({ description: "Null until an outcome is set." }),
    shipmentGroupIds: z.array(z.string()),
    externalIdentifier: z
      .string()
      .optional()
      .meta({ description: "Merchant-supplied; set by the item-identifiers operation." }),
    licensePlate: z
      .string()
      .optional()
      .meta({
        description:
          "Backroom extension: the item's license plate (`LP-` and 8 characters), given the first time its label " +
          "is printed (`printReturnLabels`); absent until then.",
      }),
    externalReturnLineItemId: z.string().optional(),
    productId: z.string().optional(),
    reasonCode: z.string().optional(),
    reasons: z.array(z.string()),
    reasonCodes: z.array(z.string()),
    productAdjustment: z.string().optional(),
    multipleChoiceQuestions: z.array(multipleChoiceAnswerSchema),
    assessments: z.array(assessmentSchema),
    custody: custodyFindingSchema.optional().meta({
      description:
        "Backroom extension: the newest chain-of-custody check of the unit (`checkReturnCustody`); absent until " +
        "one is made.",
    }),
    refund: z.object({ amount: moneySchema, type: z.string().optional() }).optional(),
    productValueNoTaxNoAdjustment: moneyAmountSchema.optional(),
    sku: z.string().optional(),
    upc: z
      .string()
      .nullable()
      .meta({ description: "The barcode at creation time; null when none was recorded." }),
    status: z.string().optional(),
    variantId: z.string().optional(),
  })
  .meta({ id: "ReturnItem" });
export type ReturnItem = z.infer<typeof returnItemSchema>;

export const exchangeItemSchema = z
  .object({
    id: z.string(),
    quantity: z.int().positive(),
    variant: z.object({
      name: z.string(),
      externalId: z.string().optional(),
      sku: z.string().optional(),
      weight: weightSchema.optional(),
    }),
    originalPrice: moneySchema,
    price: z.object({
      amount: decimalStringSchema,
      currency: currencyCodeSchema,
      tax: decimalStringSchema.meta({ description: "Tax on one unit." }),
    }),
    product: namedRefSchema,
  })
  .meta({ id: "ExchangeItem" });

export const exchangeSchema = z
  .object({
    items: z.array(exchangeItemSchema),
    provision: z.enum(EXCHANGE_PROVISIONS),
    itemCount: z.int().nonnegative(),
    order: z.object({ externalId: z.string() }).optional(),
    totalTax: moneySchema,
  })
  .meta({ id: "Exchange" });
export type Exchange = z.infer<typeof exchangeSchema>;

export const shipmentSchema = z
  .object({
    carrier: z.string().optional(),
    tracker: z.string().optional(),
    trackingUrl: z.string().optional(),
    postageLabel: z.string().optional(),
    formLabel: z.string().optional(),
    shipmentGroupId: z.string().optional(),
    externalLocationId: z.string().optional(),
    estimatedDeliveryDate: z.string().optional(),
    deliveredAt: timestampSchema.optional(),
    status: z.enum(RETURN_SHIPMENT_STATUSES),
    itemIds: z.array(z.string()),
  })
  .meta({ id: "ReturnShipment" });
export type Shipment = z.infer<typeof shipmentSchema>;

export const dropoffSchema = z
  .object({ shipmentGroupId: z.string(), provider: z.string(), qrCode: z.string(), qrCodeUrl: z.string() })
  .meta({ id: "ReturnDropoff" });
export type Dropoff = z.infer<typeof dropoffSchema>;

export const tagSchema = z.object({ name: z.string(), source: z.string() }).meta({ id: "ReturnTag" });
export type Tag = z.infer<typeof tagSchema>;

export const giftCardSchema = z
  .object({ amount: moneySchema, code: z.string(), externalId: z.string() })
  .meta({ id: "GiftCard" });
export type GiftCard = z.infer<typeof giftCardSchema>;

/**
 * Comments appear on the return as notes. Every note has `message` (decisions §5), so a client that reads
 * `note.message` never meets undefined: an image comment's note is `{ message: "", image }`.
 */
export const noteSchema = z
  .object({
    message: z.string(),
    image: z.string().optional().meta({ description: "URL of the image, for an image comment." }),
  })
  .meta({
    id: "ReturnNote",
    description: "A comment on the return: its text, or an empty text and an image.",
  });
export type Note = z.infer<typeof noteSchema>;

export const returnSchema = z
  .object({
    id: z.string(),
    type: z.enum(RETURN_TYPES),
    status: z.enum(RETURN_STATUSES),
    createdAt: timestampSchema,
    updatedAt: timestampSchema,
    order: z.object({ id: z.string(), name: z.string() }),
    destination: z.object({ mailingAddress: addressSchema, phoneNumber: z.string().optional() }),
    source: z.object({
      emailAddress: z.string(),
      mailingAddress: addressSchema,
      name: z.object({ given: z.string(), surname: z.string() }),
      phoneNumber: z.string(),
    }),
    protection: returnProtectionSchema,
    items: z.array(returnItemSchema),
    giftCards: z.array(giftCardSchema),
    compensationMethods: z.array(z.enum(COMPENSATION_METHODS)),
    completeWithNoAction: z.boolean(),
    exchange: exchangeSchema.optional(),
    externalOrderIds: z.array(z.string()),
    platformOrderIds: z
      .array(z.string())
      .meta({ description: "Identifiers of the order in the merchant's commerce platform." }),
    internalCreatedByName: z.string().optional(),
    notes: z.array(noteSchema).meta({ description: "The return's comments, oldest first." }),
    shipment: shipmentSchema.optional().meta({ description: "The first shipment, when there is one." }),
    shipments: z.array(shipmentSchema),
    dropoffs: z.array(dropoffSchema),
    tags: z.array(tagSchema),
    totals: totalsSchema,
  })
  .meta({ id: "Return" });
export type Return = z.infer<typeof returnSchema>;

// ---------------------------------------------------------------------------------------------------
// Response wrappers

export const returnResponseSchema = z.object({ return: returnSchema }).meta({ id: "ReturnResponse" });
export const getReturnResponseSchema = z
  .object({ order: orderSchema, return: returnSchema })
  .meta({ id: "GetReturnResponse" });
export const commentResponseSchema = z.object({ comment: commentSchema }).meta({ id: "CommentResponse" });
export const listReturnsResponseSchema = z
  .object({
    orders: z.array(orderSchema).meta({ description: "The orders of the listed returns, each once." }),
    returns: z.array(returnSchema),
  })
  .meta({ id: "ListReturnsResponse" });
/** The published list: each comment as `{ message }` or `{ image }`; who and when are on the timeline. */
export const returnCommentsResponseSchema = z
  .object({ comments: z.array(commentSchema) })
  .meta({ id: "ReturnCommentsResponse" });

// ---------------------------------------------------------------------------------------------------
// Events of topic `return` (decisions §8)

const eventHeaderShape = {
  id: z.string().meta({ description: "The event (`evt_` id)." }),
  type: z.enum(EVENT_TYPES),
  at: timestampSchema,
};
export const returnEventSchema = z
  .object({
    ...eventHeaderShape,
    merchantName: z.string().meta({ description: "Name of the store that owns this return." }),
    return: returnSchema,
    order: orderSchema,
  })
  .meta({
    id: "ReturnEvent",
    description: "Payload of a `snapshot` webhook: the published `webhooks.return` body plus our `id`.",
  });
export type ReturnEvent = z.infer<typeof returnEventSchema>;
export const thinEventSchema = z
  .object({ ...eventHeaderShape, topic: z.literal("return"), subject: z.object({ id: z.string() }) })
  .meta({ id: "ThinEvent", description: "Payload of a `thin` webhook: ids and type only." });
export type ThinEvent = z.infer<typeof thinEventSchema>;

// Request schemas live in return-requests.ts, the stored value objects in return-values.ts, the totals and
// label payer in return-money.ts; re-exported so
// callers import one module per resource.
export * from "./return-comments";
export * from "./return-money";
export * from "./return-requests";
export * from "./return-values";
