import { asc, eq } from "drizzle-orm";
import type { AnyPgColumn, PgTable } from "drizzle-orm/pg-core";
import type { Db } from "../../db";

/*
 * Apart from topics.ts so a topic defined elsewhere (lib/domain/alerts/alert-topic.ts) uses it without an
 * import cycle with the table of topics.
 */

/** A table whose rows belong to a store: what a topic's subjects are. */
export type StoreRows = PgTable & { id: AnyPgColumn; storeId: AnyPgColumn; createdAt: AnyPgColumn };

/** `lockSubjectIds` of a topic whose subjects are `table`'s rows: the store's, oldest first, `for share`. */
export async function lockStoreRowIds(tx: Db, table: StoreRows, storeId: string): Promise<string[]> {
  const rows = await tx
    .select({ id: table.id })
    .from(table)
    .where(eq(table.storeId, storeId))
    .orderBy(asc(table.createdAt), asc(table.id))
    .for("share");
  return rows.map((row) => String(row.id));
}
