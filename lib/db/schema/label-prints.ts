import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgTable, text } from "drizzle-orm/pg-core";
import { createdAt, idPrefixCheck } from "./columns";
import { actorKind, labelFormat, labelSize, labelSubjectType } from "./enums";
import { stores } from "./stores";

/**
 * Every print and reprint of labels (docs/labels.md): which object they were for, in which format and size,
 * how many, by whom. One table for every kind of subject, so a new kind (bins) records prints with no new
 * table; the return timeline reads a return's rows, and each page's print control lists its object's.
 */
export const labelPrints = pgTable(
  "label_prints",
  {
    id: text().primaryKey(),
    storeId: text()
      .notNull()
      .references(() => stores.id, { onDelete: "cascade" }),
    subjectType: labelSubjectType().notNull(),
    /** The return, inbound shipment, inventory item or location id; not a foreign key (one column, four tables). */
    subjectId: text().notNull(),
    format: labelFormat().notNull(),
    size: labelSize().notNull(),
    labelCount: integer().notNull(),
    actorKind: actorKind().notNull(),
    /** Staff user or API secret id. */
    actorId: text(),
    /** The staff member's or API secret's name at the time. */
    actorName: text().notNull(),
    /** What was printed: the item ids of a return's plates, a shipment's `lines` or `cartons`. */
    details: jsonb().$type<Record<string, unknown>>().notNull().default(sql`'{}'::jsonb`),
    createdAt: createdAt(),
  },
  (t) => [
    idPrefixCheck("labelPrint", t.id),
    index("label_prints_subject_idx").on(t.storeId, t.subjectType, t.subjectId, t.createdAt, t.id),
    check("label_prints_count_positive", sql`${t.labelCount} > 0`),
  ],
);
