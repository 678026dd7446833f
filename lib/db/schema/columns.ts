import { getTableName, sql } from "drizzle-orm";
import { check, customType, numeric, type PgColumn, timestamp } from "drizzle-orm/pg-core";
import { ID_PREFIXES, type IdKind } from "../../ids";

/**
 * Timestamps are kept at millisecond precision: JavaScript dates and the API carry milliseconds, and
 * keyset cursors compare the stored value with the one a client echoes back, so the two must be equal.
 */
export const timestampMs = () => timestamp({ withTimezone: true, precision: 3, mode: "date" });

export const createdAt = () => timestampMs().notNull().defaultNow();
export const updatedAt = () => timestampMs().notNull().defaultNow();

/** Money is exact: numeric(14,2) read and written as a decimal string, never a float. */
export const money = () => numeric({ precision: 14, scale: 2 });

/** bytea as a Node Buffer (both node-postgres and PGlite return binary columns as bytes). */
export const bytes = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => "bytea",
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/** Weights in kilograms, to the gram. */
export const weightKg = () => numeric({ precision: 10, scale: 3 });

/**
 * The CHECK that every id of a table carries its kind's prefix (the resource table, lib/ids.ts), so an id
 * of one kind cannot be stored as another's: `<table>_id_prefix`, `id like '<prefix>\_%'`.
 */
export function idPrefixCheck(kind: IdKind, id: PgColumn) {
  return check(
    `${getTableName(id.table)}_id_prefix`,
    sql`${id} like ${sql.raw(`'${ID_PREFIXES[kind]}\\_%'`)}`,
  );
}
