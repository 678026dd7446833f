import type { webhooks } from "../../db/schema";
import { EXTRA_EVENT_TYPES, type ExtraEventType } from "../../enums";
import { WEBHOOK_TOKEN_MASK, type Webhook } from "../../schemas/webhooks";

export type WebhookRow = typeof webhooks.$inferSelect;

export const TOKEN_MASK = WEBHOOK_TOKEN_MASK;
/** Tokens shorter than this are masked entirely: showing 4 characters of a short token gives too much away. */
export const TOKEN_MIN_LENGTH_TO_SHOW_TAIL = 12;

/** `"••••"` followed by the last 4 characters (only for tokens of 12+ characters). Still a string. */
export function maskToken(token: string): string {
  return token.length >= TOKEN_MIN_LENGTH_TO_SHOW_TAIL ? `${TOKEN_MASK}${token.slice(-4)}` : TOKEN_MASK;
}

/** The webhook's opt-ins, in the enum's order (the column's type is every event type; this narrows it). */
export function extraEventTypesOf(row: Pick<WebhookRow, "extraEventTypes">): ExtraEventType[] {
  return EXTRA_EVENT_TYPES.filter((type) => row.extraEventTypes.includes(type));
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
    payload: row.payload,
    extraEventTypes: extraEventTypesOf(row),
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
