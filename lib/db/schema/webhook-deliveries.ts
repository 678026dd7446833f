import { sql } from "drizzle-orm";
import { bigint, check, index, integer, pgTable, text } from "drizzle-orm/pg-core";
import { createdAt, idPrefixCheck, timestampMs } from "./columns";
import { deliveryStatus } from "./enums";
import { events } from "./events";
import { webhooks } from "./webhooks";

/**
 * One event to deliver to one webhook. Workers claim a pending delivery whose time has come with
 * `FOR UPDATE SKIP LOCKED` and hold it by a lease; a delivery is only eligible when no earlier delivery
 * (lower event_seq) of the same webhook and subject is still pending, which keeps per-subject order.
 */
export const webhookDeliveries = pgTable(
  "webhook_deliveries",
  {
    id: text().primaryKey(),
    webhookId: text()
      .notNull()
      .references(() => webhooks.id, { onDelete: "cascade" }),
    eventId: text()
      .notNull()
      .references(() => events.id, { onDelete: "cascade" }),
    storeId: text().notNull(),
    subjectId: text().notNull(),
    eventSeq: bigint({ mode: "number" }).notNull(),
    /** Why this delivery exists: the event itself, a replay, a manual resend or a test. */
    trigger: text().notNull().default("event"),
    status: deliveryStatus().notNull().default("pending"),
    attemptCount: integer().notNull().default(0),
    nextAttemptAt: timestampMs().notNull().defaultNow(),
    leaseOwner: text(),
    leaseExpiresAt: timestampMs(),
    lastAttemptAt: timestampMs(),
    completedAt: timestampMs(),
    createdAt: createdAt(),
  },
  (t) => [
    idPrefixCheck("delivery", t.id),
    index("webhook_deliveries_due_idx").on(t.nextAttemptAt).where(sql`${t.status} = 'pending'`),
    index("webhook_deliveries_order_idx").on(t.webhookId, t.subjectId, t.eventSeq),
    // The dispatcher finds each queue's head in one ordered pass over the pending rows only.
    index("webhook_deliveries_pending_queue_idx")
      .on(t.webhookId, t.subjectId, t.eventSeq, t.id)
      .where(sql`${t.status} = 'pending'`),
    index("webhook_deliveries_webhook_created_idx").on(t.webhookId, t.createdAt),
    index("webhook_deliveries_event_idx").on(t.eventId),
    check("webhook_deliveries_trigger", sql`${t.trigger} in ('event', 'replay', 'resend', 'test')`),
  ],
);
