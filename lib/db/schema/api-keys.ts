import { index, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt, idPrefixCheck, timestampMs } from "./columns";
import { staffUsers } from "./staff-users";
import { stores } from "./stores";

/**
 * API secrets. Only a SHA-256 hash of the secret is stored (the secret has 256 bits of entropy, so a slow
 * hash adds nothing); `start` keeps the first characters so staff can tell secrets apart.
 */
export const apiKeys = pgTable(
  "api_keys",
  {
    id: text().primaryKey(),
    storeId: text()
      .notNull()
      .references(() => stores.id, { onDelete: "cascade" }),
    name: text().notNull(),
    start: text().notNull(),
    secretHash: text().notNull(),
    createdByUserId: text().references(() => staffUsers.id, { onDelete: "set null" }),
    lastUsedAt: timestampMs(),
    revokedAt: timestampMs(),
    createdAt: createdAt(),
  },
  (t) => [
    idPrefixCheck("apiKey", t.id),
    uniqueIndex("api_keys_secret_hash_key").on(t.secretHash),
    index("api_keys_store_idx").on(t.storeId, t.createdAt),
  ],
);
