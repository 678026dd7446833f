import { readConfig } from "../config";
import { type Database, type Db, openPglite, openPostgres } from "./client";
import { migrateDatabase } from "./migrate";

export type { Database, Db } from "./client";

// One database per process, shared through globalThis: Next.js may load this module in several bundles
// (instrumentation, route handlers, pages), and two PGlite instances on one folder would corrupt it.
const DATABASE_KEY = Symbol.for("backroom.database");
// The same database once open and migrated, for readers that must not open it (the readiness check).
const OPENED_KEY = Symbol.for("backroom.database.opened");
type DatabaseHolder = { [DATABASE_KEY]?: Promise<Database>; [OPENED_KEY]?: Database };

/**
 * The process's database, opened and migrated on first use. Nothing opens it at module load, so
 * `next build`, which imports every route, never touches it.
 */
export function getDatabase(): Promise<Database> {
  const holder = globalThis as DatabaseHolder;
  if (!holder[DATABASE_KEY]) {
    const opening = openConfiguredDatabase().then(
      (database) => {
        if (holder[DATABASE_KEY] === opening) holder[OPENED_KEY] = database;
        return database;
      },
      (error: unknown) => {
        delete holder[DATABASE_KEY];
        throw error;
      },
    );
    holder[DATABASE_KEY] = opening;
  }
  return holder[DATABASE_KEY];
}

/** The process's database if it is open and migrated; undefined while opening, or never asked for. */
export function openedDatabase(): Database | undefined {
  return (globalThis as DatabaseHolder)[OPENED_KEY];
}

export async function getDb(): Promise<Db> {
  return (await getDatabase()).db;
}

/** Closes the process's database if it was opened (graceful shutdown, end of a CLI). */
export async function closeDatabase(): Promise<void> {
  const holder = globalThis as DatabaseHolder;
  const pending = holder[DATABASE_KEY];
  delete holder[DATABASE_KEY];
  delete holder[OPENED_KEY];
  if (pending) await (await pending).close();
}

async function openConfiguredDatabase(): Promise<Database> {
  const config = readConfig();
  const database = config.databaseUrl
    ? openPostgres(config.databaseUrl, config.poolSize)
    : await openPglite(config.dataDir);
  try {
    await migrateDatabase(database);
  } catch (error) {
    await database.close().catch(() => undefined);
    throw error;
  }
  return database;
}

/** Tests point the process's database at their own (route handlers then use it through getDb()). */
export function setDatabaseForTesting(database: Database | undefined): void {
  const holder = globalThis as DatabaseHolder;
  if (database) {
    holder[DATABASE_KEY] = Promise.resolve(database);
    holder[OPENED_KEY] = database;
  } else {
    delete holder[DATABASE_KEY];
    delete holder[OPENED_KEY];
  }
}
