import { z } from "zod";
import { WEBHOOK_KINDS, WEBHOOK_TOPICS } from "../enums";
import { WEBHOOK_URL_MAX_LENGTH, webhookUrlProblem } from "../webhooks/url-policy";

/**
 * Webhook request and response bodies (interface-v2.2 "Webhook", decisions §7).
 *
 * Responses follow the published shape exactly (`id`, `callback`, `topic`, `kind`, `externalId`,
 * `createdAt`, `updatedAt`, all always present). Two choices the interface leaves open:
 * - `callback.auth` is `{ bearer: { token } }` with the token masked (`"••••"` and, for tokens of at
 *   least 12 characters, their last 4), or `null` when the webhook has no token; the same `null`
 *   requests accept.
 * - Delivery health is added as ONE extra read-only object, `health`. The published shape does not
 *   forbid additional properties, so a validator of it accepts the object; keeping everything extra in
 *   one namespaced key means no extra top-level names that could collide with future interface fields.
 *
 * Request bodies are strict (unknown keys are a 400) so typos are reported instead of ignored. Response
 * schemas have no transforms, so `z.toJSONSchema` converts them for the OpenAPI document.
 */

const timestamp = z.iso.datetime().meta({ example: "2026-01-02T03:04:05.000Z" });

export const webhookTopicSchema = z.enum(WEBHOOK_TOPICS).meta({
  id: "WebhookTopic",
  description: "What the webhook subscribes to. `return`: return created and updated events.",
});

export const webhookKindSchema = z.enum(WEBHOOK_KINDS).meta({
  id: "WebhookKind",
  description:
    "Payload shape: `snapshot` carries the full resource in each event, `thin` only its id and the event type.",
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
 * The body describes the whole subscription: an omitted `kind` means `snapshot` in both cases.
 * `backfill: true` on creation records a `backfill` event of every return of the store for the new webhook only.
 */
export const createWebhookInputSchema = z.strictObject({
  callback: webhookCallbackInputSchema,
  topic: webhookTopicSchema,
  // Optional rather than .default(): the OpenAPI components are generated in output mode, where a
  // defaulted field would be listed as required. upsertWebhook applies the default.
  kind: webhookKindSchema.optional().meta({ default: "snapshot" }),
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

/**
 * The callback of an update. `auth` may be left out to keep the stored token: responses only ever show it
 * masked, so a client that edits the url could not send it back (and the mask is no valid token).
 */
export const webhookCallbackUpdateInputSchema = z
  .strictObject({
    url: webhookUrlSchema,
    auth: webhookCallbackAuthInputSchema.optional().meta({
      description: "Bearer secret for deliveries, null for none, or omitted to keep the stored one.",
    }),
  })
  .meta({ id: "WebhookCallbackUpdateInput" });

/**
 * Body of `PUT /webhooks/{webhookId}`. `callback` and `externalId` are required (as published);
 * `topic` and `kind` keep their value when omitted, and so does the token when `callback.auth` is.
 * `externalId: null` removes the key.
 */
export const updateWebhookInputSchema = z.strictObject({
  callback: webhookCallbackUpdateInputSchema,
  externalId: webhookExternalIdSchema,
  topic: webhookTopicSchema.optional(),
  kind: webhookKindSchema.optional(),
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
