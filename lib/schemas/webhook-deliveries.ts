import { z } from "zod";
import { DELIVERY_STATUSES, DELIVERY_TRIGGERS, EVENT_TYPES, WEBHOOK_PAYLOADS } from "../enums";
import { dateTimeInputSchema, timestampSchema } from "./common";

/**
 * Webhook delivery operations beyond the interface (decisions §7 "wanted"): the delivery log with its
 * attempts, resend, replay, test event, signing secret rotation and reveal, and re-enabling.
 * Request schemas are strict; response schemas carry no transforms (they become the OpenAPI document).
 */

/** How far back a replay may start. */
export const REPLAY_MAX_AGE_DAYS = 30;
export const REPLAY_MAX_AGE_MS = REPLAY_MAX_AGE_DAYS * 24 * 60 * 60 * 1000;

/** How long the previous signing secret keeps signing beside the new one after a rotation. */
export const PREVIOUS_SECRET_GRACE_MS = 24 * 60 * 60 * 1000;

export const deliveryStatusSchema = z.enum(DELIVERY_STATUSES).meta({
  id: "DeliveryStatus",
  description:
    "`pending`: waiting for its turn or its next attempt; `delivered`: a 2xx came back; `discarded`: the retries ran out.",
});

export const deliveryTriggerSchema = z.enum(DELIVERY_TRIGGERS).meta({
  id: "DeliveryTrigger",
  description:
    "Why the delivery exists: `event` (the event itself, backfill events included), `replay`, `resend` or `test`.",
});

// ---------------------------------------------------------------------------------------------------
// Requests

/** GET /webhooks/{webhookId}/deliveries filters (strict: an unknown or repeated parameter is a 400). */
export const listDeliveriesQuerySchema = z
  .strictObject({
    status: deliveryStatusSchema.optional().meta({ description: "Only deliveries with this status." }),
  })
  .meta({ description: "Filters of GET /webhooks/{webhookId}/deliveries." });

/**
 * POST /webhooks/{webhookId}/replay. `start` must not be in the future (that would replay nothing and
 * is most likely a mistake) nor more than 30 days ago (one replay stays bounded; older events can still
 * be resent one delivery at a time).
 */
export const replayRequestSchema = z
  .strictObject({
    start: dateTimeInputSchema.superRefine((value, ctx) => {
      const start = Date.parse(value);
      if (Number.isNaN(start)) return;
      const now = Date.now();
      if (start > now) ctx.addIssue({ code: "custom", message: "Must not be in the future." });
      else if (start < now - REPLAY_MAX_AGE_MS) {
        ctx.addIssue({ code: "custom", message: `Must be at most ${REPLAY_MAX_AGE_DAYS} days ago.` });
      }
    }),
    until: dateTimeInputSchema.optional().meta({
      description: "End of the window (exclusive): events created before it. Must be after `start`.",
    }),
  })
  .superRefine((value, ctx) => {
    if (value.until === undefined) return;
    const start = Date.parse(value.start);
    const until = Date.parse(value.until);
    // A window that ends where or before it starts replays nothing: refused as a mistake, like a future start.
    if (!Number.isNaN(start) && !Number.isNaN(until) && until <= start) {
      ctx.addIssue({ code: "custom", path: ["until"], message: "Must be after start." });
    }
  })
  .meta({
    id: "ReplayWebhookRequest",
    description:
      `Replays every event of the webhook's store and topic created at or after \`start\` (inclusive) and, ` +
      "when `until` is given, before `until` (exclusive), in event order. `start` must not be in the future nor " +
      `more than ${REPLAY_MAX_AGE_DAYS} days ago, and \`until\` must be after \`start\`. Test events are not replayed.`,
  });

/** How many deliveries one bulk resend may queue: beyond it the filters must be narrowed (400). */
export const BULK_RESEND_LIMIT = 1000;

/**
 * POST /webhooks/{webhookId}/deliveries/resend: which failed (`discarded`) deliveries to send again,
 * chosen by the server from these filters (all optional, combined with AND). `dryRun` only counts them,
 * so a confirmation can name the number before anything is queued.
 */
export const bulkResendRequestSchema = z
  .strictObject({
    eventType: z
      .enum(EVENT_TYPES)
      .optional()
      .meta({ description: "Only deliveries of events of this type." }),
    since: dateTimeInputSchema
      .optional()
      .meta({ description: "Only deliveries created at or after this time." }),
    until: dateTimeInputSchema.optional().meta({ description: "Only deliveries created before this time." }),
    dryRun: z
      .boolean()
      .optional()
      .meta({ description: "Count the matching deliveries without resending them." }),
  })
  .superRefine((value, ctx) => {
    if (value.since === undefined || value.until === undefined) return;
    const since = Date.parse(value.since);
    const until = Date.parse(value.until);
    if (!Number.isNaN(since) && !Number.isNaN(until) && until <= since) {
      ctx.addIssue({ code: "custom", path: ["until"], message: "Must be after since." });
    }
  })
  .meta({
    id: "BulkResendWebhookDeliveriesRequest",
    description:
      "Resends every discarded (failed) delivery of the webhook matching the filters, at most " +
      `${BULK_RESEND_LIMIT} (more is a 400 naming the limit: narrow the time range).`,
  });

