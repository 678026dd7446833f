import NextAuth from "next-auth";
import { clientAddressOf } from "../api/client-address";
import { PROBLEM_TYPE_PREFIX, problemResponse } from "../api/problem";
import { requestIdFor } from "../api/request-id";
import { getAuthOptions } from "./session-options";

export type NextAuthContext = { params: Promise<{ nextauth: string[] }> };

/**
 * `/api/auth/*`: next-auth with this request's options. A sign-out whose session id could not be revoked
 * fails closed: next-auth would log the error and clear the cookie anyway, leaving every copy of the cookie
 * (another tab's, a stolen one) valid for the rest of its 12 hours while the person believes they signed out.
 * They get a 503 instead, keep the cookie, and the sign-out button says to try again.
 */
export async function handleAuthRequest(request: Request, context: NextAuthContext): Promise<Response> {
  return failClosedSignOut(request, async (onRevocationFailed) => {
    const options = await getAuthOptions({
      headers: request.headers,
      clientAddress: clientAddressOf(request),
      onRevocationFailed,
    });
    return (await NextAuth(options)(request, context)) as Response;
  });
}

/** Runs next-auth, and answers a 503 problem (no Set-Cookie) in place of its answer if revocation failed. */
export async function failClosedSignOut(
  request: Request,
  run: (onRevocationFailed: () => void) => Promise<Response>,
): Promise<Response> {
  let revocationFailed = false;
  const response = await run(() => {
    revocationFailed = true;
  });
  if (!revocationFailed) return response;
  return problemResponse(
    {
      type: `${PROBLEM_TYPE_PREFIX}session/sign-out-failed`,
      status: 503,
      detail: "Signing out did not finish, so your session is still open. Try again in a moment.",
      requestId: requestIdFor(request),
    },
    { "Retry-After": "5", "Cache-Control": "no-store" },
  );
}
