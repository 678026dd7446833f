import { readConfig } from "../config";

/**
 * Per-API-secret rate limit (decisions §10): a token bucket per key in this process. Each instance keeps
 * its own buckets, so N instances allow up to N times the rate; a shared limiter can replace this
 * module without touching routes.
 */

export type RateLimitResult = { allowed: boolean; limit: number; remaining: number; resetSeconds: number };

type Bucket = { tokens: number; updatedAt: number };
const buckets = new Map<string, Bucket>();

/** From config: a bad value stops start-up with a message naming it instead of falling back silently. */
function rateLimitPerMinute(): number {
  return readConfig().rateLimitPerMinute;
}

export function takeToken(key: string, perMinute = rateLimitPerMinute(), now = Date.now()): RateLimitResult {
  if (perMinute === 0) return { allowed: true, limit: 0, remaining: 0, resetSeconds: 0 };
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

export function resetRateLimits(): void {
  buckets.clear();
}
