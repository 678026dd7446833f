import { getTableColumns } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import type { Db } from "./client";

/** PostgreSQL accepts at most 65,535 bind parameters a statement; stay well below. */
const MAX_PARAMS = 30_000;
const MAX_ROWS = 1_000;

/** Inserts `rows` in multi-row statements of at most 1,000 rows (fewer for wide tables). */
export async function insertInBatches<T extends PgTable>(
  db: Db,
  table: T,
  rows: T["$inferInsert"][],
): Promise<number> {
  const columns = Object.keys(getTableColumns(table)).length;
  const size = Math.max(1, Math.min(MAX_ROWS, Math.floor(MAX_PARAMS / columns)));
  for (let start = 0; start < rows.length; start += size) {
    // Drizzle cannot relate the generic table's insert type to its own values() parameter.
    await db.insert(table).values(rows.slice(start, start + size) as never);
  }
  return rows.length;
}
