import { sql } from "drizzle-orm";
import { boolean, check, pgTable } from "drizzle-orm/pg-core";
import { createdAt } from "./columns";

/**
 * Facts about this installation as a whole, one row at most. `demo` is set by the demo seeder only: the
 * sign-in page lists demo logins and start-up prints demo secrets only while it is true.
 */
export const instanceSettings = pgTable(
  "instance_settings",
  {
    id: boolean().primaryKey().default(true),
    demo: boolean().notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [check("instance_settings_single_row", sql`${t.id}`)],
);
