import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { hashApiSecret } from "../auth/api-secrets";
import { apiKeys } from "../db/schema";
import { createTestDatabase, type TestDatabase } from "../testing/database";
import { insertStore } from "../testing/fixtures";
import {
  authenticateApiSecret,
  createApiKey,
  findApiKeyForOperator,
  findApiKeyStore,
  getApiKey,
  listApiKeys,
  revokeApiKey,
  serializeApiSecret,
} from "./api-keys";
import { NotFoundError } from "./errors";
import { createStaffUser } from "./staff";

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

  it("revokes idempotently, keeping the first revokedAt", async () => {
    const { db } = database;
    const store = await insertStore(db);
    const { apiKey } = await createApiKey(db, { storeId: store.id, name: "Twice" });
    // Revoked at 10:00, again at 10:05 (only Date is faked): the second call keeps 10:00.
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      vi.setSystemTime(new Date("2026-03-02T10:00:00Z"));
      const first = await revokeApiKey(db, store.id, apiKey.id);
      vi.setSystemTime(new Date("2026-03-02T10:05:00Z"));
      const again = await revokeApiKey(db, store.id, apiKey.id);
      expect(first.revokedAt).toEqual(new Date("2026-03-02T10:00:00Z"));
      expect(again.revokedAt).toEqual(first.revokedAt);
    } finally {
      vi.useRealTimers();
    }
    await expect(revokeApiKey(db, store.id, "key_malformed")).rejects.toBeInstanceOf(NotFoundError);
  });

  it("refuses a secret revoked while its lookup was waiting on the database, instead of caching it", async () => {
    const { db } = database;
    const store = await insertStore(db);
    const { apiKey, secret } = await createApiKey(db, { storeId: store.id, name: "Racing" });
    const inFlight = authenticateApiSecret(db, secret);
    await revokeApiKey(db, store.id, apiKey.id);
    await inFlight;
    expect(await authenticateApiSecret(db, secret)).toBeNull();
  });

  it("lists newest first with the creator, and finds a secret only within the given stores", async () => {
    const { db } = database;
    const store = await insertStore(db);
    const other = await insertStore(db);
    const user = await createStaffUser(db, {
      email: `creator-${store.id}@example.com`,
      name: "Cleo Creator",
      password: "not-used-here",
      memberships: [{ storeId: store.id, role: "admin" }],
    });
    const older = await createApiKey(db, { storeId: store.id, name: "Older" });
    const newer = await createApiKey(db, { storeId: store.id, name: "Newer", createdByUserId: user.id });
    expect(newer.apiKey.createdBy).toEqual({ id: user.id, name: "Cleo Creator" });
    const listed = await listApiKeys(db, store.id);
    expect(listed.map((key) => key.name)).toEqual(["Newer", "Older"]);
    expect(listed[1]?.createdBy).toBeNull();

    expect(await findApiKeyStore(db, { apiKeyId: older.apiKey.id, storeIds: [other.id, store.id] })).toBe(
      store.id,
    );
    for (const storeIds of [[other.id], []])
      await expect(getApiKey(db, { apiKeyId: older.apiKey.id, storeIds })).rejects.toThrow(
        /No api secret with id/,
      );
    expect((await findApiKeyForOperator(db, older.apiKey.id))?.storeId).toBe(store.id);
    expect(await findApiKeyForOperator(db, "key_nope")).toBeUndefined();

    const serialized = serializeApiSecret(newer.apiKey);
    expect(serialized).toEqual({
      id: newer.apiKey.id,
      name: "Newer",
      start: newer.secret.slice(0, 10),
      createdAt: newer.apiKey.createdAt.toISOString(),
      lastUsedAt: null,
      revokedAt: null,
      createdBy: { id: user.id, name: "Cleo Creator" },
    });
    expect(JSON.stringify(serialized)).not.toContain(newer.secret);
  });
});
