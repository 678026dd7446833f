import { sql } from "drizzle-orm";
import { index, jsonb, pgTable, text } from "drizzle-orm/pg-core";
import { createdAt, idPrefixCheck } from "./columns";
import { actorKind, returnActivityKind } from "./enums";
import { returns } from "./returns";

/**
 * The audit trail of a return (docs/returns-lifecycle.md): one row per thing that happened to it, written
 * in the transaction of the change, with who did it and when, so the return's timeline reads it as is.
 * `details` holds what the kind needs (`{ from, to }` for a status change, the item's grade, outcome and
 * restock location for a processed item...); its shape per kind is `ReturnActivityDetails`.
 */
export const returnActivities = pgTable(
  "return_activities",
  {
    id: text().primaryKey(),
    returnId: text()
      .notNull()
      .references(() => returns.id, { onDelete: "cascade" }),
    kind: returnActivityKind().notNull(),
    actorKind: actorKind().notNull(),
    /** Staff user or API secret id; null for the system. */
    actorId: text(),
    /** The staff member's or API secret's name as it was at the time. */
    actorName: text().notNull(),
    details: jsonb().$type<Record<string, unknown>>().notNull().default(sql`'{}'::jsonb`),
    at: createdAt(),
  },
  (t) => [
    idPrefixCheck("returnActivity", t.id),
    index("return_activities_return_idx").on(t.returnId, t.at, t.id),
  ],
);
