import { sql } from "drizzle-orm";
import { char, check, index, pgTable, serial, text } from "drizzle-orm/pg-core";
import { createdAt, money } from "./columns";
import { returns } from "./returns";

/** Gift cards issued as compensation for a return. */
export const returnGiftCards = pgTable(
  "return_gift_cards",
  {
    id: serial().primaryKey(),
    returnId: text()
      .notNull()
      .references(() => returns.id, { onDelete: "cascade" }),
    code: text().notNull(),
    externalId: text().notNull(),
    currency: char({ length: 3 }).notNull(),
    amount: money().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index("return_gift_cards_return_idx").on(t.returnId),
    check("return_gift_cards_amount_positive", sql`${t.amount} > 0`),
  ],
);
