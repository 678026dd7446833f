import { jsonb, pgTable, text, unique, uniqueIndex } from "drizzle-orm/pg-core";
import type { Address } from "../../schemas/returns";
import { createdAt, idPrefixCheck, timestampMs, updatedAt } from "./columns";
import { stores } from "./stores";

export const locations = pgTable(
  "locations",
  {
    id: text().primaryKey(),
    storeId: text()
      .notNull()
      .references(() => stores.id, { onDelete: "cascade" }),
    name: text().notNull(),
    externalId: text(),
    city: text(),
    country: text(),
    /** Where returns sent to this location go: the return's destination (docs/returns.md). */
    address: jsonb().$type<Address>(),
    phone: text(),
    /** An archived location keeps its stock, receipts and history but is hidden from pickers. */
    archivedAt: timestampMs(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    idPrefixCheck("location", t.id),
    uniqueIndex("locations_store_name_key").on(t.storeId, t.name),
    // Lets child tables reference (store_id, id) so a row can never point at another store's location.
    unique("locations_store_id_key").on(t.storeId, t.id),
  ],
);
