import { sql } from "drizzle-orm";
import { char, check, pgTable, text } from "drizzle-orm/pg-core";
import { createdAt, updatedAt } from "./columns";

export const stores = pgTable(
  "stores",
  {
    id: text().primaryKey(),
    name: text().notNull(),
    /** Default ISO 4217 currency of the store's money amounts. */
    currency: char({ length: 3 }).notNull().default("USD"),
    /** IANA time zone in which staff pages show the store's dates (e.g. "Europe/Berlin"). */
    timeZone: text().notNull().default("UTC"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [check("stores_id_prefix", sql`${t.id} like 'str\\_%'`)],
);
