import { sql } from "drizzle-orm";
import { check, integer, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { createdAt } from "./columns";
import { disposition } from "./enums";
import { stores } from "./stores";

/**
 * A store's disposition rules (docs/dispositions.md), in order: the first whose grade, outcome and checklist
 * answer match an inspected item pre-fills its disposition in the process panel. Replaced whole, so (store, position) is a
 * rule's key. A null grade, outcome or answer matches any.
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
    /** A checklist answer the rule asks for: the question's key and the answer as text (both or neither). */
    answerQuestion: text(),
    answerEquals: text(),
    disposition: disposition().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.storeId, t.position] }),
    check("disposition_rules_answer_whole", sql`(${t.answerQuestion} is null) = (${t.answerEquals} is null)`),
  ],
);
