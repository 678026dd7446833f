import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Database, openPostgres } from "../db/client";
import { apiKeys } from "../db/schema";
import { createTestDatabase, type TestDatabase } from "../testing/database";
import { insertStore } from "../testing/fixtures";
import { ApiKeyAuthCache, processAuthCache } from "./api-key-cache";
import { authenticateApiSecret, createApiKey, revokeApiKey } from "./api-keys";

/**
 * Revocation reaches every instance at once: each cache forgets the key when the notification arrives, long
 * before its entries would expire (5 s). On PostgreSQL, instance A and instance B are two
 * pools on one database, each with its own cache and LISTEN connection, as two processes would have.
 */

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await processAuthCache().stop();
  await database.close();
});

describe.runIf(process.env.BACKROOM_TEST_BACKEND === "postgres")("on PostgreSQL, across instances", () => {
  let instanceB: Database;
  const cacheA = new ApiKeyAuthCache();
  const cacheB = new ApiKeyAuthCache();
  beforeAll(async () => {
    instanceB = openPostgres(database.pool?.options.connectionString as string, 2);
    cacheA.watch(database);
    cacheB.watch(instanceB);
    await cacheA.waitUntil(() => cacheA.listening);
    await cacheB.waitUntil(() => cacheB.listening);
  });
  afterAll(async () => {
    await cacheA.stop();
    await cacheB.stop();
    await instanceB.close();
  });

  it("serves a known secret from the cache without a notification (the control)", async () => {
    const store = await insertStore(database.db);
    const { apiKey, secret } = await createApiKey(database.db, { storeId: store.id, name: "control" });
    expect(await authenticateApiSecret(instanceB.db, secret, cacheB)).not.toBeNull();
    // Revoked behind the caches' back (no NOTIFY): B still answers from its cache, for up to 5 s.
    await database.db.update(apiKeys).set({ revokedAt: new Date() }).where(eq(apiKeys.id, apiKey.id));
    expect(await authenticateApiSecret(instanceB.db, secret, cacheB)).not.toBeNull();
  });

  it("refuses on B a secret revoked on A as soon as B hears of it, not when its cache entry expires", async () => {
    const store = await insertStore(database.db);
    const { apiKey, secret } = await createApiKey(database.db, { storeId: store.id, name: "ERP" });
    expect(await authenticateApiSecret(database.db, secret, cacheA)).not.toBeNull();
    expect(await authenticateApiSecret(instanceB.db, secret, cacheB)).not.toBeNull();

    await revokeApiKey(database.db, store.id, apiKey.id);
    await cacheB.waitUntil(() => cacheB.hasForgotten(apiKey.id));
    expect(await authenticateApiSecret(instanceB.db, secret, cacheB)).toBeNull();
    // cacheA is not the process cache that revokeApiKey forgets directly: like B, it hears the notification.
    await cacheA.waitUntil(() => cacheA.hasForgotten(apiKey.id));
    expect(await authenticateApiSecret(database.db, secret, cacheA)).toBeNull();
  });

  it("stops serving from the cache while its LISTEN connection is down, and hears revocations once back", async () => {
    const store = await insertStore(database.db);
    const { apiKey, secret } = await createApiKey(database.db, { storeId: store.id, name: "flaky" });
    expect(await authenticateApiSecret(instanceB.db, secret, cacheB)).not.toBeNull();

    await database.db.execute(sql`select pg_terminate_backend(pid) from pg_stat_activity
      where datname = current_database() and query ilike 'listen%backroom_auth%'`);
    await cacheB.waitUntil(() => !cacheB.listening);
    // A revocation the dead connection could not hear: B reads the database rather than its cache.
    await database.db.update(apiKeys).set({ revokedAt: new Date() }).where(eq(apiKeys.id, apiKey.id));
    expect(await authenticateApiSecret(instanceB.db, secret, cacheB)).toBeNull();

    await cacheB.waitUntil(() => cacheB.listening);
    const second = await createApiKey(database.db, { storeId: store.id, name: "after" });
    expect(await authenticateApiSecret(instanceB.db, second.secret, cacheB)).not.toBeNull();
    await revokeApiKey(database.db, store.id, second.apiKey.id);
    await cacheB.waitUntil(() => cacheB.hasForgotten(second.apiKey.id));
    expect(await authenticateApiSecret(instanceB.db, second.secret, cacheB)).toBeNull();
  });
});

describe("in one process", () => {
  it("refuses a revoked secret at once, the cache forgetting it directly", async () => {
    const cache = processAuthCache();
    cache.watch(database);
    await cache.waitUntil(() => cache.listening);
    const store = await insertStore(database.db);
    const { apiKey, secret } = await createApiKey(database.db, { storeId: store.id, name: "local" });
    expect(await authenticateApiSecret(database.db, secret)).not.toBeNull();
    await revokeApiKey(database.db, store.id, apiKey.id);
    expect(await authenticateApiSecret(database.db, secret)).toBeNull();
  });

  it("reads the database on every request until it watches a database", async () => {
    const cache = new ApiKeyAuthCache();
    const store = await insertStore(database.db);
    const { apiKey, secret } = await createApiKey(database.db, { storeId: store.id, name: "unwatched" });
    expect(await authenticateApiSecret(database.db, secret, cache)).not.toBeNull();
    await database.db.update(apiKeys).set({ revokedAt: new Date() }).where(eq(apiKeys.id, apiKey.id));
    expect(await authenticateApiSecret(database.db, secret, cache)).toBeNull();
  });
});
