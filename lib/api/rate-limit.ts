import { sql } from "drizzle-orm";
import { readConfig } from "../config";
import type { Database, Db } from "../db";
import { SharedRateLimiter, WINDOW_MS } from "./rate-limit-shared";

/**
 * Per-API-secret rate limit (decisions §10). On PostgreSQL every instance draws from one budget per
 * secret and minute (lib/api/rate-limit-shared.ts), so N instances still allow the limit, not N times it.
 * On the embedded database the process is alone and keeps a token bucket per key in memory.
 */

export type RateLimitResult = { allowed: boolean; limit: number; remaining: number; resetSeconds: number };

type Bucket = { tokens: number; updatedAt: number };
const buckets = new Map<string, Bucket>();

const SHARED_KEY = Symbol.for("backroom.shared-rate-limiter");
type SharedHolder = { [SHARED_KEY]?: { db: Db; limiter: SharedRateLimiter } };

/** The process's shared limiter for this database (one per process: Next.js may load this module twice). */
function sharedLimiter(db: Db): SharedRateLimiter {
  const holder = globalThis as SharedHolder;
  const current = holder[SHARED_KEY];
  if (current?.db === db) return current.limiter;
  const limiter = new SharedRateLimiter(db);
  holder[SHARED_KEY] = { db, limiter };
  return limiter;
}

/** Takes one request from the key's budget (the limit comes from config; 0 turns it off). */
export async function takeToken(
  database: Database,
  key: string,
  perMinute = readConfig().rateLimitPerMinute,
): Promise<RateLimitResult> {
  if (perMinute === 0) return { allowed: true, limit: 0, remaining: 0, resetSeconds: 0 };
  if (database.backend === "postgres") return sharedLimiter(database.db).take(key, perMinute);
  return takeLocalToken(key, perMinute);
}

export function takeLocalToken(key: string, perMinute: number, now = Date.now()): RateLimitResult {
  const refillPerMs = perMinute / 60_000;
  const bucket = buckets.get(key) ?? { tokens: perMinute, updatedAt: now };
  bucket.tokens = Math.min(perMinute, bucket.tokens + (now - bucket.updatedAt) * refillPerMs);
  bucket.updatedAt = now;
  const allowed = bucket.tokens >= 1;
  if (allowed) bucket.tokens -= 1;
  buckets.set(key, bucket);
  if (buckets.size > 100_000) buckets.clear();
  const missing = allowed ? perMinute - bucket.tokens : 1 - bucket.tokens;
  return {
    allowed,
    limit: perMinute,
    remaining: Math.floor(bucket.tokens),
    resetSeconds: Math.max(1, Math.ceil(missing / refillPerMs / 1000)),
  };
}

/**
 * The answer's headers: the RateLimit-Limit/-Remaining/-Reset trio clients already read, and the IETF
 * draft's RateLimit-Policy and RateLimit (draft-ietf-httpapi-ratelimit-headers: quota per window of
 * `w` seconds, `r` remaining, `t` seconds until the quota is back).
 */
export function rateLimitHeaders(rate: RateLimitResult): Record<string, string> {
  if (rate.limit === 0) return {};
  return {
    "RateLimit-Limit": String(rate.limit),
    "RateLimit-Remaining": String(rate.remaining),
    "RateLimit-Reset": String(rate.resetSeconds),
    "RateLimit-Policy": `"default";q=${rate.limit};w=${WINDOW_MS / 1000}`,
    RateLimit: `"default";r=${rate.remaining};t=${rate.resetSeconds}`,
  };
}

/** Tests: forgets every bucket and lease, and with a database its shared counters too. */
export async function resetRateLimits(db?: Db): Promise<void> {
  buckets.clear();
  (globalThis as SharedHolder)[SHARED_KEY]?.limiter.reset();
  if (db) await db.execute(sql`delete from rate_limit_windows`);
}
