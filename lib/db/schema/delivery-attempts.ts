import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text } from "drizzle-orm/pg-core";
import { timestampMs } from "./columns";
import { webhookDeliveries } from "./webhook-deliveries";

/** Every attempt of a delivery, successful or not, with the first 2 KB of what the receiver answered. */
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
  },
  (t) => [
    index("delivery_attempts_delivery_idx").on(t.deliveryId, t.attemptNumber),
    check("delivery_attempts_id_prefix", sql`${t.id} like 'att\\_%'`),
  ],
);
