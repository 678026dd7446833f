import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import type { AlertDefault, AlertSource } from "../../enums";
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
    /** A file sent with an e-mail (a scheduled report's CSV); chat messages carry none. */
    attachmentName: text(),
    attachmentContentType: text(),
    attachmentContent: text(),
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

/**
 * A store's notification settings: the chat tool's incoming-webhook URL its notices are posted to, and the
 * admins' defaults for alerts (docs/notifications.md, "Preferences").
 */
export const storeNotificationSettings = pgTable("store_notification_settings", {
  storeId: text()
    .primaryKey()
    .references(() => stores.id, { onDelete: "cascade" }),
  chatWebhookUrl: text(),
  /** Per alert source: how members hear of it unless they chose otherwise, and whether the chat URL does. */
  alertDefaults: jsonb().$type<Partial<Record<AlertSource, AlertDefault>>>().notNull().default({}),
  /** Default quiet hours, minutes after the store's midnight (both or neither); a person's own override them. */
  quietHoursStart: integer(),
  quietHoursEnd: integer(),
  /** The store-local day (YYYY-MM-DD) whose daily digest was sent: claimed once, so it is built once. */
  digestSentOn: text(),
  updatedAt: timestampMs().notNull().defaultNow(),
});
