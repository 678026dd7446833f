import { readFileSync } from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
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

/**
 * Where the database's schema stands against this build's migrations, by the newest migration each knows
 * (drizzle records a migration's journal time as `created_at`; its migrator compares the same way).
 * "ahead": another instance of a newer build migrated it (a rolling upgrade), which this one tolerates.
 */
export type MigrationStatus = { status: "current" | "behind" | "ahead"; applied: number; known: number };

// The journal is part of the build: read once per folder, never per check.
const latestKnown = new Map<string, { when: number; count: number }>();

function knownMigrations(folder: string): { when: number; count: number } {
  let known = latestKnown.get(folder);
  if (!known) {
    const journal = JSON.parse(readFileSync(path.join(folder, "meta", "_journal.json"), "utf8")) as {
      entries: { when: number }[];
    };
    known = { when: Math.max(0, ...journal.entries.map((e) => e.when)), count: journal.entries.length };
    latestKnown.set(folder, known);
  }
  return known;
}

/** One cheap statement (it doubles as the readiness check's round trip to the database); applies nothing. */
export async function migrationStatus(
  database: Database,
  folder = readConfig().migrationsDir,
): Promise<MigrationStatus> {
  const known = knownMigrations(folder);
  const { rows } = await database.db.execute<{ latest: string | null; applied: number }>(
    sql`select max(created_at)::text as latest, count(*)::int as applied from drizzle.__drizzle_migrations`,
  );
  const latest = Number(rows[0]?.latest ?? 0);
  const applied = rows[0]?.applied ?? 0;
  const status = latest < known.when ? "behind" : latest > known.when ? "ahead" : "current";
  return { status, applied, known: known.count };
}
