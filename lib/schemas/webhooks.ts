import { z } from "zod";
import { EXTRA_EVENT_TYPES, WEBHOOK_KINDS, WEBHOOK_PAYLOADS, WEBHOOK_TOPICS } from "../enums";
import { WEBHOOK_URL_MAX_LENGTH, webhookUrlProblem } from "../webhooks/url-policy";

/**
 * Webhook request and response bodies (interface-v2.2 "Webhook", decisions §7).
 *
 * Responses follow the published `webhook-read` (`id`, `callback`, `topic`, `kind`, `externalId`,
 * `createdAt`, `updatedAt`, all always present). Choices the package leaves open:
 * - `callback.auth` is `{ bearer: { token } }` with the token masked (`"••••"` and, for tokens of at
 *   least 12 characters, their last 4), or `null` when the webhook has no token; the same `null`
 *   requests accept.
 * - Delivery health is added as ONE extra read-only object, `health`. The published shape does not
 *   forbid additional properties, so a validator of it accepts the object; keeping everything extra in
 *   one namespaced key means no extra top-level names that could collide with future interface fields.
 *
 * - Our own settings are optional fields a strict client of the package ignores: `payload` (snapshot or
 *   thin; the published `kind`, redo or loop, is only stored and echoed) and `extraEventTypes` (event types
 *   beyond the published backfill/created/updated that a `return` webhook opts in to).
 *
 * Request bodies are strict (unknown keys are a 400) so typos are reported instead of ignored. Response
 * schemas have no transforms, so `z.toJSONSchema` converts them for the OpenAPI document.
 */

const timestamp = z.iso.datetime().meta({ example: "2026-01-02T03:04:05.000Z" });

export const webhookTopicSchema = z.enum(WEBHOOK_TOPICS).meta({
  id: "WebhookTopic",
  description:
    "What the webhook subscribes to. `return` (published): return events. `inventory_item` and " +
    "`inbound_shipment` are our own topics, with our own event envelope.",
});

export const webhookKindSchema = z.enum(WEBHOOK_KINDS).meta({
  id: "WebhookKind",
  description:
    "The published webhook kind (`redo` or `loop`), stored and echoed; it does not change the payload.",
});

export const webhookPayloadSchema = z.enum(WEBHOOK_PAYLOADS).meta({
  id: "WebhookPayload",
  description:
    "An addition to the published shape. `snapshot` (default): the published event with the full return " +
    "and order; `thin`: only `{ id, type, topic, at, subject: { id } }`.",
});

export const webhookExtraEventTypesSchema = z
  .array(z.enum(EXTRA_EVENT_TYPES))
  .max(EXTRA_EVENT_TYPES.length)
  .refine((types) => new Set(types).size === types.length, "Must not repeat a value.")
  .meta({
    id: "WebhookExtraEventTypes",
    description:
      "An addition to the published shape: event types beyond the published `backfill`, `created` and " +
      "`updated` that a `return` webhook receives (`test`: test events as such, `deleted`). Empty by " +
      "default. Webhooks of our own topics receive every event type of their topic.",
  });

// ---------------------------------------------------------------------------------------------------
// Requests

export const WEBHOOK_TOKEN_MAX_LENGTH = 512;
export const WEBHOOK_EXTERNAL_ID_MAX_LENGTH = 255;

/** The subscriber's Bearer secret: 1..512 visible ASCII characters (0x21-0x7E: no spaces, no controls). */
export const webhookTokenSchema = z
  .string()
  .min(1, "Must not be empty.")
  .max(WEBHOOK_TOKEN_MAX_LENGTH, `Must be at most ${WEBHOOK_TOKEN_MAX_LENGTH} characters.`)
  .regex(/^[\x21-\x7e]*$/, "Must contain only visible ASCII characters (no spaces).")
  .meta({ description: "Secret sent back to the subscriber as `Authorization: Bearer <token>`." });

/**
 * The callback URL: https only, at most 2,048 characters, no user info; `http://`, localhost and
 * non-public IP literals only with the development setting BACKROOM_ALLOW_PRIVATE_WEBHOOK_URLS=true
 * (read at validation time).
 */
export const webhookUrlSchema = z
  .string()
  .max(WEBHOOK_URL_MAX_LENGTH, `Must be at most ${WEBHOOK_URL_MAX_LENGTH} characters.`)
  .superRefine((value, ctx) => {
    if (value.length > WEBHOOK_URL_MAX_LENGTH) return; // reported once, by max()
    const problem = webhookUrlProblem(value);
    if (problem) ctx.addIssue({ code: "custom", message: problem });
  })
  .meta({
    format: "uri",
    description: "Subscriber's https:// address (no user info, not a private or loopback host).",
    example: "https://example.com/webhooks/backroom",
  });

export const webhookCallbackAuthInputSchema = z
  .strictObject({ bearer: z.strictObject({ token: webhookTokenSchema }) })
  .nullable()
  .meta({ description: "Bearer secret for deliveries, or null for none." });

export const webhookCallbackInputSchema = z
  .strictObject({ url: webhookUrlSchema, auth: webhookCallbackAuthInputSchema })
  .meta({ id: "WebhookCallbackInput" });

export const webhookExternalIdSchema = z
  .string()
  .min(1, "Must not be empty (send null to have none).")
  .max(WEBHOOK_EXTERNAL_ID_MAX_LENGTH, `Must be at most ${WEBHOOK_EXTERNAL_ID_MAX_LENGTH} characters.`)
  .nullable()
  .meta({ description: "Subscriber-chosen key, unique within the store; null for none." });

