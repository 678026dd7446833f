import { index, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { timestampMs } from "./columns";
import { webhookTopic } from "./enums";
import { stores } from "./stores";

/**
 * Coalesced `updated` events (lib/domain/events/coalesce.ts): a change that would record a large snapshot event
 * per request (a receipt of one unit on a 500-line shipment) instead marks the subject's `updated` event as due,
 * in its own transaction and under the subject's row lock. At most one row per subject: later marks of a burst
 * find it there and add nothing. The dispatcher renders the event once `due_at` has passed (the latest state,
 * under the subject's lock) and deletes the row in the same transaction, so a mark is never lost: a crash before
 * the render leaves the row for the next dispatcher.
 */
export const eventMarks = pgTable(
  "event_marks",
  {
    topic: webhookTopic().notNull(),
    subjectId: text().notNull(),
    storeId: text()
      .notNull()
      .references(() => stores.id, { onDelete: "cascade" }),
    markedAt: timestampMs().notNull(),
    dueAt: timestampMs().notNull(),
  },
  (t) => [primaryKey({ columns: [t.topic, t.subjectId] }), index("event_marks_due_idx").on(t.dueAt)],
);
