import { index, integer, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { timestampMs } from "./columns";

/**
 * The shared rate limit on PostgreSQL (lib/api/rate-limit-shared.ts): one row per API secret and fixed
 * one-minute window, `used` counting the requests instances have leased from the window's budget. Rows of
 * past windows are deleted by the instances themselves (a minute after the window ends).
 */
export const rateLimitWindows = pgTable(
  "rate_limit_windows",
  {
    keyId: text().notNull(),
    windowStart: timestampMs().notNull(),
    used: integer().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.keyId, t.windowStart] }),
    // The cleanup deletes by window alone.
    index("rate_limit_windows_window_idx").on(t.windowStart),
  ],
);
