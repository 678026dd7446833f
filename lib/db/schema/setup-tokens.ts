import { pgTable, text } from "drizzle-orm/pg-core";
import { createdAt, timestampMs } from "./columns";

/**
 * One-time links to /setup, printed at start-up while the database has no staff user. Only the sha256 of
 * the token is kept; every link is deleted once setup completes.
 */
export const setupTokens = pgTable("setup_tokens", {
  tokenHash: text().primaryKey(),
  expiresAt: timestampMs().notNull(),
  createdAt: createdAt(),
});
