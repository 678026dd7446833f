import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  unique,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { bins } from "./bins";
import { createdAt, idPrefixCheck, money, timestampMs, updatedAt } from "./columns";
import { actorKind, cycleCountLineStatus, cycleCountScope, cycleCountStatus } from "./enums";
import { inventoryItems } from "./inventory-items";
import { locations } from "./locations";
import { stores } from "./stores";

/** What a count was asked to cover (kept as asked, for the list and the history). */
export type CycleCountScopeValue = {
  binIds?: string[];
  zone?: string;
  skus?: string[];
  days?: number;
};

/**
 * A cycle count session at one location (docs/cycle-counts.md): draft -> in_progress -> in_review ->
 * completed, or cancelled. Its lines hold the snapshot each variance is measured against.
 */
export const cycleCounts = pgTable(
  "cycle_counts",
  {
    id: text().primaryKey(),
    storeId: text()
      .notNull()
      .references(() => stores.id, { onDelete: "cascade" }),
    locationId: text().notNull(),
    name: text().notNull(),
    status: cycleCountStatus().notNull().default("draft"),
    /** Expected quantities are hidden from counters until the count is submitted. */
    blind: boolean().notNull().default(false),
    scopeType: cycleCountScope().notNull(),
    scope: jsonb().$type<CycleCountScopeValue>().notNull(),
    createdByKind: actorKind().notNull(),
    createdById: text(),
    createdByName: text(),
    appliedByName: text(),
    startedAt: timestampMs(),
    submittedAt: timestampMs(),
    completedAt: timestampMs(),
    cancelledAt: timestampMs(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    idPrefixCheck("cycleCount", t.id),
    foreignKey({
      name: "cycle_counts_location_fk",
      columns: [t.storeId, t.locationId],
      foreignColumns: [locations.storeId, locations.id],
    }).onDelete("cascade"),
    unique("cycle_counts_store_id_key").on(t.storeId, t.id),
    index("cycle_counts_store_created_idx").on(t.storeId, t.createdAt.desc(), t.id),
  ],
);

/**
 * One item in one place (a bin, or unbinned: `binId` null) of a count. `snapshotQuantity` is what the ledger
 * held there when the counter started that place; applying adds `counted - snapshot` to the place, so units that
 * moved in or out between the snapshot and the apply (receipts, returns, moves) stay as they are.
 */
export const cycleCountLines = pgTable(
  "cycle_count_lines",
  {
    id: text().primaryKey(),
    cycleCountId: text().notNull(),
    storeId: text().notNull(),
    locationId: text().notNull(),
    binId: text(),
    inventoryItemId: text()
      .notNull()
      .references(() => inventoryItems.id, { onDelete: "cascade" }),
    status: cycleCountLineStatus().notNull().default("pending"),
    snapshotQuantity: integer(),
    countedQuantity: integer(),
    /** The item's unit price when the count was submitted (a variance's value); null without a catalog price. */
    unitValue: money(),
    snapshotAt: timestampMs(),
    countedAt: timestampMs(),
    /** "auto" for a variance under the store's threshold, else the admin's name. */
    acceptedBy: text(),
    recounts: integer().notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    idPrefixCheck("cycleCountLine", t.id),
    foreignKey({
      name: "cycle_count_lines_count_fk",
      columns: [t.storeId, t.cycleCountId],
      foreignColumns: [cycleCounts.storeId, cycleCounts.id],
    }).onDelete("cascade"),
    foreignKey({
      name: "cycle_count_lines_bin_fk",
      columns: [t.storeId, t.locationId, t.binId],
      foreignColumns: [bins.storeId, bins.locationId, bins.id],
    }).onDelete("cascade"),
    // One line per item and place: two counters scanning the same new item into one bin make one line.
    uniqueIndex("cycle_count_lines_place_key").on(
      t.cycleCountId,
      sql`coalesce(${t.binId}, '')`,
      t.inventoryItemId,
    ),
    index("cycle_count_lines_item_idx").on(t.inventoryItemId),
    check(
      "cycle_count_lines_counted_nonnegative",
      sql`${t.countedQuantity} is null or ${t.countedQuantity} >= 0`,
    ),
  ],
);

/** A store's cycle count settings: variances within both limits are accepted without an admin. */
export const cycleCountSettings = pgTable(
  "cycle_count_settings",
  {
    storeId: text()
      .primaryKey()
      .references(() => stores.id, { onDelete: "cascade" }),
    /** Largest variance in units accepted automatically (either way); null: only exact counts. */
    autoAcceptUnits: integer(),
    /** Largest variance value (units × price) accepted automatically; null: no value limit. */
    autoAcceptValue: money(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check(
      "cycle_count_settings_units_nonnegative",
      sql`${t.autoAcceptUnits} is null or ${t.autoAcceptUnits} >= 0`,
    ),
    check(
      "cycle_count_settings_value_nonnegative",
      sql`${t.autoAcceptValue} is null or ${t.autoAcceptValue} >= 0`,
    ),
  ],
);
