import type { NextAuthOptions } from "next-auth";
import CredentialsProvider from "next-auth/providers/credentials";
import { readConfig } from "../config";
import { getDb } from "../db";
import { getServerSecret } from "../domain/server-secrets";
import { signInStaff } from "../domain/staff-sign-in";
import { servedOverHttps } from "../security-headers";

// lib/session is the staff sign-in glue for pages (next-auth) and sits above lib/domain; the credential
// primitives that domain code needs (password and API-secret hashing) stay below it in lib/auth.

export const SESSION_MAX_AGE_SECONDS = 12 * 60 * 60;

/**
 * next-auth for staff: email and password against staff_users, a JWT session cookie (no session table).
 * Built per request because the secret comes from the database unless BACKROOM_SECRET is set, and because
 * the cookies are `Secure` (and the session cookie `__Secure-next-auth.session-token`) when this request
 * came over https; next-auth alone would decide that from NEXTAUTH_URL, which Backroom does not use.
 */
export async function getAuthOptions(requestHeaders: Pick<Headers, "get">): Promise<NextAuthOptions> {
  const db = await getDb();
  return {
    secret: await getServerSecret(db, "session"),
    useSecureCookies: servedOverHttps(readConfig(), requestHeaders.get("x-forwarded-proto")),
    session: { strategy: "jwt", maxAge: SESSION_MAX_AGE_SECONDS },
    pages: { signIn: "/sign-in", error: "/sign-in" },
    callbacks: {
      // The session version is fixed at sign-in; a password change or removal from the last store moves
      // the user's version in the database, and every token carrying an older one stops working.
      jwt: ({ token, user }) => {
        if (user) token.sv = (user as { sessionVersion?: number }).sessionVersion ?? 0;
        return token;
      },
      // The user id travels as the token's subject; pages need it to load the staff member's stores.
      session: ({ session, token }) => ({
        ...session,
        user: { ...session.user, id: token.sub, sv: typeof token.sv === "number" ? token.sv : 0 },
      }),
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
          const result = await signInStaff(await getDb(), credentials.email, credentials.password);
          if (result.ok) {
            const { id, email, name, sessionVersion } = result.user;
            return { id, email, name, sessionVersion };
          }
          // next-auth passes this message to the sign-in page as ?error=
          throw new Error(result.reason === "locked" ? "AccountLocked" : "CredentialsSignin");
        },
      }),
    ],
  };
}
