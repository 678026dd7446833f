import { NextRequest } from "next/server";
import { gateApiRequest, renderGateAnswer } from "../api/request-gate";
import { requestIdFor } from "../api/request-id";
import type { RouteHandler } from "../api/route";
import { openApiValidator } from "./openapi-validator";

export const TEST_ORIGIN = "http://localhost:3000";

export type ApiCall = {
  method?: string;
  /** Path below /api/v2.2, e.g. `/stores/str_x/inbound-shipments?status=PENDING`. */
  path: string;
  secret?: string;
  /**
   * A staff session's Cookie header. It goes with the Origin and Host of a same-origin request (what the CSRF
   * check of a session's write wants) unless `headers` gives its own.
   */
  cookie?: string;
  headers?: Record<string, string>;
  /** A value is sent as JSON; a string is sent as is. */
  body?: unknown;
};

/** Who a test calls as: a store's API secret, a staff session's cookie, or headers of its own. */
export type Caller = Pick<ApiCall, "secret" | "cookie" | "headers">;

export type ApiResult<T = unknown> = { status: number; headers: Headers; body: T; text: string };

/** Builds the request a client would send and runs the route handler on it, as Next.js would. */
export async function callRoute<T = unknown>(
  handler: RouteHandler,
  params: Record<string, string>,
  call: ApiCall,
): Promise<ApiResult<T>> {
  const headers = new Headers(call.headers);
  if (call.secret !== undefined) headers.set("authorization", `Bearer ${call.secret}`);
  if (call.cookie !== undefined) {
    headers.set("cookie", call.cookie);
    if (!headers.has("origin")) headers.set("origin", TEST_ORIGIN);
    if (!headers.has("host")) headers.set("host", new URL(TEST_ORIGIN).host);
  }
  let body: string | undefined;
  if (call.body !== undefined) {
    body = typeof call.body === "string" ? call.body : JSON.stringify(call.body);
    if (!headers.has("content-type")) headers.set("content-type", "application/json");
  }
  const request = new NextRequest(`${TEST_ORIGIN}/api/v2.2${call.path}`, {
    method: call.method ?? "GET",
    headers,
    body,
  });
  const response = await handler(request, { params: Promise.resolve(params) });
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    // not JSON: keep the text
  }
  const mismatch = openApiValidator().check(
    call.method ?? "GET",
    call.path,
    response.status,
    response.headers.get("content-type"),
    parsed,
  );
  if (mismatch) throw new Error(mismatch);
  return { status: response.status, headers: response.headers, body: parsed as T, text };
}

/**
 * What the server answers for a method the route file does not export (lib/api/request-gate.ts: a 405
 * with the path's Allow, from the contracts), as a handler `callRoute` can run like a route's own.
 */
export const unservedMethod: RouteHandler = async (request) => {
  const url = new URL(request.url);
  const answer = gateApiRequest(request.method, url.pathname + url.search);
  if (!answer) throw new Error(`${request.method} ${url.pathname} is served: call its route handler`);
  const { status, headers, body } = renderGateAnswer(answer, requestIdFor(request));
  return new Response(body ?? null, { status, headers });
};

/** Calls `path` with a method its route file does not export, and answers what the server would (a 405). */
export function callUnserved(method: string, path: string, caller: Caller = {}): Promise<ApiResult> {
  return callRoute(unservedMethod, {}, { method, path, ...caller });
}
