import { randomBytes } from "node:crypto";
import { and, eq, lt, notExists } from "drizzle-orm";
import type { Db } from "../db";
import {
  revokedStaffSessions,
  staffUsers,
  storeMembershipRemovals,
  storeMemberships,
  stores,
} from "../db/schema";

/**
 * Staff sessions are next-auth JWT cookies, not rows. What the server keeps for them: the user's
 * `session_version` (moved by a password change or removal from the last store, ending every session of
 * the user) and the sessions ended by signing out (`revoked_staff_sessions`, ending one). Every page load
 * and API call checks both, with the user, in one query.
 */

/** A session's lifetime from sign-in; next-auth's refresh of the cookie does not extend it. */
export const SESSION_MAX_AGE_SECONDS = 12 * 60 * 60;

/** What a session token carries beyond next-auth's own fields, under the token's claim names. */
export type SessionToken = { sub?: unknown; sv?: unknown; sid?: unknown; sat?: unknown };

export type SessionClaims = {
  userId: string;
  sessionVersion: number;
  sessionId: string;
  /** Seconds since the epoch, as JWT times are. */
  signedInAt: number;
};

/** The claims a new session starts with. */
export function newSessionClaims(
  user: { id: string; sessionVersion: number },
  now = new Date(),
): { sv: number; sid: string; sat: number } {
  return {
    sv: user.sessionVersion,
    sid: randomBytes(16).toString("base64url"),
    sat: Math.floor(now.getTime() / 1000),
  };
}

/** The token's claims, or undefined when one is missing (a token from before sessions had ids is over). */
export function sessionClaimsOf(token: SessionToken | null | undefined): SessionClaims | undefined {
  if (!token) return undefined;
  const { sub, sv, sid, sat } = token;
  if (typeof sub !== "string" || typeof sv !== "number" || typeof sid !== "string" || typeof sat !== "number")
    return undefined;
  return { userId: sub, sessionVersion: sv, sessionId: sid, signedInAt: sat };
}

function expiresAt(claims: SessionClaims): Date {
  return new Date((claims.signedInAt + SESSION_MAX_AGE_SECONDS) * 1000);
}

/**
 * The session's user, or undefined when the session is over: past its lifetime, signed out, issued before
 * the user's last password change or removal, or the user is gone.
 */
export async function findSessionStaffUser(
  db: Db,
  claims: SessionClaims | undefined,
  now = new Date(),
): Promise<{ id: string; email: string; name: string } | undefined> {
  if (!claims || expiresAt(claims) <= now) return undefined;
  const [user] = await db
    .select({ id: staffUsers.id, email: staffUsers.email, name: staffUsers.name })
    .from(staffUsers)
    .where(
      and(
        eq(staffUsers.id, claims.userId),
        eq(staffUsers.sessionVersion, claims.sessionVersion),
        notExists(
          db
            .select({ sessionId: revokedStaffSessions.sessionId })
            .from(revokedStaffSessions)
            .where(eq(revokedStaffSessions.sessionId, claims.sessionId)),
        ),
      ),
    );
  return user;
}

/**
 * The store (by id) that the session's user was removed from, for telling them why they lost it. The
 * session need not be current: removal from someone's last store ends their sessions, and that is when
 * they most need to hear why. It must still be theirs, though: signed by us (the caller decoded it), not
 * past its lifetime and not signed out. So the answer only ever goes to the removed person's own browser,
 * and nobody learns from it whether an e-mail address has an account.
 */
export async function findRemovedStore(
  db: Db,
  claims: SessionClaims | undefined,
  storeId: string,
  now = new Date(),
): Promise<{ id: string; name: string } | undefined> {
  if (!claims || expiresAt(claims) <= now) return undefined;
  const [store] = await db
    .select({ id: stores.id, name: stores.name })
    .from(storeMembershipRemovals)
    .innerJoin(stores, eq(stores.id, storeMembershipRemovals.storeId))
    .where(
      and(
        eq(storeMembershipRemovals.storeId, storeId),
        eq(storeMembershipRemovals.userId, claims.userId),
        notExists(
          db
            .select({ userId: storeMemberships.userId })
            .from(storeMemberships)
            .where(and(eq(storeMemberships.storeId, storeId), eq(storeMemberships.userId, claims.userId))),
        ),
        notExists(
          db
            .select({ sessionId: revokedStaffSessions.sessionId })
            .from(revokedStaffSessions)
            .where(eq(revokedStaffSessions.sessionId, claims.sessionId)),
        ),
      ),
    );
  return store;
}

/**
 * Ends one session (sign-out): its id is kept until the session would have expired anyway. Ids whose time
 * has passed are deleted on the way.
 */
export async function revokeStaffSession(
  db: Db,
  claims: SessionClaims | undefined,
  now = new Date(),
): Promise<void> {
  if (!claims) return;
  await db
    .insert(revokedStaffSessions)
    .values({ sessionId: claims.sessionId, expiresAt: expiresAt(claims) })
    .onConflictDoNothing();
  await db.delete(revokedStaffSessions).where(lt(revokedStaffSessions.expiresAt, now));
}
