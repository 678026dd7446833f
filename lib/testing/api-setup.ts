import { afterAll, beforeAll } from "vitest";
import { resetRateLimits } from "../api/rate-limit";
import { setDatabaseForTesting } from "../db";
import { forgetAuthenticatedKeys, stopWatchingApiKeyRevocations } from "../domain/api-keys";
import { forgetServerSecrets } from "../domain/server-secrets";
import { createSeededTestDatabase, type TestDatabase } from "./database";
import type { SeedContents, TemplateSeed, TestStore } from "./templates";

export type { TestStore } from "./templates";
export type ApiTestContext = { database: TestDatabase; storeA: TestStore; storeB: TestStore };

/**
 * For route tests: a fresh database that the route handlers use, with two stores (A and B), each with
 * two locations and an API secret. Returns a getter, filled in by beforeAll.
 */
export function setupApiTestDatabase(): () => ApiTestContext {
  const setup = setupSeededApiDatabase({ stores: true });
  return () => setup().context;
}

/**
 * The database of `setupApiTestDatabase` copied from a template holding `seed` (the stores plus, for the
 * demo route tests, a demo): the route handlers use it, and the per-process caches a previous database
 * filled (server secrets, authenticated keys, rate limits) are emptied.
 */
export function setupSeededApiDatabase(
  seed: TemplateSeed & { stores: true },
): () => { context: ApiTestContext; contents: SeedContents } {
  let state: { context: ApiTestContext; contents: SeedContents } | undefined;
  beforeAll(async () => {
    const { database, contents } = await createSeededTestDatabase(seed);
    setDatabaseForTesting(database);
    forgetServerSecrets();
    forgetAuthenticatedKeys();
    await resetRateLimits(database.db);
    const { storeA, storeB } = contents;
    if (!storeA || !storeB) throw new Error("the seed has no stores A and B");
    state = { context: { database, storeA, storeB }, contents };
  }, 120_000);
  afterAll(async () => {
    // The revocation listener would otherwise reconnect to the dropped database until the next file's.
    await stopWatchingApiKeyRevocations();
    setDatabaseForTesting(undefined);
    forgetServerSecrets();
    await state?.context.database.close();
  });
  return () => {
    if (!state) throw new Error("setupApiTestDatabase: used before beforeAll ran");
    return state;
  };
}
