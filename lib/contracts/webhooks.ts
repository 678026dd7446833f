import {
  rotateSecretResponseSchema,
  signingSecretResponseSchema,
  webhookDeliveryResponseSchema,
} from "../schemas/webhook-deliveries";
import {
  createWebhookRequestSchema,
  updateWebhookRequestSchema,
  webhookListResponseSchema,
  webhookResponseSchema,
} from "../schemas/webhooks";
import { AUTH, defineContract, noStore, storeParams, webhookParams } from "./contract";

export const createOrUpdateWebhook = defineContract({
  method: "post",
  path: "/stores/{storeId}/webhooks",
  operationId: "createOrUpdateWebhook",
  resource: "webhook",
  access: "admin",
  summary: "Create or update webhook",
  description:
    "When `externalId` names an existing webhook of the store, that webhook is updated (200); otherwise one is " +
    "created (201, with `Location`). Concurrent calls with one `externalId` never create two.",
  tag: "Webhooks",
  params: storeParams,
  body: createWebhookRequestSchema,
  responses: {
    200: { description: "Updated.", schema: webhookResponseSchema },
    201: {
      description: "Created.",
      schema: webhookResponseSchema,
      headers: { Location: { description: "URL of the new webhook.", schema: { type: "string" } } },
    },
  },
  errors: [400, ...AUTH, 413, 415],
});

export const listWebhooks = defineContract({
  method: "get",
  path: "/stores/{storeId}/webhooks",
  operationId: "listWebhooks",
  resource: "webhook",
  access: "admin",
  summary: "List webhooks",
  tag: "Webhooks",
  params: storeParams,
  responses: { 200: { description: "The store's webhooks.", schema: webhookListResponseSchema } },
  errors: AUTH,
});

export const getWebhook = defineContract({
  method: "get",
  path: "/webhooks/{webhookId}",
  operationId: "getWebhook",
  resource: "webhook",
  access: "admin",
  storeOf: "webhook",
  summary: "Get webhook",
  tag: "Webhooks",
  params: webhookParams,
  responses: { 200: { description: "The webhook.", schema: webhookResponseSchema } },
  errors: [...AUTH, 404],
});

export const updateWebhook = defineContract({
  method: "put",
  path: "/webhooks/{webhookId}",
  operationId: "updateWebhook",
  resource: "webhook",
  access: "admin",
  storeOf: "webhook",
  summary: "Update webhook",
  description:
    "The published `webhook-update`: replaces `callback` and `externalId` (omitted means null, as published) and " +
    "answers 204 with no body. The masked token a GET answered, sent back unchanged, keeps the stored token " +
    "(so a read-modify-write works); `auth: null` removes it. `topic`, `kind`, `payload` and `extraEventTypes` " +
    "are optional additions that keep their value when omitted. Another webhook of the store with the " +
    "`externalId`: 409 `webhook/external-id-conflict`.",
  tag: "Webhooks",
  params: webhookParams,
  body: updateWebhookRequestSchema,
  responses: { 204: { description: "Updated." } },
  errors: [400, ...AUTH, 404, 409, 413, 415],
});

export const deleteWebhook = defineContract({
  method: "delete",
  path: "/webhooks/{webhookId}",
  operationId: "deleteWebhook",
  resource: "webhook",
  access: "admin",
  storeOf: "webhook",
  summary: "Delete webhook",
  tag: "Webhooks",
  params: webhookParams,
  responses: { 204: { description: "Deleted." } },
  errors: [...AUTH, 404],
});

export const sendWebhookTestEvent = defineContract({
  method: "post",
  path: "/webhooks/{webhookId}/test",
  operationId: "sendWebhookTestEvent",
  resource: "webhook",
  access: "admin",
  storeOf: "webhook",
  summary: "Send a test event",
  description:
    "Records a test event and one delivery of it (trigger `test`) to this webhook only. A `return` webhook " +
    "that did not opt in to `test` (`extraEventTypes`) receives a published-shaped `updated` event of the " +
    "store's most recently updated return (409 `webhook/no-sample-return` when the store has none); one that " +
    'opted in, and webhooks of our own topics, receive `{ id, type: "test", ..., webhook: { id } }`. ' +
    "`thin` webhooks get the thin form. A disabled webhook keeps it pending until it is enabled again.",
  tag: "Webhooks",
  params: webhookParams,
  responses: { 202: { description: "The test delivery.", schema: webhookDeliveryResponseSchema } },
  errors: [...AUTH, 404, 409],
});

export const rotateWebhookSigningSecret = defineContract({
  method: "post",
  path: "/webhooks/{webhookId}/rotate-secret",
  operationId: "rotateWebhookSigningSecret",
  resource: "webhook",
  access: "admin",
  storeOf: "webhook",
  summary: "Rotate the signing secret",
  description:
    "Generates a new signing secret and answers it in full. The previous secret keeps signing beside it " +
    "for 24 hours (`webhook-signature` carries both `v1,` entries), then only the new one signs. Only one " +
    "previous secret is kept: rotating again within 24 hours drops the oldest at once.",
  tag: "Webhooks",
  params: webhookParams,
  responses: {
    200: { description: "The new secret.", schema: rotateSecretResponseSchema, headers: noStore },
  },
  errors: [...AUTH, 404],
});

export const getWebhookSigningSecret = defineContract({
  method: "get",
  path: "/webhooks/{webhookId}/signing-secret",
  operationId: "getWebhookSigningSecret",
  resource: "webhook",
  access: "admin",
  storeOf: "webhook",
  summary: "Reveal the signing secret",
  description: "The current signing secret in full (admin only).",
  tag: "Webhooks",
  params: webhookParams,
  responses: {
    200: { description: "The current secret.", schema: signingSecretResponseSchema, headers: noStore },
  },
  errors: [...AUTH, 404],
});

export const enableWebhook = defineContract({
  method: "post",
  path: "/webhooks/{webhookId}/enable",
  operationId: "enableWebhook",
  resource: "webhook",
  access: "admin",
  storeOf: "webhook",
  summary: "Enable a disabled webhook",
  description:
    "Clears `health.disabledAt`, `disabledReason` and `failingSince` and sets `consecutiveFailures` to 0; " +
    "deliveries held while it was disabled become due. Idempotent: an enabled webhook answers 200 too.",
  tag: "Webhooks",
  params: webhookParams,
  responses: { 200: { description: "The webhook.", schema: webhookResponseSchema } },
  errors: [...AUTH, 404],
});
