import { sql } from "drizzle-orm";
import { char, check, integer, pgTable, text } from "drizzle-orm/pg-core";
import { createdAt, idPrefixCheck, updatedAt } from "./columns";

export const stores = pgTable(
  "stores",
  {
    id: text().primaryKey(),
    name: text().notNull(),
    /** Default ISO 4217 currency of the store's money amounts. */
    currency: char({ length: 3 }).notNull().default("USD"),
    /** IANA time zone in which staff pages show the store's dates (e.g. "Europe/Berlin"). */
    timeZone: text().notNull().default("UTC"),
    /** Days from a supplier claim's drafting to its due date (docs/suppliers.md). */
    supplierClaimDueDays: integer().notNull().default(30),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    idPrefixCheck("store", t.id),
    check("stores_supplier_claim_due_days_range", sql`${t.supplierClaimDueDays} between 1 and 365`),
  ],
);
