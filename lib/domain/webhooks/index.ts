export { bulkResendDeliveries } from "./bulk-resend";
export { deleteWebhook } from "./delete-webhook";
export {
  listDeliveries,
  resendDelivery,
} from "./deliveries";
export { enableWebhook } from "./enable-webhook";
export { findWebhookStore } from "./find-webhook-store";
export { getWebhook } from "./get-webhook";
export { listWebhooks } from "./list-webhooks";
export { replayEvents } from "./replay";
export { getSigningSecret, rotateSigningSecret } from "./rotate-secret";

export { sendTestEvent } from "./test-event";
export { updateWebhook } from "./update-webhook";
export { upsertWebhook } from "./upsert-webhook";
