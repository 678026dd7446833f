import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hashApiSecret } from "../auth/api-secrets";
import { apiKeys } from "../db/schema";
import { createTestDatabase, type TestDatabase } from "../testing/database";
import { insertStore } from "../testing/fixtures";
import { authenticateApiSecret, createApiKey, listApiKeys, revokeApiKey } from "./api-keys";
import { NotFoundError } from "./errors";

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

describe("API keys", () => {
  it("stores only a hash and authenticates the secret to its store", async () => {
    const { db } = database;
    const store = await insertStore(db);
    const { apiKey, secret } = await createApiKey(db, { storeId: store.id, name: "ERP" });
    expect(secret).toMatch(/^brk_[A-Za-z0-9_-]{43}$/);
    expect(apiKey.start).toBe(secret.slice(0, 10));

    const [stored] = await db.select().from(apiKeys).where(eq(apiKeys.id, apiKey.id));
    expect(stored?.secretHash).toBe(hashApiSecret(secret));
    expect(JSON.stringify(stored)).not.toContain(secret);

    const principal = await authenticateApiSecret(db, secret);
    expect(principal).toEqual({ keyId: apiKey.id, storeId: store.id, name: "ERP" });
    const [used] = await listApiKeys(db, store.id);
    expect(used?.lastUsedAt).toBeInstanceOf(Date);
  });

  it("refuses unknown, malformed and revoked secrets", async () => {
    const { db } = database;
    const store = await insertStore(db);
    const { apiKey, secret } = await createApiKey(db, { storeId: store.id, name: "Old" });
    expect(
      await authenticateApiSecret(db, `${secret.slice(0, -1)}${secret.endsWith("A") ? "B" : "A"}`),
    ).toBeNull();
    expect(await authenticateApiSecret(db, "not-a-secret")).toBeNull();
    expect(await authenticateApiSecret(db, "")).toBeNull();

    const revoked = await revokeApiKey(db, store.id, apiKey.id);
    expect(revoked.revokedAt).toBeInstanceOf(Date);
    expect(await authenticateApiSecret(db, secret)).toBeNull();
  });

  it("does not let one store revoke another store's key", async () => {
    const { db } = database;
    const storeA = await insertStore(db);
    const storeB = await insertStore(db);
    const { apiKey, secret } = await createApiKey(db, { storeId: storeA.id, name: "A" });
    await expect(revokeApiKey(db, storeB.id, apiKey.id)).rejects.toBeInstanceOf(NotFoundError);
    expect(await authenticateApiSecret(db, secret)).not.toBeNull();
  });
});
