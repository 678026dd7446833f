import { sql } from "drizzle-orm";
import { boolean, check, index, integer, jsonb, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import type { AlertChoice, AlertSource } from "../../enums";
import { createdAt, timestampMs } from "./columns";
import { staffUsers } from "./staff-users";
import { stores } from "./stores";

/**
 * One person's notification choices in one store (docs/notifications.md, "Preferences"): per alert source,
 * instant or digest and e-mail on or off, overriding the store's defaults; and quiet hours in the store's
 * time zone. A source left out follows the store default.
 */
export const staffNotificationPreferences = pgTable(
  "staff_notification_preferences",
  {
    userId: text()
      .notNull()
      .references(() => staffUsers.id, { onDelete: "cascade" }),
    storeId: text()
      .notNull()
      .references(() => stores.id, { onDelete: "cascade" }),
    alerts: jsonb().$type<Partial<Record<AlertSource, AlertChoice>>>().notNull().default({}),
    /** Minutes after the store's midnight; null follows the store's default quiet hours. */
    quietHoursStart: integer(),
    quietHoursEnd: integer(),
    /** True: no quiet hours for this person even when the store has default ones. */
    quietHoursOff: boolean().notNull().default(false),
    updatedAt: timestampMs().notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.storeId] })],
);

/**
 * An alert occasion a person chose to hear of in their digest, waiting for the next one: the daily digest
 * lists a person's undigested items of the store and marks them digested in the same transaction.
 */
export const digestItems = pgTable(
  "digest_items",
  {
    userId: text()
      .notNull()
      .references(() => staffUsers.id, { onDelete: "cascade" }),
    storeId: text()
      .notNull()
      .references(() => stores.id, { onDelete: "cascade" }),
    /** The occasion's key: recorded twice, listed once. */
    occasionKey: text().notNull(),
    source: text().$type<AlertSource>().notNull(),
    subject: text().notNull(),
    link: text().notNull(),
    digestedAt: timestampMs(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.storeId, t.occasionKey] }),
    index("digest_items_waiting_idx")
      .on(t.storeId, t.userId, t.createdAt)
      .where(sql`${t.digestedAt} is null`),
    check("digest_items_subject_length", sql`char_length(${t.subject}) <= 1000`),
  ],
);
