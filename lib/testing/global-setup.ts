import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { openPostgres, wrapPglite } from "../db/client";
import { migrateDatabase } from "../db/migrate";
import { adminUrl, databaseUrl, dropDatabasesWithPrefix, quoteIdent } from "./postgres-admin";

declare module "vitest" {
  export interface ProvidedContext {
    pgliteTemplatePath: string;
    postgresTemplate: string;
    postgresUrl: string;
    postgresRunPrefix: string;
    /** A folder of this run: the PGlite template dumps and what each seeded template holds (templates.ts). */
    testRunDir: string;
  }
}

/**
 * Migrates one template database per run, so each test file starts from a copy of it instead of
 * paying for initdb and migrations again (about 1 s instead of several). Seeded templates are built
 * from it on first use (templates.ts).
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const backend = project.config.env?.BACKROOM_TEST_BACKEND;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `backroom-test-${backend}-`));
  project.provide("testRunDir", dir);
  const teardown = backend === "postgres" ? await setupPostgres(project) : await setupPglite(project, dir);
  return async () => {
    try {
      await teardown();
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  };
}

async function setupPglite(project: TestProject, dir: string) {
  const client = new PGlite();
  await migrateDatabase(wrapPglite(client));
  const dump = await client.dumpDataDir("none");
  await client.close();
  const templatePath = path.join(dir, "template.tar");
  fs.writeFileSync(templatePath, Buffer.from(await dump.arrayBuffer()));
  project.provide("pgliteTemplatePath", templatePath);
  return async () => undefined;
}

async function setupPostgres(project: TestProject) {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error("TEST_DATABASE_URL is not set");
  const runPrefix = `backroom_test_${Date.now().toString(36)}_${process.pid}`;
  const template = `${runPrefix}_template`;
  const admin = new pg.Client({ connectionString: adminUrl(url) });
  await admin.connect();
  try {
    await admin.query(`create database ${quoteIdent(template)}`);
  } finally {
    await admin.end();
  }
  const database = openPostgres(databaseUrl(url, template), 2);
  try {
    await migrateDatabase(database);
  } finally {
    await database.close();
  }
  project.provide("postgresTemplate", template);
  project.provide("postgresUrl", url);
  project.provide("postgresRunPrefix", runPrefix);
  return async () => dropDatabasesWithPrefix(url, runPrefix);
}
