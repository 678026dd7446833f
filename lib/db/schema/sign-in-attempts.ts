import { index, integer, pgTable, text } from "drizzle-orm/pg-core";
import { timestampMs } from "./columns";

/**
 * The sign-in throttle (lib/domain/sign-in-throttle.ts), shared by every instance: one row per key (an
 * e-mail address or a client address, hashed) counting the attempts of its current window, which starts at
 * the key's first attempt and ends at `reset_at`. A successful sign-in gives its attempt back. Rows whose
 * window has ended are deleted by the instances themselves.
 */
export const signInAttempts = pgTable(
  "sign_in_attempts",
  {
    key: text().primaryKey(),
    attempts: integer().notNull(),
    resetAt: timestampMs().notNull(),
  },
  (t) => [index("sign_in_attempts_reset_at_idx").on(t.resetAt)],
);
