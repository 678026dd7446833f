import { randomUUID } from "node:crypto";

const SANE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** Echoes the caller's X-Request-Id when it is sane (decisions §1), otherwise makes one. */
export function requestIdFor(request: Request): string {
  return requestIdFromHeader(request.headers.get("x-request-id"));
}

/** The same rule for a raw header value (the HTTP server's own answers, before a Request exists). */
export function requestIdFromHeader(given: string | null | undefined): string {
  return given && SANE_REQUEST_ID.test(given) ? given : `req_${randomUUID().replaceAll("-", "")}`;
}
