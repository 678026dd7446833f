import { index, integer, jsonb, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { createdAt } from "./columns";

/**
 * Idempotency-Key records (lib/api/idempotency.ts), one per caller and key, kept 24 hours: the request's
 * fingerprint and, once it is answered, the answer to replay. `status` is null while the first request
 * is in flight; 0 marks an answer that held a secret and was not kept.
 */
export const idempotencyKeys = pgTable(
  "idempotency_keys",
  {
    /** `api-key:key_…` or `staff:usr_…`: keys are scoped per caller. */
    principal: text().notNull(),
    key: text().notNull(),
    /** sha256 of method, path and body: the same key with another request is refused. */
    fingerprint: text().notNull(),
    status: integer(),
    responseHeaders: jsonb().$type<Record<string, string>>(),
    responseBody: text(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.principal, t.key] }),
    index("idempotency_keys_created_idx").on(t.createdAt),
  ],
);
