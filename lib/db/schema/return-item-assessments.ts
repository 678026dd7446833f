import { sql } from "drizzle-orm";
import { index, jsonb, pgTable, text } from "drizzle-orm/pg-core";
import type { AssessmentResponse } from "../../schemas/returns";
import { createdAt, idPrefixCheck, timestampMs } from "./columns";
import { returnItems } from "./return-items";

/** A warehouse assessment of a returned item by an assigned user, with its free-form responses. */
export const returnItemAssessments = pgTable(
  "return_item_assessments",
  {
    id: text().primaryKey(),
    returnItemId: text()
      .notNull()
      .references(() => returnItems.id, { onDelete: "cascade" }),
    assignedUserId: text().notNull(),
    assignedUserName: text().notNull(),
    assignedUserFirstName: text().notNull(),
    assignedUserLastName: text().notNull(),
    assignedUserEmail: text().notNull(),
    responses: jsonb().$type<AssessmentResponse[]>().notNull().default(sql`'[]'::jsonb`),
    /** The inspection checklist answered (docs/inspection.md): its id and name at the time; null otherwise. */
    checklistId: text(),
    checklistName: text(),
    /** The inspection's time: the item's first scan and its decision (as the inspector's device saw them). */
    startedAt: timestampMs(),
    decidedAt: timestampMs(),
    createdAt: createdAt(),
  },
  (t) => [idPrefixCheck("assessment", t.id), index("return_item_assessments_item_idx").on(t.returnItemId)],
);
