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
  dateTimeInputSchema,
  decimalStringSchema,
  moneyAmountSchema,
  moneySchema,
  timestampSchema,
} from "./common";
import { orderSchema, weightSchema } from "./orders";

/**
 * The return resource of interface-v2.2 ("Return") with decisions §5: the request bodies of the return
 * operations, the response objects and their wrappers. Value objects stored as jsonb (addresses,
 * multiple-choice answers, assessment responses) are validated by the same schemas on the way in.
 *
 * Response objects list exactly the interface's fields (`additionalProperties: false` in JSON Schema):
 * fields that are always present are required; the others are omitted when unknown, never null.
 */

// ---------------------------------------------------------------------------------------------------
// Value objects (stored as jsonb)

export const addressSchema = z
  .object({
    line1: z.string().min(1),
    line2: z.string().optional(),
    city: z.string().min(1),
    state: z.string().min(1),
    postalCode: z.string().min(1),
    country: z.string().min(1),
  })
  .meta({ id: "Address" });
export type Address = z.infer<typeof addressSchema>;

export const multipleChoiceAnswerSchema = z
  .object({ question: z.string(), answer: z.string() })
  .meta({ id: "MultipleChoiceAnswer" });
export type MultipleChoiceAnswer = z.infer<typeof multipleChoiceAnswerSchema>;

export const assessmentResponseSchema = z
  .object({ type: z.string().meta({ examples: ["short_text"] }), value: z.string() })
  .meta({ id: "AssessmentResponse" });
export type AssessmentResponse = z.infer<typeof assessmentResponseSchema>;

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
    grade: z.string().optional(),
    greenReturn: z.boolean().optional(),
    outcome: z.string().optional(),
    shipmentGroupIds: z.array(z.string()),
    externalIdentifier: z
      .string()
      .optional()
      .meta({ description: "Merchant-supplied; set by the item-identifiers operation." }),
    externalReturnLineItemId: z.string().optional(),
    productId: z.string().optional(),
    reasonCode: z.string().optional(),
    reasons: z.array(z.string()),
    reasonCodes: z.array(z.string()),
    productAdjustment: z.string().optional(),
    multipleChoiceQuestions: z.array(multipleChoiceAnswerSchema),
    assessments: z.array(assessmentSchema),
    refund: z.object({ amount: moneySchema, type: z.string().optional() }).optional(),
    productValueNoTaxNoAdjustment: moneyAmountSchema.optional(),
    sku: z.string().optional(),
    upc: z.string().optional(),
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

export const messageCommentSchema = z
  .strictObject({ message: z.string() })
  .meta({ id: "MessageComment", description: "A text comment." });
export const imageCommentSchema = z
  .strictObject({
    image: z.string().meta({ description: "URL of the image (in requests: the base64 image data)." }),
  })
  .meta({ id: "ImageComment", description: "An image comment." });

/** A comment as responses carry it: exactly one of `message` or `image` (an absolute URL). */
export const commentSchema = z
  .xor([messageCommentSchema, imageCommentSchema])
  .meta({ id: "Comment", description: "A message comment or an image comment." });
export type Comment = z.infer<typeof commentSchema>;

/** Comments appear on the return as notes, in the same two shapes. */
export const noteSchema = commentSchema;
export type Note = Comment;

export const totalsSchema = z
  .object({
    charge: moneyAmountSchema,
    exchange: moneyAmountSchema,
    refund: moneyAmountSchema,
    storeCredit: moneyAmountSchema,
  })
  .meta({ id: "ReturnTotals" });
export type Totals = z.infer<typeof totalsSchema>;

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

/** A comment in the app's timeline (`GET /returns/{returnId}/comments`): with its author and time. */
const timelineEntryShape = {
  id: z.string(),
  author: z.object({ name: z.string() }),
  createdAt: timestampSchema,
};
export const returnCommentEntrySchema = z
  .xor([
    z.strictObject({ ...timelineEntryShape, message: z.string() }),
    z.strictObject({ ...timelineEntryShape, image: z.string().meta({ description: "URL of the image." }) }),
  ])
  .meta({ id: "ReturnCommentEntry" });
export type ReturnCommentEntry = z.infer<typeof returnCommentEntrySchema>;

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
export const returnCommentsResponseSchema = z
  .object({ comments: z.array(returnCommentEntrySchema) })
  .meta({ id: "ReturnCommentsResponse" });

// ---------------------------------------------------------------------------------------------------
// Events of topic `return` (decisions §8)

const eventHeaderShape = {
  id: z.string().meta({ description: "The event (`evt_` id)." }),
  type: z.enum(EVENT_TYPES),
  topic: z.literal("return"),
  at: timestampSchema,
};
export const returnEventSchema = z
  .object({ ...eventHeaderShape, return: returnSchema, order: orderSchema })
  .meta({ id: "ReturnEvent", description: "Payload of a `snapshot` webhook." });
export type ReturnEvent = z.infer<typeof returnEventSchema>;
export const thinEventSchema = z
  .object({ ...eventHeaderShape, subject: z.object({ id: z.string() }) })
  .meta({ id: "ThinEvent", description: "Payload of a `thin` webhook: ids and type only." });
export type ThinEvent = z.infer<typeof thinEventSchema>;

// ---------------------------------------------------------------------------------------------------
// Requests

