import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt, idPrefixCheck, timestampMs, updatedAt } from "./columns";
import { reportFrequency } from "./enums";
import { savedViews } from "./saved-views";
import { staffUsers } from "./staff-users";
import { stores } from "./stores";

/**
 * A saved view's scheduled report (docs/notifications.md, "Scheduled reports"): its rows as CSV, e-mailed to
 * the recipients daily or weekly at a time of the store's day. `nextRunAt` is the next occurrence as an
 * instant, computed in the store's time zone (daylight saving included) and moved on when it is sent.
 */
export const reportSchedules = pgTable(
  "report_schedules",
  {
    id: text().primaryKey(),
    storeId: text()
      .notNull()
      .references(() => stores.id, { onDelete: "cascade" }),
    savedViewId: text()
      .notNull()
      .references(() => savedViews.id, { onDelete: "cascade" }),
    frequency: reportFrequency().notNull(),
    /** 0 Sunday … 6 Saturday, for a weekly schedule. */
    weekday: integer(),
    /** Minutes after the store's midnight. */
    timeOfDay: integer().notNull(),
    /** Staff user ids: the owner, and for a shared view the members chosen. */
    recipients: text().array().notNull(),
    createdBy: text()
      .notNull()
      .references(() => staffUsers.id, { onDelete: "cascade" }),
    nextRunAt: timestampMs().notNull(),
    lastRunAt: timestampMs(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    idPrefixCheck("reportSchedule", t.id),
    uniqueIndex("report_schedules_view_key").on(t.savedViewId),
    index("report_schedules_due_idx").on(t.nextRunAt),
    check("report_schedules_time_of_day", sql`${t.timeOfDay} between 0 and 1439`),
    check(
      "report_schedules_weekday",
      sql`(${t.frequency} = 'weekly') = (${t.weekday} is not null) and (${t.weekday} is null or ${t.weekday} between 0 and 6)`,
    ),
  ],
);
