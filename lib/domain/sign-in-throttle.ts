import { createHash } from "node:crypto";
import { and, eq, lt, sql } from "drizzle-orm";
import type { Db } from "../db";
import { signInAttempts } from "../db/schema";

/**
 * Sign-in attempts counted in the database (`sign_in_attempts`), so every instance on one PostgreSQL
 * database shares the counts, per e-mail address (known or not: the answers must not tell which accounts
 * exist) and per client address. An attempt is counted before its password is checked, in one statement,
 * so concurrent attempts cannot all pass a check made before any of them was counted; a successful sign-in
 * gives its attempt back, so in effect the limits count failures.
 */

export const SIGN_IN_LIMITS = {
  /** Attempts per e-mail address per window: five wrong passwords, then wait. */
  account: { attempts: 5, windowMs: 15 * 60 * 1000 },
  /** Attempts per client address per window, over every e-mail address it tries. */
  address: { attempts: 30, windowMs: 15 * 60 * 1000 },
} as const;

type LimitName = keyof typeof SIGN_IN_LIMITS;

/** Windows that ended are deleted at most this often per process. */
const CLEANUP_EVERY_MS = 60_000;
let lastCleanup = 0;

export type ThrottleKey = { limit: LimitName; key: string };
export type CountedAttempt = { key: string; resetAt: Date };
export type ThrottleResult =
  | { allowed: true; counted: CountedAttempt[] }
  | { allowed: false; retryAfter: Date };

/** The keys of an attempt: hashed, so the table keeps no e-mail or client address in clear. */
export function signInThrottleKeys(email: string, clientAddress: string | undefined): ThrottleKey[] {
  const hash = (text: string) => createHash("sha256").update(text).digest("base64url");
  const keys: ThrottleKey[] = [{ limit: "account", key: `account:${hash(email)}` }];
  if (clientAddress) keys.push({ limit: "address", key: `address:${hash(clientAddress)}` });
  return keys;
}

/**
 * Counts one attempt under each key. A key's window starts at its first attempt; an attempt past a key's
 * limit is refused until that window ends (`retryAfter`, the latest of the refusing keys).
 */
export async function countSignInAttempt(db: Db, keys: ThrottleKey[], now: Date): Promise<ThrottleResult> {
  const limits = new Map(keys.map(({ limit, key }) => [key, SIGN_IN_LIMITS[limit]]));
  const rows = keys.map(({ limit, key }) => ({
    key,
    attempts: 1,
    resetAt: new Date(now.getTime() + SIGN_IN_LIMITS[limit].windowMs),
  }));
  const windowOver = sql`${signInAttempts.resetAt} <= ${now.toISOString()}::timestamptz`;
  const counted = await db
    .insert(signInAttempts)
    .values(rows)
    .onConflictDoUpdate({
      target: signInAttempts.key,
      set: {
        attempts: sql`case when ${windowOver} then 1 else ${signInAttempts.attempts} + 1 end`,
        resetAt: sql`case when ${windowOver} then excluded.reset_at else ${signInAttempts.resetAt} end`,
      },
    })
    .returning({
      key: signInAttempts.key,
      attempts: signInAttempts.attempts,
      resetAt: signInAttempts.resetAt,
    });
  cleanUp(db, now);
  const refusing = counted.filter((row) => row.attempts > (limits.get(row.key)?.attempts ?? 0));
  if (refusing.length > 0) {
    const retryAfter = Math.max(...refusing.map((row) => row.resetAt.getTime()));
    return { allowed: false, retryAfter: new Date(retryAfter) };
  }
  return { allowed: true, counted: counted.map(({ key, resetAt }) => ({ key, resetAt })) };
}

/** Gives a successful sign-in's attempt back (in the window it was counted in). */
export async function refundSignInAttempt(db: Db, counted: CountedAttempt[]): Promise<void> {
  for (const { key, resetAt } of counted) {
    await db
      .update(signInAttempts)
      .set({ attempts: sql`greatest(${signInAttempts.attempts} - 1, 0)` })
      .where(and(eq(signInAttempts.key, key), eq(signInAttempts.resetAt, resetAt)));
  }
}

/** Forgets the e-mail address's attempts: its password was just set through a link. */
export async function clearAccountSignInAttempts(db: Db, email: string): Promise<void> {
  const keys = signInThrottleKeys(email, undefined).map(({ key }) => key);
  for (const key of keys) await db.delete(signInAttempts).where(eq(signInAttempts.key, key));
}

function cleanUp(db: Db, now: Date): void {
  if (now.getTime() - lastCleanup < CLEANUP_EVERY_MS) return;
  lastCleanup = now.getTime();
  db.delete(signInAttempts)
    .where(lt(signInAttempts.resetAt, now))
    .catch((error: unknown) => console.error("Sign-in throttle cleanup:", error));
}
