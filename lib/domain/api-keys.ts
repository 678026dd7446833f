import { timingSafeEqual } from "node:crypto";
import { and, desc, eq, inArray, isNull, lt, or, type SQL } from "drizzle-orm";
import { apiSecretStart, generateApiSecret, hashApiSecret, looksLikeApiSecret } from "../auth/api-secrets";
import type { Database, Db } from "../db";
import { apiKeys, staffUsers } from "../db/schema";
import { isId, newId } from "../ids";
import type { ApiSecret } from "../schemas/api-secrets";
import {
  type ApiKeyAuthCache,
  type ApiKeyPrincipal,
  announceRevocation,
  processAuthCache,
} from "./api-key-cache";
import { NotFoundError } from "./errors";

export type { ApiKeyPrincipal } from "./api-key-cache";

/** Problem area of the API secret operations: 404 `api-secret/not-found`, 400 `api-secret/invalid-request`. */
export const API_SECRET_RESOURCE = "api-secret";

export type ApiKeySummary = {
  id: string;
  storeId: string;
  name: string;
  start: string;
  createdAt: Date;
  lastUsedAt: Date | null;
  revokedAt: Date | null;
  /** The staff member who created it; null for the CLI and the demo seed, or once the user is deleted. */
  createdBy: { id: string; name: string } | null;
};

/** The summaries matching `where`, newest first, with their creator's name. */
async function selectSummaries(db: Db, where: SQL | undefined): Promise<ApiKeySummary[]> {
  const rows = await db
    .select({
      id: apiKeys.id,
      storeId: apiKeys.storeId,
      name: apiKeys.name,
      start: apiKeys.start,
      createdAt: apiKeys.createdAt,
      lastUsedAt: apiKeys.lastUsedAt,
      revokedAt: apiKeys.revokedAt,
      creatorId: staffUsers.id,
      creatorName: staffUsers.name,
    })
    .from(apiKeys)
    .leftJoin(staffUsers, eq(staffUsers.id, apiKeys.createdByUserId))
    .where(where)
    .orderBy(desc(apiKeys.createdAt), desc(apiKeys.id));
  return rows.map(({ creatorId, creatorName, ...key }) => ({
    ...key,
    createdBy: creatorId !== null && creatorName !== null ? { id: creatorId, name: creatorName } : null,
  }));
}

async function selectSummary(db: Db, keyId: string): Promise<ApiKeySummary> {
  const [summary] = await selectSummaries(db, eq(apiKeys.id, keyId));
  if (!summary) throw new NotFoundError(API_SECRET_RESOURCE, keyId);
  return summary;
}

/** The API's view of a secret: never the secret nor its hash, only `start`. */
export function serializeApiSecret(key: ApiKeySummary): ApiSecret {
  return {
    id: key.id,
    name: key.name,
    start: key.start,
    createdAt: key.createdAt.toISOString(),
    lastUsedAt: key.lastUsedAt ? key.lastUsedAt.toISOString() : null,
    revokedAt: key.revokedAt ? key.revokedAt.toISOString() : null,
    createdBy: key.createdBy,
  };
}

/** Creates an API secret for a store. The secret is returned once and only its hash is kept. */
export async function createApiKey(
  db: Db,
  input: { storeId: string; name: string; createdByUserId?: string; secret?: string },
): Promise<{ apiKey: ApiKeySummary; secret: string }> {
  const secret = input.secret ?? generateApiSecret();
  const [inserted] = await db
    .insert(apiKeys)
    .values({
      id: newId("apiKey"),
      storeId: input.storeId,
      name: input.name,
      start: apiSecretStart(secret),
      secretHash: hashApiSecret(secret),
      createdByUserId: input.createdByUserId,
    })
    .returning({ id: apiKeys.id });
  if (!inserted) throw new Error("insert returned no row");
  return { apiKey: await selectSummary(db, inserted.id), secret };
}

/** Every secret of the store, revoked ones included, newest first. */
export async function listApiKeys(db: Db, storeId: string): Promise<ApiKeySummary[]> {
  return selectSummaries(db, eq(apiKeys.storeId, storeId));
}

/**
 * A secret of one of `storeIds` (the caller's stores); NotFoundError for an unknown, malformed or
 * foreign id alike.
 */
export async function getApiKey(
  db: Db,
  params: { apiKeyId: string; storeIds: readonly string[] },
): Promise<ApiKeySummary> {
  const notFound = new NotFoundError(API_SECRET_RESOURCE, params.apiKeyId);
  if (!isId("apiKey", params.apiKeyId) || params.storeIds.length === 0) throw notFound;
  const [summary] = await selectSummaries(
    db,
    and(eq(apiKeys.id, params.apiKeyId), inArray(apiKeys.storeId, [...params.storeIds])),
  );
  if (!summary) throw notFound;
  return summary;
}

