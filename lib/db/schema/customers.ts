import { sql } from "drizzle-orm";
import { check, jsonb, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import type { CustomerLocation, CustomFields } from "../../schemas/customers";
import { createdAt, idPrefixCheck, updatedAt } from "./columns";
import { stores } from "./stores";

/**
 * A store's customer profile (published `customer-read.schema`), one per e-mail address: the address is
 * kept lower-cased and unique per store, so the upsert is one `insert … on conflict` and two callers
 * racing on the same address meet the constraint, not a duplicate. Orders and returns keep their own copy
 * of the name and address they were made with; they find the profile by e-mail.
 */
export const customers = pgTable(
  "customers",
  {
    id: text().primaryKey(),
    storeId: text()
      .notNull()
      .references(() => stores.id, { onDelete: "cascade" }),
    email: text().notNull(),
    firstName: text(),
    lastName: text(),
    /** Every number given, oldest first; the first is the one a read answers. */
    phoneNumbers: text().array().notNull().default(sql`'{}'::text[]`),
    location: jsonb().$type<CustomerLocation>(),
    customFields: jsonb().$type<CustomFields>().notNull().default({}),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    idPrefixCheck("customer", t.id),
    uniqueIndex("customers_store_email_key").on(t.storeId, t.email),
    check("customers_email_lower", sql`${t.email} = lower(${t.email})`),
  ],
);
