import { sql } from "drizzle-orm";
import { check, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { PILL_THEMES, RETURN_TAG_SOURCES } from "../../enums";
import { createdAt, updatedAt } from "./columns";
import { stores } from "./stores";

const quoted = (values: readonly string[]) => sql.raw(values.map((value) => `'${value}'`).join(", "));

/**
 * The store's catalogue of return tags (published `return-tag.schema`): each name once per store, with
 * the colour of its pill. Every name on a return (`return_tags`) is in its store's catalogue: putting an
 * unknown name on a return adds it here first, and deleting a catalogue tag strips it from the returns.
 */
export const storeReturnTags = pgTable(
  "store_return_tags",
  {
    storeId: text()
      .notNull()
      .references(() => stores.id, { onDelete: "cascade" }),
    name: text().notNull(),
    pillTheme: text().notNull().default("NORMAL"),
    source: text().notNull().default("merchant"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.storeId, t.name] }),
    check("store_return_tags_pill_theme", sql`${t.pillTheme} in (${quoted(PILL_THEMES)})`),
    check("store_return_tags_source", sql`${t.source} in (${quoted(RETURN_TAG_SOURCES)})`),
  ],
);
