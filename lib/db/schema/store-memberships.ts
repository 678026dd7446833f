import { index, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { createdAt } from "./columns";
import { staffRole } from "./enums";
import { staffUsers } from "./staff-users";
import { stores } from "./stores";

/** A staff user's role in one store; a user may belong to several stores with different roles. */
export const storeMemberships = pgTable(
  "store_memberships",
  {
    storeId: text()
      .notNull()
      .references(() => stores.id, { onDelete: "cascade" }),
    userId: text()
      .notNull()
      .references(() => staffUsers.id, { onDelete: "cascade" }),
    role: staffRole().notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.storeId, t.userId] }), index("store_memberships_user_idx").on(t.userId)],
);
