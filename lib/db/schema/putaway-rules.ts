import { sql } from "drizzle-orm";
import { check, foreignKey, integer, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { createdAt } from "./columns";
import { locations } from "./locations";

/**
 * A location's putaway rules (docs/bins.md), in order: the first whose product type or tag matches the item's
 * product names the zone the putaway suggestion looks in. Replaced whole by the API, so a rule has no id of its
 * own: (location, position) is its key.
 */
export const putawayRules = pgTable(
  "putaway_rules",
  {
    storeId: text().notNull(),
    locationId: text().notNull(),
    position: integer().notNull(),
    /** `product_type` or `tag`. */
    matchField: text().$type<"product_type" | "tag">().notNull(),
    /** Compared whatever its case. */
    matchValue: text().notNull(),
    zone: text().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.locationId, t.position] }),
    foreignKey({
      name: "putaway_rules_location_fk",
      columns: [t.storeId, t.locationId],
      foreignColumns: [locations.storeId, locations.id],
    }).onDelete("cascade"),
    check("putaway_rules_match_field", sql`${t.matchField} in ('product_type', 'tag')`),
  ],
);
