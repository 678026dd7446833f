import type { WebhookHealth } from "../schemas/webhooks";

/** The health of a webhook that no delivery has failed for yet: no failures, no success, never disabled. */
export const NEW_WEBHOOK_HEALTH: WebhookHealth = {
  consecutiveFailures: 0,
  lastSuccessAt: null,
  lastFailureAt: null,
  failingSince: null,
  disabledAt: null,
  disabledReason: null,
};
