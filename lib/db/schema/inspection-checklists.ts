import { index, integer, jsonb, pgTable, text } from "drizzle-orm/pg-core";
import type { ChecklistAppliesTo, ChecklistQuestion } from "../../schemas/inspection";
import { createdAt, idPrefixCheck } from "./columns";
import { stores } from "./stores";

/**
 * A store's inspection checklists (docs/inspection.md), in order: the first whose product types, tags or
 * return reasons match a returned item is the one its inspector answers. Replaced whole by the API (Settings
 * edits them as one list); the questions are one document, read and written with their checklist.
 */
export const inspectionChecklists = pgTable(
  "inspection_checklists",
  {
    id: text().primaryKey(),
    storeId: text()
      .notNull()
      .references(() => stores.id, { onDelete: "cascade" }),
    position: integer().notNull(),
    name: text().notNull(),
    appliesTo: jsonb().$type<ChecklistAppliesTo>().notNull(),
    questions: jsonb().$type<ChecklistQuestion[]>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    idPrefixCheck("inspectionChecklist", t.id),
    index("inspection_checklists_store_idx").on(t.storeId, t.position),
  ],
);
