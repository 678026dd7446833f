import { and, eq, getTableColumns, is, notInArray } from "drizzle-orm";
import { getTableConfig, type PgColumn, PgDialect, PgTable } from "drizzle-orm/pg-core";
import type { Db } from "../db";
import * as schema from "../db/schema";
import { ADDRESSED_KINDS, ID_PREFIXES, type IdKind, newId, type ResourceParam } from "../ids";
import type { ResourceIds } from "./api-operation-inputs";

/** Every table of the schema. */
export const TABLES = Object.values(schema as Record<string, unknown>).filter((value): value is PgTable =>
  is(value, PgTable),
);
const dialect = new PgDialect();

/** The prefix each table's `<table>_id_prefix` CHECK holds its ids to, by table name. */
export function idPrefixOfTables(): Map<string, string> {
  const found = new Map<string, string>();
  for (const table of TABLES) {
    const config = getTableConfig(table);
    const check = config.checks.find((c) => c.name === `${config.name}_id_prefix`);
    const sql = check ? dialect.sqlToQuery(check.value).sql : "";
    const prefix = /like '([a-z]+)\\_%'$/.exec(sql)?.[1];
    if (prefix) found.set(config.name, prefix);
  }
  return found;
}

/** The table holding the ids of `kind`: the one whose id CHECK holds them to its prefix. */
function tableOfKind(kind: IdKind): PgTable {
  const prefixes = idPrefixOfTables();
  const table = TABLES.find((t) => prefixes.get(getTableConfig(t).name) === ID_PREFIXES[kind]);
  if (!table) throw new Error(`no table holds the ids of kind "${kind}" (an idPrefixCheck("${kind}", …))`);
  return table;
}

/** The value of a required column that nothing else decides: the first of an enum, else a neutral one. */
function filler(table: string, column: PgColumn): unknown {
  if (column.enumValues?.length) return column.enumValues[0];
  const type = column.getSQLType();
  if (type.endsWith("[]")) return [];
  // A fixed-length text (a currency code): that many letters.
  const length = /^char(?:acter)?\((\d+)\)$/.exec(type)?.[1];
  if (length) return "X".repeat(Number(length));
  if (/^(text|varchar|citext|character varying)/.test(type))
    return `probe-${Math.random().toString(36).slice(2, 10)}`;
  // 1, not 0: quantities must be positive (a claim line claims or waives at least one unit).
  if (/^(integer|smallint|bigint|real|double)/.test(type)) return 1;
  if (type.startsWith("numeric")) return "0";
  if (type === "boolean") return false;
  if (/^(timestamp|date)/.test(type)) return new Date();
  if (/^jsonb?$/.test(type)) return {};
  if (type === "bytea") return Buffer.alloc(0);
  throw new Error(`cannot fill ${table}.${column.name} (${type}) for a generated row`);
}

/**
 * A value of `column` of `table` in the store: the store itself, one of its existing rows, else a new one.
 * `taken`: values the row being built already points at in that table, so two keys to one table (a transfer's
 * origin and destination) name two rows, as a CHECK may demand.
 */
async function valueIn(
  db: Db,
  table: PgTable,
  column: PgColumn,
  storeId: string,
  depth: number,
  taken: unknown[],
) {
  const config = getTableConfig(table);
  if (config.name === "stores") return storeId;
  const storeColumn = getTableColumns(table).storeId;
  if (storeColumn) {
    const notTaken = taken.length > 0 ? notInArray(column, taken) : undefined;
    const [row] = await db
      .select({ value: column })
      .from(table)
      .where(and(eq(storeColumn, storeId), notTaken))
      .limit(1);
    if (row) return row.value;
  }
  const inserted = await insertRow(db, table, storeId, depth + 1);
  return inserted[Object.entries(getTableColumns(table)).find(([, c]) => c === column)?.[0] as string];
}

/**
 * Inserts a row of `table` for the store: a new id of the table's kind, the store's id, each required
 * foreign key pointing at a row of the same store, every other required column without a default filled.
 */
async function insertRow(
  db: Db,
  table: PgTable,
  storeId: string,
  depth = 0,
): Promise<Record<string, unknown>> {
  const config = getTableConfig(table);
  if (depth > 4) throw new Error(`${config.name}: foreign keys nest too deep to build a row`);
  const prefix = idPrefixOfTables().get(config.name);
  const kind = (Object.keys(ID_PREFIXES) as IdKind[]).find((k) => ID_PREFIXES[k] === prefix);
  const values: Record<string, unknown> = {};
  const pointedAt = new Map<PgTable, unknown[]>();
  for (const [key, column] of Object.entries(getTableColumns(table))) {
    // A key of several columns (the store's id and the row's) points at the row's column in the same store.
    const position = (ref: { columns: PgColumn[] }) => ref.columns.findIndex((c) => c.name === column.name);
    const reference = config.foreignKeys.map((fk) => fk.reference()).find((ref) => position(ref) >= 0);
    if (key === "id" && kind) values[key] = newId(kind);
    else if (key === "storeId") values[key] = storeId;
    else if (!column.notNull || column.hasDefault) continue;
    else if (reference) {
      const target = reference.foreignColumns[position(reference)] as PgColumn;
      const taken = pointedAt.get(reference.foreignTable) ?? [];
      values[key] = await valueIn(db, reference.foreignTable, target, storeId, depth, taken);
      pointedAt.set(reference.foreignTable, [...taken, values[key]]);
    } else values[key] = filler(config.name, column);
  }
  try {
    const [row] = await db.insert(table).values(values).returning();
    return row as Record<string, unknown>;
  } catch (error) {
    throw new Error(`could not build a row of ${config.name}: ${(error as Error).message}`, { cause: error });
  }
}

/**
 * A new row of `kind` in the store, for a suite to address a kind it has no setup of its own for: what lets
 * a new kind of lib/ids.ts reach the cross-tenant suite with no edit to it. Throws, naming the table and
 * column, where it cannot build one.
 */
export async function insertRowOfKind(db: Db, kind: IdKind, storeId: string): Promise<string> {
  return (await insertRow(db, tableOfKind(kind), storeId)).id as string;
}

/** Resource ids where those of the kinds a path names may be left out. */
export type IdsToComplete = Omit<ResourceIds, ResourceParam> & Partial<Record<ResourceParam, string>>;

/**
 * `ids` with, for every kind a path names that it leaves out, a new row of the store: the cross-tenant
 * suite sets up the kinds that need more than a row, and a new kind needs no edit there.
 */
export async function withRowOfEveryKind(db: Db, storeId: string, ids: IdsToComplete): Promise<ResourceIds> {
  const all: Record<string, string> = { ...ids };
  for (const { kind, param } of ADDRESSED_KINDS) all[param] ??= await insertRowOfKind(db, kind, storeId);
  return all as ResourceIds;
}
