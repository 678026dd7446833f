import { sql } from "drizzle-orm";
import type { NextApiRequest, NextApiResponse } from "next";
import { NextRequest } from "next/server";
import NextAuth from "next-auth";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { resolvePrincipal } from "../api/principal";
import { setDatabaseForTesting } from "../db";
import { createStaffUser } from "../domain/staff";
import { createTestDatabase, type TestDatabase } from "../testing/database";
import { insertStore } from "../testing/fixtures";
import { getAuthOptions } from "./session-options";

/**
 * The session cookie next-auth sets at sign-in, driven through next-auth's own handler (CSRF token, then
 * the credentials callback) with our options: `Secure` and `__Secure-`-prefixed when the browser came
 * over https, and read back under that name by the API's principal check.
 */

let database: TestDatabase;
const PASSWORD = "a long enough test password 42";
let email: string;
beforeAll(async () => {
  database = await createTestDatabase();
  setDatabaseForTesting(database);
  const store = await insertStore(database.db);
  email = `cookie-${Math.random().toString(36).slice(2)}@example.com`;
  await createStaffUser(database.db, {
    email,
    name: "Cookie Test",
    password: PASSWORD,
    memberships: [{ storeId: store.id, role: "viewer" }],
  });
});
afterEach(() => {
  vi.unstubAllEnvs();
});
afterAll(async () => {
  setDatabaseForTesting(undefined);
  await database.close();
});

type Answer = { setCookies: string[]; body: unknown };

/** One call of next-auth's handler (its Node.js form) with a stand-in response that records what it sends. */
async function callNextAuth(
  action: string[],
  request: { method: string; headers: Record<string, string>; cookies: string[]; body?: unknown },
  onRevocationFailed?: () => void,
): Promise<Answer> {
  const answer: Answer = { setCookies: [], body: undefined };
  const response = {
    status: () => response,
    getHeader: (name: string) => (name === "Set-Cookie" ? answer.setCookies : undefined),
    setHeader: (name: string, value: string[] | string) => {
      if (name === "Set-Cookie") answer.setCookies = [value].flat();
    },
    send: (body: unknown) => {
      answer.body = body;
    },
    json: (body: unknown) => {
      answer.body = body;
    },
    end: () => undefined,
  };
  const cookies = Object.fromEntries(
    request.cookies.map((cookie) => {
      const [pair = ""] = cookie.split(";");
      const at = pair.indexOf("=");
      return [pair.slice(0, at), decodeURIComponent(pair.slice(at + 1))];
    }),
  );
  const options = await getAuthOptions({ headers: new Headers(request.headers), onRevocationFailed });
  const nodeRequest = {
    query: { nextauth: action },
    method: request.method,
    headers: request.headers,
    cookies,
    body: request.body,
  };
  // The fields next-auth's Node.js handler reads; the rest of Node's request and response it never touches.
  await NextAuth(nodeRequest as unknown as NextApiRequest, response as unknown as NextApiResponse, options);
  return answer;
}

/** Signs the test user in through the credentials form's two requests; the Set-Cookie of the session. */
async function signIn(headers: Record<string, string>): Promise<string> {
  const csrf = await callNextAuth(["csrf"], { method: "GET", headers, cookies: [] });
  const { csrfToken } = csrf.body as { csrfToken: string };
  const callback = await callNextAuth(["callback", "credentials"], {
    method: "POST",
    headers,
    cookies: csrf.setCookies,
    body: { csrfToken, email, password: PASSWORD, json: "true" },
  });
  const session = callback.setCookies.find((cookie) => cookie.includes("next-auth.session-token="));
  if (!session) throw new Error(`No session cookie in ${JSON.stringify(callback)}`);
  return session;
}

const isSecure = (setCookie: string) => /;\s*Secure(;|$)/i.test(setCookie);

describe("the session cookie", () => {
  it("is Secure and __Secure- prefixed when the public URL is https, and the API accepts it", async () => {
    vi.stubEnv("BACKROOM_PUBLIC_URL", "https://backroom.example.com");
    const cookie = await signIn({ host: "backroom.example.com" });
    expect(cookie).toMatch(/^__Secure-next-auth\.session-token=/);
    expect(isSecure(cookie)).toBe(true);

    const request = new NextRequest("http://127.0.0.1:3000/api/v2.2/stores", {
      headers: { cookie: cookie.split(";")[0] ?? "" },
    });
    const principal = await resolvePrincipal(database.db, request);
    expect(principal.name).toBe("Cookie Test");
  });

  it("is Secure when a trusted proxy says https, and not when an untrusted client does", async () => {
    const forwarded = { host: "backroom.example.com", "x-forwarded-proto": "https" };
    const untrusted = await signIn(forwarded);
    expect(untrusted).toMatch(/^next-auth\.session-token=/);
    expect(isSecure(untrusted)).toBe(false);

    vi.stubEnv("BACKROOM_TRUSTED_PROXIES", "1");
    const trusted = await signIn(forwarded);
    expect(trusted).toMatch(/^__Secure-next-auth\.session-token=/);
    expect(isSecure(trusted)).toBe(true);
  });
});

// A sign-out that revokes is tested in lib/api/principal.int.test.ts; here the one whose revocation fails.
describe("sign-out", () => {
  /** Signs out with `cookie` through next-auth's handler; whether the revocation was reported as failed. */
  async function signOut(cookie: string): Promise<boolean> {
    const headers = { host: "127.0.0.1:3000" };
    const csrf = await callNextAuth(["csrf"], { method: "GET", headers, cookies: [] });
    const { csrfToken } = csrf.body as { csrfToken: string };
    let failed = false;
    await callNextAuth(
      ["signout"],
      { method: "POST", headers, cookies: [...csrf.setCookies, cookie], body: { csrfToken, json: "true" } },
      () => {
        failed = true;
      },
    );
    return failed;
  }
  const apiRequest = (cookie: string) =>
    new NextRequest("http://127.0.0.1:3000/api/v2.2/stores", {
      headers: { cookie: cookie.split(";")[0] ?? "" },
    });

  it("reports a revocation that could not be written, and the cookie's copies are still valid then", async () => {
    const cookie = await signIn({ host: "127.0.0.1:3000" });
    await database.db.execute(sql`alter table revoked_staff_sessions rename to revoked_staff_sessions_away`);
    try {
      expect(await signOut(cookie)).toBe(true);
    } finally {
      await database.db.execute(
        sql`alter table revoked_staff_sessions_away rename to revoked_staff_sessions`,
      );
    }
    // What the route's fail-closed answer is for (lib/session/auth-route.ts): this session is still open.
    expect((await resolvePrincipal(database.db, apiRequest(cookie))).name).toBe("Cookie Test");
  });
});