/** The store of a secret of one of `storeIds`, so the API can check the caller's role there first. */
export async function findApiKeyStore(
  db: Db,
  params: { apiKeyId: string; storeIds: readonly string[] },
): Promise<string> {
  return (await getApiKey(db, params)).storeId;
}

/** Any store's secret by id, for the operator's command line; undefined when there is none. */
export async function findApiKeyForOperator(db: Db, keyId: string): Promise<ApiKeySummary | undefined> {
  if (!isId("apiKey", keyId)) return undefined;
  const [summary] = await selectSummaries(db, eq(apiKeys.id, keyId));
  return summary;
}

/**
 * Revokes a secret of the store. Idempotent: revoking a revoked secret keeps its original `revokedAt`.
 * Every instance stops accepting the secret at once: the NOTIFY sent with the change reaches their caches
 * when it commits (lib/domain/api-key-cache.ts), and this process forgets it directly.
 */
export async function revokeApiKey(db: Db, storeId: string, keyId: string): Promise<ApiKeySummary> {
  if (!isId("apiKey", keyId)) throw new NotFoundError(API_SECRET_RESOURCE, keyId);
  await db.transaction(async (tx) => {
    const [key] = await tx
      .update(apiKeys)
      .set({ revokedAt: new Date() })
      .where(and(eq(apiKeys.id, keyId), eq(apiKeys.storeId, storeId), isNull(apiKeys.revokedAt)))
      .returning({ id: apiKeys.id });
    if (key) {
      await announceRevocation(tx, keyId);
      return;
    }
    const [existing] = await tx
      .select({ id: apiKeys.id })
      .from(apiKeys)
      .where(and(eq(apiKeys.id, keyId), eq(apiKeys.storeId, storeId)));
    if (!existing) throw new NotFoundError(API_SECRET_RESOURCE, keyId);
  });
  processAuthCache().forget(keyId);
  return selectSummary(db, keyId);
}

/** last_used_at is written at most once a minute per key, so authentication stays a read on hot paths. */
const LAST_USED_RESOLUTION_MS = 60_000;

/**
 * Resolves a presented secret to its store, or null for a malformed, unknown or revoked secret.
 * The lookup is by hash (an index probe that reveals nothing about the secret) and the hashes are then
 * compared in constant time as decisions §2 asks.
 */
export async function authenticateApiSecret(
  db: Db,
  secret: string,
  cache: ApiKeyAuthCache = processAuthCache(),
): Promise<ApiKeyPrincipal | null> {
  if (!looksLikeApiSecret(secret)) return null;
  const hash = hashApiSecret(secret);
  const cached = cache.get(hash);
  if (cached) return cached;
  const [row] = await db
    .select({
      id: apiKeys.id,
      storeId: apiKeys.storeId,
      name: apiKeys.name,
      secretHash: apiKeys.secretHash,
      revokedAt: apiKeys.revokedAt,
      lastUsedAt: apiKeys.lastUsedAt,
    })
    .from(apiKeys)
    .where(eq(apiKeys.secretHash, hash))
    .limit(1);
  if (!row || row.revokedAt) return null;
  if (!timingSafeEqual(Buffer.from(row.secretHash), Buffer.from(hash))) return null;

  const now = new Date();
  if (!row.lastUsedAt || now.getTime() - row.lastUsedAt.getTime() > LAST_USED_RESOLUTION_MS) {
    await db
      .update(apiKeys)
      .set({ lastUsedAt: now })
      .where(
        and(
          eq(apiKeys.id, row.id),
          or(
            isNull(apiKeys.lastUsedAt),
            lt(apiKeys.lastUsedAt, new Date(now.getTime() - LAST_USED_RESOLUTION_MS)),
          ),
        ),
      );
  }
  const principal = { keyId: row.id, storeId: row.storeId, name: row.name };
  // A revocation that landed while this lookup was waiting on the database must not be undone by the cache.
  return cache.remember(hash, principal, now.getTime()) ? principal : null;
}

/**
 * Lets the process's cache serve secrets it has seen, once it can hear revocations on `database` (the API
 * wrapper calls this on every request; only the first per database does anything). Until then, and in a
 * process that never calls it (CLIs), every authentication reads the database.
 */
export function watchApiKeyRevocations(database: Database): void {
  processAuthCache().watch(database);
}

/** Stops listening for revocations (the database is about to close): nothing is served from the cache after. */
export function stopWatchingApiKeyRevocations(): Promise<void> {
  return processAuthCache().stop();
}

export function forgetAuthenticatedKeys(): void {
  processAuthCache().clear();
}
