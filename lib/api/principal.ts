import { eq } from "drizzle-orm";
import type { NextRequest } from "next/server";
import { getToken } from "next-auth/jwt";
import { readConfig } from "../config";
import type { Db } from "../db";
import { storeMemberships } from "../db/schema";
import { authenticateApiSecret } from "../domain/api-keys";
import { getServerSecret } from "../domain/server-secrets";
import { findSessionStaffUser, sessionClaimsOf } from "../domain/staff-sessions";
import type { PrincipalKind, StaffRole } from "../enums";
import { servedOverHttps } from "../security-headers";
import { HttpProblem } from "./problem";

/**
 * Who is calling. An API secret acts as an admin of its one store; a staff session carries the user's
 * role in each store they belong to. Routes only see `roles`, so both are checked the same way.
 */
export type { Access, PrincipalKind } from "../enums";
export { roleAllows } from "../enums";

export type Principal = {
  kind: PrincipalKind;
  /** api key id or staff user id */
  id: string;
  name: string;
  roles: ReadonlyMap<string, StaffRole>;
};

const UNAUTHORIZED_HEADERS = { "WWW-Authenticate": 'Bearer realm="backroom"' };

function unauthorized(detail: string): HttpProblem {
  return new HttpProblem(401, "auth/unauthorized", detail, { headers: UNAUTHORIZED_HEADERS });
}

export async function resolvePrincipal(db: Db, request: NextRequest): Promise<Principal> {
  const authorization = request.headers.get("authorization");
  if (authorization !== null) {
    const match = /^Bearer +(\S+) *$/i.exec(authorization);
    if (!match?.[1]) throw unauthorized('Send the API secret as "Authorization: Bearer <API_SECRET>".');
    const key = await authenticateApiSecret(db, match[1]);
    if (!key) throw unauthorized("The API secret is not valid or has been revoked.");
    return { kind: "api-key", id: key.keyId, name: key.name, roles: new Map([[key.storeId, "admin"]]) };
  }
  const staff = await resolveStaffSession(db, request);
  if (staff) return staff;
  throw unauthorized('This request needs "Authorization: Bearer <API_SECRET>" or a signed-in staff session.');
}

async function resolveStaffSession(db: Db, request: NextRequest): Promise<Principal | undefined> {
  const hasSessionCookie = request.cookies
    .getAll()
    .some((cookie) => cookie.name.includes("next-auth.session-token"));
  if (!hasSessionCookie) return undefined;
  const token = await getToken({
    req: request,
    secret: await getServerSecret(db, "session"),
    // Over https the cookie is `__Secure-next-auth.session-token` (lib/session/session-options.ts).
    secureCookie: servedOverHttps(readConfig(), request.headers.get("x-forwarded-proto")),
  });
  // A token past its lifetime, signed out, or issued before the user's last password change (or removal
  // from their last store) is dead.
  const user = await findSessionStaffUser(db, sessionClaimsOf(token));
  if (!user) return undefined;
  const memberships = await db
    .select({ storeId: storeMemberships.storeId, role: storeMemberships.role })
    .from(storeMemberships)
    .where(eq(storeMemberships.userId, user.id));
  return {
    kind: "staff",
    id: user.id,
    name: user.name,
    roles: new Map(memberships.map((m) => [m.storeId, m.role])),
  };
}

/**
 * Mutations made with a session cookie must come from our own pages (decisions §2, CSRF): the browser's
 * Origin (or, failing that, Sec-Fetch-Site) has to say same-origin. API secrets are not sent by
 * browsers on their own, so Bearer requests need no such check.
 */
export function assertSameOrigin(request: NextRequest): void {
  const origin = request.headers.get("origin");
  const host = request.headers.get("x-forwarded-host") ?? request.headers.get("host");
  if (origin) {
    let originHost: string | undefined;
    try {
      originHost = new URL(origin).host;
    } catch {
      originHost = undefined;
    }
    // Behind a proxy that rewrites Host, the URL the server was asked for is the other witness.
    if (originHost && (originHost === host || originHost === request.nextUrl.host)) return;
  } else if (request.headers.get("sec-fetch-site") === "same-origin") {
    return;
  }
  throw new HttpProblem(
    403,
    "auth/forbidden",
    "Cross-site requests cannot change data with a staff session.",
  );
}

/** The author recorded on what a caller writes (comments, events). */
export function actorOf(principal: Principal): { userId?: string; apiKeyId?: string; name: string } {
  return principal.kind === "staff"
    ? { userId: principal.id, name: principal.name }
    : { apiKeyId: principal.id, name: principal.name };
}
