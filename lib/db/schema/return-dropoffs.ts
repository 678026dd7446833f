import { index, integer, pgTable, serial, text } from "drizzle-orm/pg-core";
import { returns } from "./returns";

/** Drop-off options (carrier counters, lockers) with the QR code the customer shows. */
export const returnDropoffs = pgTable(
  "return_dropoffs",
  {
    id: serial().primaryKey(),
    returnId: text()
      .notNull()
      .references(() => returns.id, { onDelete: "cascade" }),
    position: integer().notNull().default(0),
    shipmentGroupId: text().notNull(),
    provider: text().notNull(),
    qrCode: text().notNull(),
    qrCodeUrl: text().notNull(),
  },
  (t) => [index("return_dropoffs_return_idx").on(t.returnId, t.position)],
);
