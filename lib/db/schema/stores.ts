import { char, pgTable, text } from "drizzle-orm/pg-core";
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
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [idPrefixCheck("store", t.id)],
);
