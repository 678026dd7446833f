import { bigserial, index, jsonb, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt, idPrefixCheck } from "./columns";
import { eventType, webhookTopic } from "./enums";
import { stores } from "./stores";

/**
 * The outbox: one row per event, written in the same transaction as the change that causes it.
 * `seq` gives a total order used to deliver one subject's events in order; `payload` is the snapshot of
 * the subject (return and order) as it stood when the change committed.
 */
export const events = pgTable(
  "events",
  {
    id: text().primaryKey(),
    seq: bigserial({ mode: "number" }).notNull(),
    storeId: text()
      .notNull()
      .references(() => stores.id, { onDelete: "cascade" }),
    topic: webhookTopic().notNull(),
    type: eventType().notNull(),
    subjectId: text().notNull(),
    payload: jsonb().$type<Record<string, unknown>>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    idPrefixCheck("event", t.id),
    uniqueIndex("events_seq_key").on(t.seq),
    index("events_store_created_idx").on(t.storeId, t.createdAt),
    index("events_subject_idx").on(t.subjectId, t.seq),
  ],
);
