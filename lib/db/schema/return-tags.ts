import { pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { createdAt } from "./columns";
import { returns } from "./returns";

/** Tags on a return; `source` says who applied it (a rule, a user, an integration). */
export const returnTags = pgTable(
  "return_tags",
  {
    returnId: text()
      .notNull()
      .references(() => returns.id, { onDelete: "cascade" }),
    name: text().notNull(),
    source: text().notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.returnId, t.name] })],
);
