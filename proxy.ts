import { type NextRequest, NextResponse } from "next/server";
import { readConfig } from "./lib/config";
import {
  createNonce,
  isPagePath,
  pageContentSecurityPolicy,
  RESOURCE_CONTENT_SECURITY_POLICY,
  SERVICE_WORKER_CONTENT_SECURITY_POLICY,
  SERVICE_WORKER_PATH,
  securityHeaders,
  servedOverHttps,
} from "./lib/security-headers";

/** Paths open without a session: the API (its own checks), sign-in and first-run pages, docs, files. */
const OPEN_PATHS = /^\/(?:api\/|_next\/|docs\/|sign-in|setup|set-password|demo\/|favicon\.ico)/;

/**
 * Every request (no matcher): its response gets the security headers of lib/security-headers.ts, a page
 * its nonce policy, which Next.js reads back from the request's Content-Security-Policy to put the nonce
 * on its scripts.
 *
 * Staff pages also get two more things: a visitor without a session cookie goes straight to sign-in (an
 * optimistic check; the layouts verify the session for real), and pages learn their own path, which
 * layouts cannot read otherwise, so sign-in can bring the visitor back to it.
 */
export function proxy(request: NextRequest) {
  const { pathname } = request.nextUrl;
  const page = isPagePath(pathname);
  const policy = page
    ? pageContentSecurityPolicy(createNonce(), process.env.NODE_ENV === "development")
    : pathname === SERVICE_WORKER_PATH
      ? SERVICE_WORKER_CONTENT_SECURITY_POLICY
      : RESOURCE_CONTENT_SECURITY_POLICY;
  const headers = securityHeaders({
    pathname,
    https: servedOverHttps(readConfig(), request.headers.get("x-forwarded-proto")),
    contentSecurityPolicy: policy,
  });
  const path = pathname + request.nextUrl.search;
  const staffPage = page && !OPEN_PATHS.test(pathname);
  if (staffPage && !hasSessionCookie(request)) {
    const signIn = new URL("/sign-in", request.url);
    if (path !== "/") signIn.searchParams.set("callbackUrl", path);
    return withHeaders(NextResponse.redirect(signIn), headers);
  }
  const forwarded = new Headers(request.headers);
  if (page) forwarded.set("Content-Security-Policy", policy);
  if (staffPage) forwarded.set("x-backroom-path", path);
  return withHeaders(NextResponse.next({ request: { headers: forwarded } }), headers);
}

function hasSessionCookie(request: NextRequest): boolean {
  // `__Secure-next-auth.session-token` over https.
  return request.cookies.getAll().some((cookie) => cookie.name.includes("next-auth.session-token"));
}

function withHeaders(response: NextResponse, headers: Record<string, string>): NextResponse {
  for (const [name, value] of Object.entries(headers)) response.headers.set(name, value);
  return response;
}
