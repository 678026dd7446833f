import fs from "node:fs";
import { PGlite } from "@electric-sql/pglite";
import { inject } from "vitest";
import { type Database, openPostgres, wrapPglite } from "../db/client";
import { createDatabaseFromTemplate, databaseUrl, dropDatabase } from "./postgres-admin";

export type TestDatabase = Database;

let counter = 0;

/**
 * A fresh, migrated database for one test file (or one test) on the backend the project runs:
 * an in-memory PGlite loaded from the template dump, or a PostgreSQL database copied from the template
 * and dropped on close.
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  if (process.env.BACKROOM_TEST_BACKEND === "postgres") {
    const url = inject("postgresUrl");
    const name = `${inject("postgresRunPrefix")}_${process.pid}_${++counter}`;
    await createDatabaseFromTemplate(url, name, inject("postgresTemplate"));
    const database = openPostgres(databaseUrl(url, name), 5);
    return {
      ...database,
      close: async () => {
        await database.close();
        await dropDatabase(url, name);
      },
    };
  }
  const template = fs.readFileSync(inject("pgliteTemplatePath"));
  const client = new PGlite({ loadDataDir: new Blob([template]) });
  await client.waitReady;
  return wrapPglite(client);
}
