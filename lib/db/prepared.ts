import { createHash } from "node:crypto";
import type { SQL } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import pg from "pg";
import type { Db } from "./client";

const dialect = new PgDialect();

/**
 * Runs a hot read as a named prepared statement on PostgreSQL, so the server plans it once per
 * connection instead of on every call (planning was over half of a shipment page's database time).
 * The name is derived from the statement text, so each filter combination gets its own statement.
 * Elsewhere (PGlite, or inside a transaction) it runs as a plain query.
 */
export async function executePrepared<T extends Record<string, unknown>>(db: Db, query: SQL): Promise<T[]> {
  const client = (db as { $client?: unknown }).$client;
  if (client instanceof pg.Pool) {
    const { sql: text, params } = dialect.sqlToQuery(query);
    const name = `q_${createHash("sha1").update(text).digest("hex").slice(0, 20)}`;
    const result = await client.query<T>({ name, text, values: params });
    return result.rows;
  }
  return (await db.execute<T>(query)).rows as T[];
}
