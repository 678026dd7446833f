import { sql } from "drizzle-orm";
import { check, foreignKey, index, integer, pgTable, text, unique, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt, idPrefixCheck, timestampMs, updatedAt } from "./columns";
import { locations } from "./locations";

/**
 * Bins: the shelves, racks and totes inside a location (docs/bins.md). A code is unique in its location
 * whatever its case (the unique index, not a read before the insert, so two concurrent creates cannot both
 * win). An archived bin keeps its stock and history, takes no units in and leaves the pickers.
 */
export const bins = pgTable(
  "bins",
  {
    id: text().primaryKey(),
    storeId: text().notNull(),
    locationId: text().notNull(),
    code: text().notNull(),
    zone: text(),
    /** The most units it holds, when the store says; moves that would overfill it are refused. */
    capacity: integer(),
    archivedAt: timestampMs(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    idPrefixCheck("bin", t.id),
    foreignKey({
      name: "bins_location_fk",
      columns: [t.storeId, t.locationId],
      foreignColumns: [locations.storeId, locations.id],
    }).onDelete("cascade"),
    uniqueIndex("bins_location_code_key").on(t.locationId, sql`lower(${t.code})`),
    // Lets bin stock and ledger rows reference (store, location, bin): a bin of another location cannot be named.
    unique("bins_store_location_id_key").on(t.storeId, t.locationId, t.id),
    index("bins_store_code_idx").on(t.storeId, sql`lower(${t.code})`),
    // A putaway rule's zone: its bins by code.
    index("bins_location_zone_idx").on(t.locationId, sql`lower(${t.zone})`, sql`lower(${t.code})`),
    check("bins_capacity_positive", sql`${t.capacity} is null or ${t.capacity} > 0`),
  ],
);
