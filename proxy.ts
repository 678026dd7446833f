import { type NextRequest, NextResponse } from "next/server";

/**
 * Staff pages: a visitor without a session cookie goes straight to sign-in (an optimistic check; the
 * layouts verify the session for real), and pages learn their own path, which layouts cannot read
 * otherwise, so sign-in can bring the visitor back to it.
 */
export function proxy(request: NextRequest) {
  const path = request.nextUrl.pathname + request.nextUrl.search;
  const hasSession = request.cookies
    .getAll()
    .some((cookie) => cookie.name.includes("next-auth.session-token"));
  if (!hasSession) {
    const signIn = new URL("/sign-in", request.url);
    if (path !== "/") signIn.searchParams.set("callbackUrl", path);
    return NextResponse.redirect(signIn);
  }
  const headers = new Headers(request.headers);
  headers.set("x-backroom-path", path);
  return NextResponse.next({ request: { headers } });
}

export const config = {
  // Everything but the API, auth, docs, sign-in, Next's own files and static assets.
  matcher: [
    "/((?!api/|_next/|docs/|sign-in|setup|set-password|demo/|favicon\\.ico|.*\\.(?:png|jpg|svg|webp|ico)$).*)",
  ],
};