/**
 * Body of `POST /stores/{storeId}/webhooks` (create, or update the webhook with this `externalId`).
 * The body describes the whole subscription: an omitted `kind` means `redo`, an omitted `payload`
 * `snapshot` and omitted `extraEventTypes` none, in both cases.
 * `backfill: true` on creation records a `backfill` event of every return of the store for the new webhook only.
 */
export const createWebhookInputSchema = z.strictObject({
  callback: webhookCallbackInputSchema,
  topic: webhookTopicSchema,
  // Optional rather than .default(): the OpenAPI components are generated in output mode, where a
  // defaulted field would be listed as required. upsertWebhook applies the default.
  kind: webhookKindSchema.optional().meta({ default: "redo" }),
  payload: webhookPayloadSchema.optional().meta({ default: "snapshot" }),
  extraEventTypes: webhookExtraEventTypesSchema.optional(),
  externalId: webhookExternalIdSchema.optional(),
  backfill: z.boolean().optional().meta({
    description:
      "When true and the webhook is created (not when an externalId match updates it), the new webhook receives a `backfill` event for every return of the store.",
  }),
});
export type CreateWebhookInput = z.output<typeof createWebhookInputSchema>;

export const createWebhookRequestSchema = z
  .strictObject({ webhook: createWebhookInputSchema })
  .meta({ id: "CreateWebhookRequest" });

/** What responses show instead of a stored token: the mask, then the last 4 characters of a long token. */
export const WEBHOOK_TOKEN_MASK = "••••";
const maskedTokenPattern = new RegExp(`^${WEBHOOK_TOKEN_MASK}([\\x21-\\x7e]{4})?$`);

/**
 * A token in an update: a new one, or the masked form a GET answered, sent back unchanged, which keeps
 * the stored token (read-modify-write: the full token is never shown, so a client cannot send it back).
 */
export const webhookUpdateTokenSchema = z
  .union([z.string().regex(maskedTokenPattern), webhookTokenSchema])
  .meta({
    description: "A new Bearer secret, or the masked token as read (`••••abcd`) to keep the stored one.",
  });

/**
 * The callback of an update. `auth` may also be left out to keep the stored token (the package requires
 * it; leaving it out is our leniency).
 */
export const webhookCallbackUpdateInputSchema = z
  .strictObject({
    url: webhookUrlSchema,
    auth: z
      .strictObject({ bearer: z.strictObject({ token: webhookUpdateTokenSchema }) })
      .nullable()
      .optional()
      .meta({
        description:
          "Bearer secret for deliveries, null for none; the masked token as read, or no `auth`, keeps the stored one.",
      }),
  })
  .meta({ id: "WebhookCallbackUpdateInput" });

/**
 * Body of `PUT /webhooks/{webhookId}`: the published `webhook-update` (`callback` required, `externalId`
 * optional, null by default as published, so leaving it out removes it). Our settings (`topic`, `kind`,
 * `payload`, `extraEventTypes`) are optional additions that keep their value when omitted.
 */
export const updateWebhookInputSchema = z.strictObject({
  callback: webhookCallbackUpdateInputSchema,
  externalId: webhookExternalIdSchema.optional().meta({ default: null }),
  topic: webhookTopicSchema.optional(),
  kind: webhookKindSchema.optional(),
  payload: webhookPayloadSchema.optional(),
  extraEventTypes: webhookExtraEventTypesSchema.optional(),
});
export type UpdateWebhookInput = z.output<typeof updateWebhookInputSchema>;

export const updateWebhookRequestSchema = z
  .strictObject({ webhook: updateWebhookInputSchema })
  .meta({ id: "UpdateWebhookRequest" });

// ---------------------------------------------------------------------------------------------------
// Responses

export const webhookHealthSchema = z
  .object({
    consecutiveFailures: z.int().min(0),
    lastSuccessAt: timestamp.nullable(),
    lastFailureAt: timestamp.nullable(),
    failingSince: timestamp.nullable().meta({ description: "Start of the current run of failures." }),
    disabledAt: timestamp.nullable(),
    disabledReason: z.string().nullable(),
  })
  .meta({
    id: "WebhookHealth",
    readOnly: true,
    description:
      "Delivery health (an addition to the published shape, read-only, ignored in requests). A webhook with `disabledAt` set receives no deliveries.",
  });
export type WebhookHealth = z.infer<typeof webhookHealthSchema>;

export const webhookCallbackSchema = z
  .object({
    url: z.string().meta({ format: "uri" }),
    auth: z
      .object({
        bearer: z.object({
          token: z.string().meta({
            description: "The stored token, masked: `••••` and, for tokens of 12+ characters, the last 4.",
            example: "••••abcd",
          }),
        }),
      })
      .nullable()
      .meta({ description: "null when the webhook sends no Authorization header." }),
  })
  .meta({ id: "WebhookCallback" });

export const webhookSchema = z
  .object({
    id: z.string().meta({ example: "whk_3ZbQ9mX2kT7vLp0aYc1RfD" }),
    callback: webhookCallbackSchema,
    topic: webhookTopicSchema,
    kind: webhookKindSchema,
    payload: webhookPayloadSchema,
    extraEventTypes: webhookExtraEventTypesSchema,
    externalId: z.string().nullable(),
    createdAt: timestamp,
    updatedAt: timestamp,
    health: webhookHealthSchema,
  })
  .meta({ id: "Webhook" });
export type Webhook = z.infer<typeof webhookSchema>;

export const webhookResponseSchema = z.object({ webhook: webhookSchema }).meta({ id: "WebhookResponse" });

export const webhookListResponseSchema = z
  .object({ webhooks: z.array(webhookSchema) })
  .meta({ id: "WebhookListResponse" });
