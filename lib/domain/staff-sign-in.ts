import { eq, sql } from "drizzle-orm";
import { verifyPassword } from "../auth/password";
import type { Db } from "../db";
import { staffUsers } from "../db/schema";

export const MAX_FAILED_SIGN_INS = 5;
export const LOCKOUT_MS = 15 * 60 * 1000;

const TIMING_DUMMY_HASH =
  "scrypt$131072$8$1$AAAAAAAAAAAAAAAAAAAAAA$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA";

export type SignInResult =
  | { ok: true; user: { id: string; email: string; name: string; sessionVersion: number } }
  | { ok: false; reason: "invalid" | "locked"; lockedUntil?: Date };

/**
 * Checks a staff member's email and password. After MAX_FAILED_SIGN_INS wrong passwords in a row the
 * account is locked for LOCKOUT_MS; an unknown email answers like a wrong password (no enumeration).
 */
export async function signInStaff(
  db: Db,
  email: string,
  password: string,
  now = new Date(),
): Promise<SignInResult> {
  const [user] = await db.select().from(staffUsers).where(eq(staffUsers.email, email.trim().toLowerCase()));
  // A member who has not yet set a password (invited by an admin) cannot sign in, like an unknown email.
  if (!user?.passwordHash) {
    // Spend the time a real check takes, so response time does not reveal which emails exist.
    await verifyPassword(password, TIMING_DUMMY_HASH);
    return { ok: false, reason: "invalid" };
  }
  if (user.lockedUntil && user.lockedUntil > now)
    return { ok: false, reason: "locked", lockedUntil: user.lockedUntil };
  if (!(await verifyPassword(password, user.passwordHash))) {
    const [updated] = await db
      .update(staffUsers)
      .set({
        failedLoginCount: sql`${staffUsers.failedLoginCount} + 1`,
        lockedUntil: sql`case when ${staffUsers.failedLoginCount} + 1 >= ${MAX_FAILED_SIGN_INS}
          then ${new Date(now.getTime() + LOCKOUT_MS).toISOString()}::timestamptz else null end`,
      })
      .where(eq(staffUsers.id, user.id))
      .returning({ lockedUntil: staffUsers.lockedUntil });
    return updated?.lockedUntil
      ? { ok: false, reason: "locked", lockedUntil: updated.lockedUntil }
      : { ok: false, reason: "invalid" };
  }
  await db
    .update(staffUsers)
    .set({ failedLoginCount: 0, lockedUntil: null, lastLoginAt: now })
    .where(eq(staffUsers.id, user.id));
  return {
    ok: true,
    user: { id: user.id, email: user.email, name: user.name, sessionVersion: user.sessionVersion },
  };
}
