import { pgTable, text } from "drizzle-orm/pg-core";
import { createdAt } from "./columns";

/**
 * Secrets the server generates for itself (cursor signing, session encryption) when none is configured.
 * Kept in the database so every instance on one PostgreSQL shares them and they survive restarts.
 */
export const serverSecrets = pgTable("server_secrets", {
  name: text().primaryKey(),
  value: text().notNull(),
  createdAt: createdAt(),
});
