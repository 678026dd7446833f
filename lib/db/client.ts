import { PGlite } from "@electric-sql/pglite";
import { drizzle as drizzleNodePg, type NodePgQueryResultHKT } from "drizzle-orm/node-postgres";
import type { PgDatabase } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import pg from "pg";
import { acquirePgliteLock } from "./pglite-lock";
import * as schema from "./schema";

export type Schema = typeof schema;
/**
 * A database or a transaction: domain functions take either, so callers choose the transaction.
 * Both drivers are typed with node-postgres' result shape: `execute` returns `{ rows }` on each
 * (PGlite's results have the same `rows` field).
 */
export type Db = PgDatabase<NodePgQueryResultHKT, Schema>;

export type Backend = "pglite" | "postgres";

export type Database = {
  db: Db;
  backend: Backend;
  /** PGlite instance when embedded (tests and tools use it for dumps and clones). */
  pglite?: PGlite;
  /** node-postgres pool when on PostgreSQL. */
  pool?: pg.Pool;
  close(): Promise<void>;
};

const drizzleOptions = { schema, casing: "snake_case" } as const;

// node-postgres turns `date` columns into local-midnight Date objects; the API wants the YYYY-MM-DD text.
pg.types.setTypeParser(pg.types.builtins.DATE, (value) => value);

/** Wraps an already open PGlite (in memory or on disk) without taking the folder lock. */
export function wrapPglite(client: PGlite): Database {
  const db = drizzlePglite({ client, ...drizzleOptions }) as unknown as Db;
  return { db, backend: "pglite", pglite: client, close: () => client.close() };
}

/** Opens the embedded database in `dataDir`, holding the inter-process lock until closed. */
export async function openPglite(dataDir: string): Promise<Database> {
  const releaseLock = acquirePgliteLock(dataDir);
  // The lock file is also removed when the process exits without closing (Ctrl-C, process.exit).
  process.once("exit", releaseLock);
  const release = () => {
    process.off("exit", releaseLock);
    releaseLock();
  };
  try {
    const client = new PGlite(`${dataDir}/pglite`);
    await client.waitReady;
    const database = wrapPglite(client);
    return {
      ...database,
      close: async () => {
        try {
          await client.close();
        } finally {
          release();
        }
      },
    };
  } catch (error) {
    release();
    throw error;
  }
}

export function openPostgres(url: string, poolSize = 10): Database {
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  // An idle client that loses its connection emits 'error'; without a listener that would crash the process.
  pool.on("error", (error) => console.error("PostgreSQL pool error:", error.message));
  const db = drizzleNodePg({ client: pool, ...drizzleOptions }) as unknown as Db;
  return { db, backend: "postgres", pool, close: () => pool.end() };
}
