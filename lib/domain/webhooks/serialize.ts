import type { webhooks } from "../../db/schema";
import type { Webhook } from "../../schemas/webhooks";

export type WebhookRow = typeof webhooks.$inferSelect;

export const TOKEN_MASK = "••••";
/** Tokens shorter than this are masked entirely: showing 4 characters of a short token gives too much away. */
export const TOKEN_MIN_LENGTH_TO_SHOW_TAIL = 12;

/** `"••••"` followed by the last 4 characters (only for tokens of 12+ characters). Still a string. */
export function maskToken(token: string): string {
  return token.length >= TOKEN_MIN_LENGTH_TO_SHOW_TAIL ? `${TOKEN_MASK}${token.slice(-4)}` : TOKEN_MASK;
}

const iso = (value: Date | null): string | null => (value ? value.toISOString() : null);

/**
 * The API's view of a webhook (interface "Webhook" plus the read-only `health` object). The stored
 * token is masked and the signing secrets are left out: this is the only way a webhook leaves the
 * domain layer.
 */
export function serializeWebhook(row: WebhookRow): Webhook {
  return {
    id: row.id,
    callback: {
      url: row.url,
      auth: row.authToken === null ? null : { bearer: { token: maskToken(row.authToken) } },
    },
    topic: row.topic,
    kind: row.kind,
    externalId: row.externalId,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    health: {
      consecutiveFailures: row.consecutiveFailures,
      lastSuccessAt: iso(row.lastSuccessAt),
      lastFailureAt: iso(row.lastFailureAt),
      failingSince: iso(row.failingSince),
      disabledAt: iso(row.disabledAt),
      disabledReason: row.disabledReason,
    },
  };
}
