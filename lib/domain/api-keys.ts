import { timingSafeEqual } from "node:crypto";
import { and, desc, eq, isNull, lt, or } from "drizzle-orm";
import { apiSecretStart, generateApiSecret, hashApiSecret, looksLikeApiSecret } from "../auth/api-secrets";
import type { Db } from "../db";
import { apiKeys } from "../db/schema";
import { newId } from "../ids";
import { NotFoundError } from "./errors";

export type ApiKeySummary = {
  id: string;
  storeId: string;
  name: string;
  start: string;
  createdAt: Date;
  lastUsedAt: Date | null;
  revokedAt: Date | null;
};

const summaryColumns = {
  id: apiKeys.id,
  storeId: apiKeys.storeId,
  name: apiKeys.name,
  start: apiKeys.start,
  createdAt: apiKeys.createdAt,
  lastUsedAt: apiKeys.lastUsedAt,
  revokedAt: apiKeys.revokedAt,
};

/** Creates an API secret for a store. The secret is returned once and only its hash is kept. */
export async function createApiKey(
  db: Db,
  input: { storeId: string; name: string; createdByUserId?: string; secret?: string },
): Promise<{ apiKey: ApiKeySummary; secret: string }> {
  const secret = input.secret ?? generateApiSecret();
  const [apiKey] = await db
    .insert(apiKeys)
    .values({
      id: newId("apiKey"),
      storeId: input.storeId,
      name: input.name,
      start: apiSecretStart(secret),
      secretHash: hashApiSecret(secret),
      createdByUserId: input.createdByUserId,
    })
    .returning(summaryColumns);
  if (!apiKey) throw new Error("insert returned no row");
  return { apiKey, secret };
}

export async function listApiKeys(db: Db, storeId: string): Promise<ApiKeySummary[]> {
  return db
    .select(summaryColumns)
    .from(apiKeys)
    .where(eq(apiKeys.storeId, storeId))
    .orderBy(desc(apiKeys.createdAt));
}

export async function revokeApiKey(db: Db, storeId: string, keyId: string): Promise<ApiKeySummary> {
  const [revoked] = await db
    .update(apiKeys)
    .set({ revokedAt: new Date() })
    .where(and(eq(apiKeys.id, keyId), eq(apiKeys.storeId, storeId)))
    .returning(summaryColumns);
  if (!revoked) throw new NotFoundError("api-key", keyId);
  for (const [hash, entry] of recentlyAuthenticated) {
    if (entry.principal.keyId === keyId) recentlyAuthenticated.delete(hash);
  }
  return revoked;
}

/** last_used_at is written at most once a minute per key, so authentication stays a read on hot paths. */
const LAST_USED_RESOLUTION_MS = 60_000;

export type ApiKeyPrincipal = { keyId: string; storeId: string; name: string };

/**
 * Resolves a presented secret to its store, or null for a malformed, unknown or revoked secret.
 * The lookup is by hash (an index probe that reveals nothing about the secret) and the hashes are then
 * compared in constant time as decisions §2 asks.
 */
export async function authenticateApiSecret(db: Db, secret: string): Promise<ApiKeyPrincipal | null> {
  if (!looksLikeApiSecret(secret)) return null;
  const hash = hashApiSecret(secret);
  const cached = recentlyAuthenticated.get(hash);
  if (cached && cached.until > Date.now()) return cached.principal;
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
  if (recentlyAuthenticated.size > 10_000) recentlyAuthenticated.clear();
  recentlyAuthenticated.set(hash, { principal, until: now.getTime() + AUTH_CACHE_MS });
  return principal;
}

/**
 * A valid secret is remembered for a few seconds, so a busy integration does not pay a database round
 * trip on every request. Revoking through this process forgets it at once; another instance notices a
 * revocation within AUTH_CACHE_MS.
 */
const AUTH_CACHE_MS = 5_000;
const recentlyAuthenticated = new Map<string, { principal: ApiKeyPrincipal; until: number }>();

export function forgetAuthenticatedKeys(): void {
  recentlyAuthenticated.clear();
}
