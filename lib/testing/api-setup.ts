import { afterAll, beforeAll } from "vitest";
import { resetRateLimits } from "../api/rate-limit";
import { setDatabaseForTesting } from "../db";
import { createApiKey, forgetAuthenticatedKeys } from "../domain/api-keys";
import { forgetServerSecrets } from "../domain/server-secrets";
import { createTestDatabase, type TestDatabase } from "./database";
import { insertLocation, insertStore } from "./fixtures";

export type TestStore = { id: string; secret: string; locationIds: string[] };
export type ApiTestContext = { database: TestDatabase; storeA: TestStore; storeB: TestStore };

/**
 * For route tests: a fresh database that the route handlers use, with two stores (A and B), each with
 * two locations and an API secret. Returns a getter, filled in by beforeAll.
 */
export function setupApiTestDatabase(): () => ApiTestContext {
  let context: ApiTestContext | undefined;
  beforeAll(async () => {
    const database = await createTestDatabase();
    setDatabaseForTesting(database);
    forgetServerSecrets();
    forgetAuthenticatedKeys();
    await resetRateLimits(database.db);
    const makeStore = async (name: string): Promise<TestStore> => {
      const store = await insertStore(database.db, { name });
      const locations = [
        await insertLocation(database.db, store.id),
        await insertLocation(database.db, store.id),
      ];
      const { secret } = await createApiKey(database.db, { storeId: store.id, name: `${name} key` });
      return { id: store.id, secret, locationIds: locations.map((l) => l.id) };
    };
    context = { database, storeA: await makeStore("Store A"), storeB: await makeStore("Store B") };
  });
  afterAll(async () => {
    setDatabaseForTesting(undefined);
    forgetServerSecrets();
    await context?.database.close();
  });
  return () => {
    if (!context) throw new Error("setupApiTestDatabase: used before beforeAll ran");
    return context;
  };
}
