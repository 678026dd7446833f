import { sql } from "drizzle-orm";
import { boolean, check, index, integer, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt, idPrefixCheck, timestampMs } from "./columns";
import { alertCondition, alertSource } from "./enums";
import { savedViews } from "./saved-views";
import { staffUsers } from "./staff-users";
import { stores } from "./stores";

/**
 * An alert rule and its evaluation state (docs/notifications.md "Alerts"): a saved view's alert (its owner's;
 * removed with the view or the owner), or one of the store's built-ins (one row each, `saved_view_id` and
 * `owner_id` null, written by Settings → Notifications). The state lives on the row because one evaluation
 * reads and writes exactly one rule: a second table would be a second statement each 15 s for every rule.
 */
export const alertRules = pgTable(
  "alert_rules",
  {
    id: text().primaryKey(),
    storeId: text()
      .notNull()
      .references(() => stores.id, { onDelete: "cascade" }),
    source: alertSource().notNull(),
    savedViewId: text().references(() => savedViews.id, { onDelete: "cascade" }),
    ownerId: text().references(() => staffUsers.id, { onDelete: "cascade" }),
    condition: alertCondition().notNull(),
    /** `threshold`: fires when the list holds more than this many rows. */
    threshold: integer().notNull().default(0),
    /** `threshold`: ... for at least this many minutes. */
    minutes: integer().notNull().default(0),
    /** `returns_waiting`: a return waiting for review longer than this many hours raises it. */
    hours: integer().notNull().default(0),
    /** A built-in switched off keeps its row (and settings) but is not evaluated. */
    enabled: boolean().notNull().default(true),
    createdAt: createdAt(),
    /** When the condition was last found to begin (threshold crossed); null while it does not hold. */
    conditionSince: timestampMs(),
    /** When the firing now in force was sent; null when none is (never fired, or cleared). */
    firingSince: timestampMs(),
    /** Rows the list held at the last evaluation (the count of the last occasion's message). */
    lastCount: integer(),
    lastEvaluatedAt: timestampMs(),
    /** `new_rows`: the ids the list held at the last evaluation; null before the first. */
    seenRowIds: text().array(),
  },
  (t) => [
    idPrefixCheck("alertRule", t.id),
    check("alert_rules_numbers_check", sql`${t.threshold} >= 0 and ${t.minutes} >= 0 and ${t.hours} >= 0`),
    index("alert_rules_store_idx").on(t.storeId),
    index("alert_rules_owner_idx").on(t.ownerId, t.storeId),
    index("alert_rules_view_idx").on(t.savedViewId),
    // One row per built-in and store.
    uniqueIndex("alert_rules_built_in_key").on(t.storeId, t.source).where(sql`${t.source} <> 'saved_view'`),
  ],
);
