import { index, integer, jsonb, pgTable, text } from "drizzle-orm/pg-core";
import type { WebhookPayload } from "../../enums";
import { idPrefixCheck, timestampMs } from "./columns";
import { webhookDeliveries } from "./webhook-deliveries";

/**
 * Every attempt of a delivery, successful or not, with the first 2 KB of what the receiver answered and
 * the request as sent: its headers (token and signatures masked before they are stored) and, instead of
 * the body's bytes, which form of the event was sent with its SHA-256 and length. The body is the event's
 * stored payload (or its thin form), re-derived exactly when read, so up to nine attempts of a 150 KB
 * snapshot do not keep nine copies of it (docs/webhooks.md, "Delivery log"). Null on attempts made
 * before these columns existed.
 */
export const deliveryAttempts = pgTable(
  "delivery_attempts",
  {
    id: text().primaryKey(),
    deliveryId: text()
      .notNull()
      .references(() => webhookDeliveries.id, { onDelete: "cascade" }),
    attemptNumber: integer().notNull(),
    attemptedAt: timestampMs().notNull(),
    durationMs: integer().notNull(),
    responseStatus: integer(),
    error: text(),
    responseBodyExcerpt: text(),
    requestHeaders: jsonb().$type<Record<string, string>>(),
    requestBodyKind: text().$type<WebhookPayload>(),
    requestBodySha256: text(),
    requestBodyBytes: integer(),
  },
  (t) => [
    idPrefixCheck("deliveryAttempt", t.id),
    index("delivery_attempts_delivery_idx").on(t.deliveryId, t.attemptNumber),
  ],
);
