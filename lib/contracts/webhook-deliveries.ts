import {
  BULK_RESEND_LIMIT,
  bulkResendRequestSchema,
  bulkResendResponseSchema,
  listDeliveriesQuerySchema,
  REPLAY_MAX_AGE_DAYS,
  replayRequestSchema,
  webhookDeliveryListResponseSchema,
  webhookDeliveryResponseSchema,
} from "../schemas/webhook-deliveries";
import {
  AUTH,
  CSV_FILE,
  defineContract,
  defineListContract,
  deliveryParams,
  webhookParams,
} from "./contract";

/** A webhook's deliveries: list, read, export, resend one or many, and replay past events as new ones. */

export const listWebhookDeliveries = defineListContract({
  path: "/webhooks/{webhookId}/deliveries",
  operationId: "listWebhookDeliveries",
  resource: "webhook",
  access: "admin",
  storeOf: "webhook",
  summary: "List webhook deliveries",
  description:
    "The webhook's deliveries with every attempt, newest first (`createdAt` desc, then `id` desc), with the " +
    "same header paging as the other lists. `status` filters; a page marker is only valid for the webhook " +
    "and filters it was issued for.",
  tag: "Webhooks",
  params: webhookParams,
  query: listDeliveriesQuerySchema,
  page: { description: "A page of deliveries.", schema: webhookDeliveryListResponseSchema },
  errors: [400, ...AUTH, 404],
});

export const getWebhookDelivery = defineContract({
  method: "get",
  path: "/webhooks/{webhookId}/deliveries/{deliveryId}",
  operationId: "getWebhookDelivery",
  resource: "webhook",
  access: "admin",
  storeOf: "webhook",
  summary: "Get a delivery",
  description:
    "One delivery with its attempts: what an integration polls after a resend or a test event (both answer " +
    "the new delivery's id) to learn whether it arrived. An unknown delivery id, or one of another webhook, " +
    "is a 404 `delivery/not-found`.",
  tag: "Webhooks",
  params: deliveryParams,
  responses: { 200: { description: "The delivery.", schema: webhookDeliveryResponseSchema } },
  errors: [...AUTH, 404],
});

export const resendWebhookDelivery = defineContract({
  method: "post",
  path: "/webhooks/{webhookId}/deliveries/{deliveryId}/resend",
  operationId: "resendWebhookDelivery",
  resource: "webhook",
  access: "admin",
  storeOf: "webhook",
  summary: "Resend a delivery",
  description:
    "Creates a new pending delivery (trigger `resend`) of the same event to this webhook, due at once, " +
    "whatever the original's status (the original is left as it is). It keeps the event's place in the " +
    "subject's order, so it waits for earlier pending deliveries of the same subject. An unknown delivery " +
    "id, or one of another webhook, is a 404 `delivery/not-found`.",
  tag: "Webhooks",
  params: deliveryParams,
  responses: { 202: { description: "The new delivery.", schema: webhookDeliveryResponseSchema } },
  errors: [...AUTH, 404],
});

export const bulkResendWebhookDeliveries = defineContract({
  method: "post",
  path: "/webhooks/{webhookId}/deliveries/resend",
  operationId: "bulkResendWebhookDeliveries",
  resource: "webhook",
  access: "admin",
  storeOf: "webhook",
  summary: "Resend failed deliveries",
  description:
    "Resends the webhook's discarded (failed) deliveries matching the filters (`eventType`, created `since` " +
    "inclusive and `until` exclusive), chosen on the server: one new delivery (trigger `resend`) per event, in " +
    "event order, skipping events that already have a pending or delivered delivery (so a second call resends " +
    `nothing twice). At most ${BULK_RESEND_LIMIT} per call: more matches is a 400 naming the limit, and nothing ` +
    "is queued. `dryRun: true` answers the count without queuing.",
  tag: "Webhooks",
  params: webhookParams,
  body: bulkResendRequestSchema,
  responses: {
    202: { description: "How many matched and how many were queued.", schema: bulkResendResponseSchema },
  },
  errors: [400, ...AUTH, 404, 413, 415],
});

export const replayWebhookEvents = defineContract({
  method: "post",
  path: "/webhooks/{webhookId}/replay",
  operationId: "replayWebhookEvents",
  resource: "webhook",
  access: "admin",
  storeOf: "webhook",
  summary: "Replay events of a time window",
  description:
    "Creates one pending delivery (trigger `replay`) per event of the webhook's store and topic created at " +
    "or after `start` and, when given, before `until`, in event order. `start` must not be in the future nor " +
    `more than ${REPLAY_MAX_AGE_DAYS} days ago, and \`until\` must be after \`start\` (400). Test events are ` +
    "not replayed. Each replayed delivery has a new `webhook-id`; the payload keeps the original event's `id`. " +
    "Answers 202 with no body, as published; `X-Replayed-Count` (an addition) says how many deliveries were created.",
  tag: "Webhooks",
  params: webhookParams,
  body: replayRequestSchema,
  responses: {
    202: {
      description: "Queued.",
      headers: {
        "X-Replayed-Count": {
          description: "Deliveries created (trigger `replay`), one per event.",
          schema: { type: "integer" },
        },
      },
    },
  },
  errors: [400, ...AUTH, 404, 413, 415],
});

export const exportWebhookDeliveries = defineContract({
  method: "get",
  path: "/webhooks/{webhookId}/deliveries/export",
  operationId: "exportWebhookDeliveries",
  resource: "webhook",
  access: "admin",
  storeOf: "webhook",
  summary: "Export a webhook's deliveries as CSV",
  description:
    "The delivery log with the list's status filter, newest first, one CSV row per delivery with its last " +
    "attempt's outcome, streamed. Columns: id, event_id, event_type, topic, subject_id, trigger, status, " +
    "attempt_count, created_at, last_attempt_at, next_attempt_at, completed_at, last_response_status, last_error, " +
    "last_duration_ms. A cell a spreadsheet would run as a formula is prefixed with `'`.",
  tag: "Webhooks",
  params: webhookParams,
  query: listDeliveriesQuerySchema,
  responses: { 200: CSV_FILE },
  errors: [400, ...AUTH, 404],
});
