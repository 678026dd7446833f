export { deleteWebhook } from "./delete-webhook";
export { findWebhookStore } from "./find-webhook-store";
export { getWebhook } from "./get-webhook";
export { listWebhooks } from "./list-webhooks";
export { maskToken, serializeWebhook, type WebhookRow } from "./serialize";
export { generateSigningSecret } from "./signing-secret";
export { updateWebhook } from "./update-webhook";
export { type UpsertWebhookResult, upsertWebhook } from "./upsert-webhook";
export {
  allowPrivateWebhookUrls,
  isPrivateWebhookHost,
  isPublicIpAddress,
  webhookUrlProblem,
} from "./url-policy";
