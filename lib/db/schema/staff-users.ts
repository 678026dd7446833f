import { sql } from "drizzle-orm";
import { check, integer, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt, timestampMs, updatedAt } from "./columns";

export const staffUsers = pgTable(
  "staff_users",
  {
    id: text().primaryKey(),
    /** Stored lower-cased; sign-in looks it up the same way. */
    email: text().notNull(),
    name: text().notNull(),
    /** scrypt hash in the form `scrypt$N$r$p$salt$hash` (lib/auth/password.ts). */
    passwordHash: text().notNull(),
    failedLoginCount: integer().notNull().default(0),
    lockedUntil: timestampMs(),
    lastLoginAt: timestampMs(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("staff_users_email_key").on(t.email),
    check("staff_users_email_lower", sql`${t.email} = lower(${t.email})`),
    check("staff_users_id_prefix", sql`${t.id} like 'usr\\_%'`),
  ],
);
