import { sql } from "drizzle-orm";
import { pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt } from "./columns";
import { returns } from "./returns";
import { stores } from "./stores";

/**
 * A return made by Import returns (`POST /stores/{storeId}/returns/bulk`) and the keys it was imported
 * under. The merchant's reference and the idempotency key are each unique per store by constraint, so
 * two imports racing with the same reference make one return and the other gets a per-entry error.
 */
export const returnImports = pgTable(
  "return_imports",
  {
    returnId: text()
      .primaryKey()
      .references(() => returns.id, { onDelete: "cascade" }),
    storeId: text()
      .notNull()
      .references(() => stores.id, { onDelete: "cascade" }),
    externalReferenceId: text(),
    idempotencyKey: text(),
    trackingNumber: text(),
    carrier: text(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("return_imports_store_reference_key")
      .on(t.storeId, t.externalReferenceId)
      .where(sql`${t.externalReferenceId} is not null`),
    uniqueIndex("return_imports_store_idempotency_key")
      .on(t.storeId, t.idempotencyKey)
      .where(sql`${t.idempotencyKey} is not null`),
  ],
);
