import { char, integer, pgTable, text } from "drizzle-orm/pg-core";
import { money } from "./columns";
import { exchangeProvision } from "./enums";
import { returns } from "./returns";

/** The exchange part of a return: at most one per return. */
export const returnExchanges = pgTable("return_exchanges", {
  returnId: text()
    .primaryKey()
    .references(() => returns.id, { onDelete: "cascade" }),
  provision: exchangeProvision().notNull(),
  itemCount: integer().notNull().default(0),
  orderExternalId: text(),
  currency: char({ length: 3 }).notNull(),
  totalTax: money().notNull().default("0"),
});
