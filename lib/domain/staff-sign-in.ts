import { eq } from "drizzle-orm";
import { verifyPassword } from "../auth/password";
import type { Db } from "../db";
import { staffUsers } from "../db/schema";
import { countSignInAttempt, refundSignInAttempt, signInThrottleKeys } from "./sign-in-throttle";

// Hashed with the parameters of real passwords, so an unknown e-mail takes as long as a known one.
const TIMING_DUMMY_HASH =
  "scrypt$131072$8$1$AAAAAAAAAAAAAAAAAAAAAA$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA";

export type SignInAttempt = { email: string; password: string; clientAddress?: string };

export type SignInResult =
  | { ok: true; user: { id: string; email: string; name: string; sessionVersion: number } }
  | { ok: false; reason: "invalid" }
  | { ok: false; reason: "throttled"; retryAfter: Date };

/**
 * Checks a staff member's e-mail and password. Every attempt is first counted against the e-mail address
 * and the client address (lib/domain/sign-in-throttle.ts); one past a limit is refused without checking
 * the password. An unknown e-mail, or a member who has not set a password yet, is counted and answered
 * exactly like a wrong password, and takes as long.
 */
export async function signInStaff(db: Db, attempt: SignInAttempt, now = new Date()): Promise<SignInResult> {
  const email = attempt.email.trim().toLowerCase();
  const throttle = await countSignInAttempt(db, signInThrottleKeys(email, attempt.clientAddress), now);
  if (!throttle.allowed) return { ok: false, reason: "throttled", retryAfter: throttle.retryAfter };
  const [user] = await db.select().from(staffUsers).where(eq(staffUsers.email, email));
  const matches = await verifyPassword(attempt.password, user?.passwordHash ?? TIMING_DUMMY_HASH);
  if (!user?.passwordHash || !matches) return { ok: false, reason: "invalid" };
  await refundSignInAttempt(db, throttle.counted);
  await db.update(staffUsers).set({ lastLoginAt: now }).where(eq(staffUsers.id, user.id));
  return {
    ok: true,
    user: { id: user.id, email: user.email, name: user.name, sessionVersion: user.sessionVersion },
  };
}
