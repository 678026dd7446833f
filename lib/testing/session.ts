import { decode, encode } from "next-auth/jwt";
import type { Db } from "../db";
import { getServerSecret } from "../domain/server-secrets";
import { createStaffUser } from "../domain/staff";
import { newSessionClaims, type SessionClaims, sessionClaimsOf } from "../domain/staff-sessions";
import type { StaffRole } from "../enums";

/** The Cookie header of a new session of an existing user, as next-auth would set it after sign-in. */
export async function sessionCookieOf(
  db: Db,
  user: { id: string; email: string; name: string; sessionVersion?: number },
): Promise<string> {
  const token = await encode({
    token: {
      sub: user.id,
      email: user.email,
      name: user.name,
      ...newSessionClaims({ id: user.id, sessionVersion: user.sessionVersion ?? 0 }),
    },
    secret: await getServerSecret(db, "session"),
  });
  return `next-auth.session-token=${token}`;
}

/**
 * Creates a staff user with the given roles and returns the Cookie header of a signed-in session. Route
 * tests send it instead of an API secret.
 */
export async function staffSessionCookie(
  db: Db,
  memberships: { storeId: string; role: StaffRole }[],
  name = "Test Staff",
): Promise<{ userId: string; cookie: string }> {
  const email = `staff-${Math.random().toString(36).slice(2)}@example.com`;
  const user = await createStaffUser(db, { email, name, password: "not-used-in-tests", memberships });
  return { userId: user.id, cookie: await sessionCookieOf(db, { id: user.id, email, name }) };
}

/** The claims of a session cookie made by sessionCookieOf, as the server reads them. */
export async function sessionClaimsOfCookie(db: Db, cookie: string): Promise<SessionClaims | undefined> {
  const token = await decode({
    token: cookie.slice(cookie.indexOf("=") + 1),
    secret: await getServerSecret(db, "session"),
  });
  return sessionClaimsOf(token);
}
