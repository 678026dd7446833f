import { sql } from "drizzle-orm";
import { boolean, index, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt, idPrefixCheck } from "./columns";
import { savedViewList } from "./enums";
import { staffUsers } from "./staff-users";
import { stores } from "./stores";

/**
 * A named filter set of a list: the list page's URL query, kept as text and checked against
 * the list's known parameters on the way in. Personal views are their owner's; shared ones every member's.
 * Removing the owner removes their views (shared ones too: a view has one owner who answers for it).
 */
export const savedViews = pgTable(
  "saved_views",
  {
    id: text().primaryKey(),
    storeId: text()
      .notNull()
      .references(() => stores.id, { onDelete: "cascade" }),
    list: savedViewList().notNull(),
    name: text().notNull(),
    query: text().notNull(),
    shared: boolean().notNull().default(false),
    ownerId: text()
      .notNull()
      .references(() => staffUsers.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [
    idPrefixCheck("savedView", t.id),
    index("saved_views_store_list_idx").on(t.storeId, t.list, t.name),
    // One name, one view, whatever its case: among a person's own views of a list (personal or shared),
    // and among a list's shared views, which every member sees side by side.
    uniqueIndex("saved_views_owner_name_key").on(t.storeId, t.list, t.ownerId, sql`lower(${t.name})`),
    uniqueIndex("saved_views_shared_name_key")
      .on(t.storeId, t.list, sql`lower(${t.name})`)
      .where(sql`${t.shared}`),
  ],
);
