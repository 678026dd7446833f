export { deleteWebhook } from "./delete-webhook";
export {
  DELIVERY_RESOURCE,
  type DeliveryCursor,
  getDelivery,
  type ListDeliveriesResult,
  listDeliveries,
  resendDelivery,
  serializeDelivery,
} from "./deliveries";
export { enableWebhook } from "./enable-webhook";
export { findWebhookStore } from "./find-webhook-store";
export { getWebhook } from "./get-webhook";
export { listWebhooks } from "./list-webhooks";
export { replayEvents } from "./replay";
export { getSigningSecret, rotateSigningSecret } from "./rotate-secret";
export { maskToken, serializeWebhook, type WebhookRow } from "./serialize";
export { generateSigningSecret } from "./signing-secret";
export { sendTestEvent, type TestEventPayload } from "./test-event";
export { updateWebhook } from "./update-webhook";
export { type UpsertWebhookResult, upsertWebhook } from "./upsert-webhook";