export const bulkResendResponseSchema = z
  .object({
    matched: z.int().min(0).meta({ description: "Discarded deliveries matching the filters." }),
    resent: z
      .int()
      .min(0)
      .meta({ description: "New deliveries queued (trigger `resend`): `matched`, or 0 on a dry run." }),
  })
  .meta({ id: "BulkResendWebhookDeliveriesResponse" });

// ---------------------------------------------------------------------------------------------------
// Responses

export const deliveryAttemptRequestSchema = z
  .object({
    headers: z.record(z.string(), z.string()).meta({
      description:
        "The request headers as sent, names lower-cased. `authorization` shows `Bearer ••••` and at most the " +
        "token's last 4 characters; each `webhook-signature` entry shows `v1,••••`.",
      example: { authorization: "Bearer ••••x9Qz", "webhook-signature": "v1,••••" },
    }),
    body: z
      .string()
      .nullable()
      .optional()
      .meta({
        description:
          "The body as sent, byte for byte (re-derived from the stored event and checked against `bodySha256`). " +
          "Only in Get delivery (absent in the list, to keep pages small); null if it cannot be re-derived.",
      }),
    bodyKind: z.enum(WEBHOOK_PAYLOADS).meta({ description: "Which form of the event was sent." }),
    bodySha256: z.string().meta({ description: "SHA-256 (hex) of the body as sent." }),
    bodyBytes: z.int().min(0).meta({ description: "Length of the body as sent, in bytes." }),
  })
  .meta({ id: "DeliveryAttemptRequest" });
export type DeliveryAttemptRequest = z.infer<typeof deliveryAttemptRequestSchema>;

export const deliveryAttemptSchema = z
  .object({
    attemptNumber: z.int().min(1),
    attemptedAt: timestampSchema,
    durationMs: z.int().min(0),
    responseStatus: z
      .int()
      .nullable()
      .meta({ description: "HTTP status the receiver answered; null on a timeout or connection error." }),
    error: z.string().nullable().meta({ description: "Why the attempt failed, when it did." }),
    responseBodyExcerpt: z
      .string()
      .nullable()
      .meta({ description: "The first 2 KB of the receiver's response body." }),
    request: deliveryAttemptRequestSchema
      .nullable()
      .meta({ description: "The request as sent; null for attempts recorded before requests were kept." }),
  })
  .meta({ id: "DeliveryAttempt" });
export type DeliveryAttempt = z.infer<typeof deliveryAttemptSchema>;

export const webhookDeliverySchema = z
  .object({
    id: z.string().meta({
      description: "The delivery (`dlv_…`), also sent as the `webhook-id` header of each attempt.",
      example: "dlv_3ZbQ9mX2kT7vLp0aYc1RfD",
    }),
    eventId: z.string().meta({ description: "The event (`evt_…`), the payload's `id`." }),
    eventType: z.enum(EVENT_TYPES),
    subjectId: z
      .string()
      .meta({ description: "The event's subject: a return id, or the webhook id for a test." }),
    trigger: deliveryTriggerSchema,
    status: deliveryStatusSchema,
    attemptCount: z.int().min(0),
    nextAttemptAt: timestampSchema
      .nullable()
      .meta({ description: "When the next attempt is due; null unless `pending`." }),
    createdAt: timestampSchema,
    completedAt: timestampSchema
      .nullable()
      .meta({ description: "When it was delivered or discarded; null while pending." }),
    attempts: z.array(deliveryAttemptSchema).meta({ description: "Every attempt, oldest first." }),
  })
  .meta({ id: "WebhookDelivery" });
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

export const webhookDeliveryResponseSchema = z
  .object({ delivery: webhookDeliverySchema })
  .meta({ id: "WebhookDeliveryResponse" });

export const webhookDeliveryListResponseSchema = z
  .object({ deliveries: z.array(webhookDeliverySchema) })
  .meta({ id: "WebhookDeliveryListResponse" });

const signingSecret = z.string().meta({
  description:
    "The Standard Webhooks signing secret, in full: `whsec_` + base64 of 32 random bytes. The HMAC-SHA256 key " +
    "of `webhook-signature` is its base64-decoded part.",
  example: "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw1BAGqPgwEHk=",
});

export const signingSecretResponseSchema = z
  .object({ signingSecret })
  .meta({ id: "WebhookSigningSecretResponse" });

export const rotateSecretResponseSchema = z
  .object({
    signingSecret,
    previousSecretExpiresAt: timestampSchema.meta({
      description:
        "Until then every delivery is signed with both the new and the previous secret (two `v1,` entries), " +
        "so subscribers can switch without losing a delivery. Rotating again within that time drops the " +
        "older secret at once: only one previous secret is kept.",
    }),
  })
  .meta({ id: "RotateWebhookSecretResponse" });
