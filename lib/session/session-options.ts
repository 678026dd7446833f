import type { NextAuthOptions } from "next-auth";
import CredentialsProvider from "next-auth/providers/credentials";
import { readConfig } from "../config";
import { getDb } from "../db";
import { getServerSecret } from "../domain/server-secrets";
import {
  newSessionClaims,
  revokeStaffSession,
  SESSION_MAX_AGE_SECONDS,
  sessionClaimsOf,
} from "../domain/staff-sessions";
import { signInStaff } from "../domain/staff-sign-in";
import { servedOverHttps } from "../security-headers";

// lib/session is the staff sign-in glue for pages (next-auth) and sits above lib/domain; the credential
// primitives that domain code needs (password and API-secret hashing) stay below it in lib/auth.

/** What authorize() throws when the throttle refuses: next-auth hands the message to the page as ?error=. */
export const TOO_MANY_ATTEMPTS = "TooManyAttempts";

/**
 * next-auth for staff: email and password against staff_users, a JWT session cookie whose claims the
 * server checks on every request (lib/domain/staff-sessions.ts). Built per request because the secret comes
 * from the database unless BACKROOM_SECRET is set; because the cookies are `Secure` (and the session cookie
 * `__Secure-next-auth.session-token`) when this request came over https (next-auth alone would decide that
 * from NEXTAUTH_URL, which scripts/start.ts sets to the public URL for next-auth's origin only); and for `clientAddress`, the caller's, which the sign-in
 * throttle counts.
 */
export async function getAuthOptions(request: {
  headers: Pick<Headers, "get">;
  clientAddress?: string;
  /** Told when a sign-out's session id could not be revoked (next-auth itself only logs that). */
  onRevocationFailed?: () => void;
}): Promise<NextAuthOptions> {
  const db = await getDb();
  return {
    secret: await getServerSecret(db, "session"),
    useSecureCookies: servedOverHttps(readConfig(), request.headers.get("x-forwarded-proto")),
    session: { strategy: "jwt", maxAge: SESSION_MAX_AGE_SECONDS },
    pages: { signIn: "/sign-in", error: "/sign-in" },
    callbacks: {
      // The session's claims are fixed at sign-in: its id (for sign-out), the time (for its lifetime) and
      // the user's session version (a password change or removal from the last store moves it).
      jwt: ({ token, user }) => {
        if (!user) return token;
        const { sessionVersion = 0 } = user as { sessionVersion?: number };
        return { ...token, ...newSessionClaims({ id: user.id, sessionVersion }) };
      },
      // The user id travels as the token's subject; pages need it and the claims to check the session.
      session: ({ session, token }) => ({
        ...session,
        user: { ...session.user, id: token.sub, sv: token.sv, sid: token.sid, sat: token.sat },
      }),
    },
    events: {
      // next-auth only clears the cookie; the session's id is also refused from now on, so a copy of the
      // cookie (another tab's, a stolen one) ends with it.
      signOut: async ({ token }) => {
        try {
          await revokeStaffSession(await getDb(), sessionClaimsOf(token));
        } catch (error) {
          request.onRevocationFailed?.();
          throw error;
        }
      },
    },
    providers: [
      CredentialsProvider({
        name: "Email and password",
        credentials: {
          email: { label: "Email", type: "email" },
          password: { label: "Password", type: "password" },
        },
        async authorize(credentials) {
          if (!credentials?.email || !credentials.password) return null;
          const result = await signInStaff(await getDb(), {
            email: credentials.email,
            password: credentials.password,
            clientAddress: request.clientAddress,
          });
          if (result.ok) {
            const { id, email, name, sessionVersion } = result.user;
            return { id, email, name, sessionVersion };
          }
          if (result.reason === "throttled") {
            const minutes = Math.max(1, Math.ceil((result.retryAfter.getTime() - Date.now()) / 60_000));
            throw new Error(`${TOO_MANY_ATTEMPTS}:${minutes}`);
          }
          throw new Error("CredentialsSignin");
        },
      }),
    ],
  };
}
