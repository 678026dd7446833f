import { drizzle as drizzleNodePg } from "drizzle-orm/node-postgres";
import { migrate as migrateNodePg } from "drizzle-orm/node-postgres/migrator";
import type { PgliteDatabase } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { readConfig } from "../config";
import type { Database } from "./client";

/** Arbitrary constant naming the advisory lock that serialises migrations across instances. */
const MIGRATION_LOCK_KEY = 7_402_113;

/**
 * Applies the committed SQL migrations. On PostgreSQL several instances may start at once, so the run
 * is serialised with an advisory lock; PGlite has a single process by construction.
 */
export async function migrateDatabase(
  database: Database,
  folder = readConfig().migrationsDir,
): Promise<void> {
  if (database.backend === "pglite") {
    await migratePglite(database.db as unknown as PgliteDatabase, { migrationsFolder: folder });
    return;
  }
  if (!database.pool) throw new Error("PostgreSQL database without a pool");
  const client = await database.pool.connect();
  try {
    await client.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_KEY]);
    await migrateNodePg(drizzleNodePg({ client }), { migrationsFolder: folder });
  } finally {
    await client.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK_KEY]).catch(() => undefined);
    client.release();
  }
}