export const MAX_ITEM_IDENTIFIER_ENTRIES = 500;
export const MAX_EXTERNAL_IDENTIFIER_LENGTH = 255;
export const MAX_COMMENT_MESSAGE_LENGTH = 10_000;
/** Decoded size limit of a comment image (decisions §5). */
export const MAX_COMMENT_IMAGE_BYTES = 5 * 1024 * 1024;
/** Text limit of the `image` field: 5 MiB in base64 plus a data: prefix and line breaks. */
export const MAX_COMMENT_IMAGE_CHARS = 7 * 1024 * 1024;
export const MAX_SEARCH_LENGTH = 200;

// C0 controls, DEL and C1 controls: invisible in every UI and a source of look-alike identifiers.
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point.
const NO_CONTROL_CHARACTERS = /^[^\u0000-\u001F\u007F-\u009F]*$/;

export const itemIdentifierEntrySchema = z
  .strictObject({
    id: z.string().min(1, "The item id must not be empty."),
    externalIdentifier: z
      .string()
      .max(
        MAX_EXTERNAL_IDENTIFIER_LENGTH,
        `The external identifier must be at most ${MAX_EXTERNAL_IDENTIFIER_LENGTH} characters.`,
      )
      .regex(NO_CONTROL_CHARACTERS, "The external identifier must not contain control characters.")
      .meta({ description: "The identifier to record; the empty string clears it." }),
  })
  .meta({ id: "ReturnItemIdentifier" });
export type ItemIdentifierEntry = z.infer<typeof itemIdentifierEntrySchema>;

export const setItemIdentifiersBodySchema = z
  .strictObject({
    items: z
      .array(itemIdentifierEntrySchema)
      .min(1, "items must hold at least one entry.")
      .max(MAX_ITEM_IDENTIFIER_ENTRIES, `items must hold at most ${MAX_ITEM_IDENTIFIER_ENTRIES} entries.`)
      .superRefine((items, ctx) => {
        // Runs even when some entries are invalid, so every problem is reported at once.
        const first = new Map<string, number>();
        items.forEach((item, index) => {
          if (typeof item?.id !== "string" || item.id === "") return;
          const earlier = first.get(item.id);
          if (earlier === undefined) first.set(item.id, index);
          else {
            ctx.addIssue({
              code: "custom",
              path: [index, "id"],
              message: `Duplicate item id ${JSON.stringify(item.id)}: it already appears at items.${earlier}.id.`,
            });
          }
        });
      }),
  })
  .meta({ id: "SetReturnItemIdentifiersRequest" });
export type SetItemIdentifiersBody = z.infer<typeof setItemIdentifiersBodySchema>;

/** `data:image/<type>;base64,` (optional) then standard base64; line breaks are tolerated. */
export const IMAGE_DATA_PATTERN = /^(data:image\/[A-Za-z0-9.+-]+;base64,)?[A-Za-z0-9+/\s]*={0,2}\s*$/;

export const commentMessageSchema = z
  .string()
  .trim()
  .min(1, "The message must not be empty.")
  .max(MAX_COMMENT_MESSAGE_LENGTH, `The message must be at most ${MAX_COMMENT_MESSAGE_LENGTH} characters.`);

export const commentImageDataSchema = z
  .string()
  .min(1, "The image must not be empty.")
  .max(MAX_COMMENT_IMAGE_CHARS, "The image must be at most 5 MiB.")
  .regex(
    IMAGE_DATA_PATTERN,
    "The image must be base64 data, optionally prefixed with data:image/<type>;base64,.",
  )
  .meta({
    description: "A PNG, JPEG, GIF or WebP image of at most 5 MiB, base64-encoded (a data: URL is accepted).",
    contentEncoding: "base64",
  });

/**
 * `{ comment: { message } }` or `{ comment: { image } }`: exactly one key, nothing else. Written as one
 * strict object with an exactly-one check (not a union) so each problem is reported at its own path
 * (`comment.message`, `comment.image`, an unknown key) instead of a single "invalid union".
 */
export const createCommentInputSchema = z
  .strictObject({ message: commentMessageSchema.optional(), image: commentImageDataSchema.optional() })
  .superRefine((comment, ctx) => {
    const given = [comment.message, comment.image].filter((value) => value !== undefined).length;
    if (given !== 1) {
      ctx.addIssue({
        code: "custom",
        path: [],
        message:
          given === 0
            ? "The comment needs a message or an image."
            : "The comment takes a message or an image, not both.",
      });
    }
  })
  .meta({
    id: "CreateComment",
    description: "A message comment or an image comment: exactly one of the two keys.",
    oneOf: [{ required: ["message"] }, { required: ["image"] }],
  });
export type CreateCommentInput = z.infer<typeof createCommentInputSchema>;

export const createCommentBodySchema = z
  .strictObject({ comment: createCommentInputSchema })
  .meta({ id: "CreateCommentRequest" });
export type CreateCommentBody = z.infer<typeof createCommentBodySchema>;

/** Query of the app's return list: snake_case like the interface's other list (inbound shipments). */
export const listReturnsQuerySchema = z
  .strictObject({
    status: z.enum(RETURN_STATUSES).optional(),
    updated_at_min: dateTimeInputSchema.optional().meta({ description: "Updated at or after (inclusive)." }),
    updated_at_max: dateTimeInputSchema.optional().meta({ description: "Updated before (exclusive)." }),
    q: z
      .string()
      .max(MAX_SEARCH_LENGTH, `q must be at most ${MAX_SEARCH_LENGTH} characters.`)
      .optional()
      .meta({ description: "Matches the order name, the customer's e-mail and name (substring, any case)." }),
  })
  .meta({ id: "ListReturnsQuery" });
export type ListReturnsQuery = z.infer<typeof listReturnsQuerySchema>;
