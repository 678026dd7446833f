import fs from "node:fs";
import { PGlite } from "@electric-sql/pglite";
import { inject } from "vitest";
import { type Database, openPostgres, wrapPglite } from "../db/client";
import type { DemoOptions } from "../demo/generate";
import type { DemoSummary } from "../demo/load";
import { createDatabaseFromTemplate, databaseUrl, dropDatabase } from "./postgres-admin";
import { pgliteTemplate, postgresTemplate, type SeedContents, type TemplateSeed } from "./templates";

export type TestDatabase = Database;

let counter = 0;

/**
 * A fresh, migrated database for one test file (or one test) on the backend the project runs:
 * an in-memory PGlite loaded from the template dump, or a PostgreSQL database copied from the template
 * and dropped on close.
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  if (process.env.BACKROOM_TEST_BACKEND === "postgres") return copyPostgres(inject("postgresTemplate"));
  return loadPglite(new Blob([fs.readFileSync(inject("pgliteTemplatePath"))]));
}

/**
 * A fresh database holding `seed` (built once per run, see templates.ts), with what the seed made:
 * the stores' ids and secrets, the demo summary.
 */
export async function createSeededTestDatabase(
  seed: TemplateSeed,
): Promise<{ database: TestDatabase; contents: SeedContents }> {
  if (process.env.BACKROOM_TEST_BACKEND === "postgres") {
    const { name, contents } = await postgresTemplate(seed);
    return { database: await copyPostgres(name), contents };
  }
  const { dump, contents } = await pgliteTemplate(seed);
  return { database: await loadPglite(dump), contents };
}

async function copyPostgres(template: string): Promise<TestDatabase> {
  const url = inject("postgresUrl");
  const name = `${inject("postgresRunPrefix")}_${process.pid}_${++counter}`;
  await createDatabaseFromTemplate(url, name, template);
  const database = openPostgres(databaseUrl(url, name), 5);
  return {
    ...database,
    close: async () => {
      await database.close();
      await dropDatabase(url, name);
    },
  };
}

async function loadPglite(dump: Blob): Promise<TestDatabase> {
  const client = new PGlite({ loadDataDir: dump });
  await client.waitReady;
  return wrapPglite(client);
}

/** A fresh database holding the demo (the app's full demo unless sizes are given), and its summary. */
export async function createDemoTestDatabase(
  sizes: DemoOptions = {},
): Promise<{ database: TestDatabase; summary: DemoSummary }> {
  const { database, contents } = await createSeededTestDatabase({ demo: sizes });
  if (!contents.demo) throw new Error("the seed has no demo");
  return { database, summary: contents.demo };
}
