import { pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { timestampMs } from "./columns";
import { staffUsers } from "./staff-users";
import { stores } from "./stores";

/**
 * Who was removed from which store (lib/domain/staff-members.ts), until they are added back. What it
 * allows: telling a removed person, and only them (their own session proves who they are), that they no
 * longer have access to that store, and restoring the membership when an admin adds them again.
 */
export const storeMembershipRemovals = pgTable(
  "store_membership_removals",
  {
    storeId: text()
      .notNull()
      .references(() => stores.id, { onDelete: "cascade" }),
    userId: text()
      .notNull()
      .references(() => staffUsers.id, { onDelete: "cascade" }),
    removedAt: timestampMs().notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.storeId, t.userId] })],
);
