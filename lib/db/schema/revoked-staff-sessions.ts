import { index, pgTable, text } from "drizzle-orm/pg-core";
import { timestampMs } from "./columns";

/**
 * Staff sessions ended by signing out (lib/domain/staff-sessions.ts). A session is a JWT cookie, not a row;
 * its id is listed here from sign-out until the token could no longer be used anyway (its sign-in time
 * plus the session lifetime), so a copy of the cookie dies with the sign-out.
 */
export const revokedStaffSessions = pgTable(
  "revoked_staff_sessions",
  {
    sessionId: text().primaryKey(),
    expiresAt: timestampMs().notNull(),
  },
  (t) => [index("revoked_staff_sessions_expires_at_idx").on(t.expiresAt)],
);
