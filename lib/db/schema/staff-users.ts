import { sql } from "drizzle-orm";
import { check, integer, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt, idPrefixCheck, timestampMs, updatedAt } from "./columns";

export const staffUsers = pgTable(
  "staff_users",
  {
    id: text().primaryKey(),
    /** Stored lower-cased; sign-in looks it up the same way. */
    email: text().notNull(),
    name: text().notNull(),
    /**
     * scrypt hash in the form `scrypt$N$r$p$salt$hash` (lib/auth/password.ts). Null for a member an admin
     * added who has not yet chosen a password through their set-password link: such a user cannot sign in.
     */
    passwordHash: text(),
    /**
     * Bumped when the password changes or the user is removed from a store: a session cookie carries the
     * version it was issued with and stops working when the two differ (sessions are JWTs, not rows).
     */
    sessionVersion: integer().notNull().default(0),
    /** sha256 of the one outstanding set-password link's token (never the token itself) and its expiry. */
    setPasswordTokenHash: text(),
    setPasswordExpiresAt: timestampMs(),
    lastLoginAt: timestampMs(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    idPrefixCheck("staffUser", t.id),
    uniqueIndex("staff_users_email_key").on(t.email),
    uniqueIndex("staff_users_set_password_token_key").on(t.setPasswordTokenHash),
    check("staff_users_email_lower", sql`${t.email} = lower(${t.email})`),
  ],
);
