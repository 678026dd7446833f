import fs from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { inject } from "vitest";
import type { Db } from "../db";
import { openPostgres, wrapPglite } from "../db/client";
import type { DemoOptions } from "../demo/generate";
import { type DemoSummary, seedDemoData } from "../demo/load";
import { createApiKey } from "../domain/api-keys";
import { insertLocation, insertStore } from "./fixtures";
import { adminUrl, createDatabaseFromTemplate, databaseUrl } from "./postgres-admin";

/**
 * Seeded templates: each kind of seed (the two API stores, a demo of some size) is built once per run,
 * the first time a file asks for it, and every file that asks again gets a copy of it (PostgreSQL
 * `CREATE DATABASE ... TEMPLATE`, PGlite `loadDataDir`). Building on first use rather than in global setup
 * keeps a one-file run from seeding demos it does not use. What a file needs to know about the seed (ids,
 * API secrets, the demo summary) is kept next to the template as JSON.
 */

export type TestStore = { id: string; secret: string; locationIds: string[] };

export type TemplateSeed = {
  /** Two stores, A and B, each with two locations and an API secret (what route tests build on). */
  stores?: boolean;
  /** The demo data, loaded after the stores; `{}` is the app's full demo. */
  demo?: DemoOptions;
};

export type SeedContents = { storeA?: TestStore; storeB?: TestStore; demo?: DemoSummary };

/** A name for the seed that is also a valid database-name suffix, e.g. `stores_demo_r120_s20_p12`. */
export function seedKey(seed: TemplateSeed): string {
  const parts: string[] = [];
  if (seed.stores) parts.push("stores");
  if (seed.demo) {
    const { returns, shipments, productsPerStore, ...rest } = seed.demo;
    if (Object.keys(rest).length > 0) throw new Error("a template seed takes only demo sizes");
    parts.push(`demo_r${returns ?? "d"}_s${shipments ?? "d"}_p${productsPerStore ?? "d"}`);
  }
  if (parts.length === 0) throw new Error("an empty seed is the migrated template itself");
  return parts.join("_");
}

async function seedTemplate(db: Db, seed: TemplateSeed): Promise<SeedContents> {
  const contents: SeedContents = {};
  if (seed.stores) {
    const makeStore = async (name: string): Promise<TestStore> => {
      const store = await insertStore(db, { name });
      const locations = [await insertLocation(db, store.id), await insertLocation(db, store.id)];
      const { secret } = await createApiKey(db, { storeId: store.id, name: `${name} key` });
      return { id: store.id, secret, locationIds: locations.map((l) => l.id) };
    };
    contents.storeA = await makeStore("Store A");
    contents.storeB = await makeStore("Store B");
  }
  if (seed.demo) contents.demo = await seedDemoData(db, seed.demo);
  return contents;
}

function readContents(file: string): SeedContents {
  const contents = JSON.parse(fs.readFileSync(file, "utf8")) as SeedContents;
  // JSON turns the demo's anchor into text; give it back as the Date the summary declares.
  if (contents.demo) contents.demo.anchor = new Date(contents.demo.anchor);
  return contents;
}

/**
 * The PostgreSQL template database of `seed`, built by the first worker that asks. An advisory lock on the
 * maintenance database makes the other workers wait for it to finish instead of building it again.
 */
export async function postgresTemplate(
  seed: TemplateSeed,
): Promise<{ name: string; contents: SeedContents }> {
  const url = inject("postgresUrl");
  const name = `${inject("postgresRunPrefix")}_t_${seedKey(seed)}`;
  const contentsFile = path.join(inject("testRunDir"), `${name}.json`);
  const admin = new pg.Client({ connectionString: adminUrl(url) });
  await admin.connect();
  try {
    await admin.query("select pg_advisory_lock(hashtext($1))", [name]);
    if (!fs.existsSync(contentsFile)) {
      await createDatabaseFromTemplate(url, name, inject("postgresTemplate"));
      const database = openPostgres(databaseUrl(url, name), 2);
      try {
        const contents = await seedTemplate(database.db, seed);
        fs.writeFileSync(contentsFile, JSON.stringify(contents));
      } finally {
        await database.close();
      }
    }
  } finally {
    // Ending the session releases the advisory lock.
    await admin.end();
  }
  return { name, contents: readContents(contentsFile) };
}

/**
 * The PGlite dump of `seed`, built by the first worker that asks. Two workers may build it at once; each
 * writes to its own folder and renames it into place, so a reader only ever sees a complete dump and the
 * contents that belong to it.
 */
export async function pgliteTemplate(seed: TemplateSeed): Promise<{ dump: Blob; contents: SeedContents }> {
  const folder = path.join(inject("testRunDir"), seedKey(seed));
  if (!fs.existsSync(folder)) {
    const client = new PGlite({ loadDataDir: new Blob([fs.readFileSync(inject("pgliteTemplatePath"))]) });
    await client.waitReady;
    const contents = await seedTemplate(wrapPglite(client).db, seed);
    const dump = await client.dumpDataDir("none");
    await client.close();
    const building = `${folder}.${process.pid}`;
    fs.mkdirSync(building);
    fs.writeFileSync(path.join(building, "data.tar"), Buffer.from(await dump.arrayBuffer()));
    fs.writeFileSync(path.join(building, "contents.json"), JSON.stringify(contents));
    try {
      fs.renameSync(building, folder);
    } catch {
      // Another worker renamed its copy into place first; use that one.
      fs.rmSync(building, { recursive: true, force: true });
    }
  }
  return {
    dump: new Blob([fs.readFileSync(path.join(folder, "data.tar"))]),
    contents: readContents(path.join(folder, "contents.json")),
  };
}
