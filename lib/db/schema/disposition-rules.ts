import { integer, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { createdAt } from "./columns";
import { disposition } from "./enums";
import { stores } from "./stores";

/**
 * A store's disposition rules (docs/dispositions.md), in order: the first whose grade and outcome match an
 * inspected item pre-fills its disposition in the process panel. Replaced whole, so (store, position) is a
 * rule's key. A null grade or outcome matches any.
 */
export const dispositionRules = pgTable(
  "disposition_rules",
  {
    storeId: text()
      .notNull()
      .references(() => stores.id, { onDelete: "cascade" }),
    position: integer().notNull(),
    grade: text(),
    outcome: text(),
    disposition: disposition().notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.storeId, t.position] })],
);
