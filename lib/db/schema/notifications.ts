import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt, idPrefixCheck, timestampMs } from "./columns";
import { notificationChannel, notificationKind, notificationStatus } from "./enums";
import { stores } from "./stores";

/**
 * The notification outbox (docs/notifications.md): one row per message to one recipient on one channel,
 * written in the transaction of what caused it and sent later by the notification worker beside the
 * webhook dispatcher, with retries. `dedupeKey` makes "tell them once" a constraint: an occasion (a
 * webhook's failure streak, say) enqueued twice for the same recipient inserts one row.
 */
export const notifications = pgTable(
  "notifications",
  {
    id: text().primaryKey(),
    /** Null for a message about no store (none yet; kept nullable for instance-wide notices). */
    storeId: text().references(() => stores.id, { onDelete: "cascade" }),
    kind: notificationKind().notNull(),
    channel: notificationChannel().notNull(),
    /** An e-mail address, or the chat webhook URL. */
    recipient: text().notNull(),
    subject: text().notNull(),
    /** Plain text; a chat message is subject and body joined. */
    body: text().notNull(),
    /** What the message is about (a webhook's id for its warnings), for the history page. */
    subjectId: text(),
    dedupeKey: text(),
    status: notificationStatus().notNull().default("pending"),
    attemptCount: integer().notNull().default(0),
    nextAttemptAt: timestampMs().notNull().defaultNow(),
    leaseOwner: text(),
    leaseExpiresAt: timestampMs(),
    lastError: text(),
    sentAt: timestampMs(),
    createdAt: createdAt(),
  },
  (t) => [
    idPrefixCheck("notification", t.id),
    uniqueIndex("notifications_dedupe_key").on(t.dedupeKey, t.channel, t.recipient),
    index("notifications_due_idx").on(t.nextAttemptAt).where(sql`${t.status} = 'pending'`),
    index("notifications_store_created_idx").on(t.storeId, t.createdAt),
    check("notifications_recipient_length", sql`char_length(${t.recipient}) <= 2048`),
  ],
);

/** A store's notification settings: the chat tool's incoming-webhook URL its notices are posted to. */
export const storeNotificationSettings = pgTable("store_notification_settings", {
  storeId: text()
    .primaryKey()
    .references(() => stores.id, { onDelete: "cascade" }),
  chatWebhookUrl: text(),
  updatedAt: timestampMs().notNull().defaultNow(),
});
