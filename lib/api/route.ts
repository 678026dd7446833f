import type { NextRequest } from "next/server";
import type { z } from "zod";
import { readConfig } from "../config";
import type { Contract } from "../contracts/contract";
import { type Db, getDatabase } from "../db";
import { watchApiKeyRevocations } from "../domain/api-keys";
import { countRateLimited, observeRequest } from "../metrics/registry";
import { assertStorableStrings, DEFAULT_BODY_LIMIT, readJsonBody } from "./body";
import { assertCsvUpload } from "./csv-upload";
import {
  claimIdempotencyKey,
  readIdempotencyKey,
  requestFingerprint,
  settleIdempotencyKey,
} from "./idempotency";
import { parseInput, parseParams, searchParamsObject } from "./parse-input";
import {
  type Access,
  assertSameOrigin,
  type Principal,
  type PrincipalKind,
  resolvePrincipal,
  roleAllows,
} from "./principal";
import { errorToResponse, HttpProblem } from "./problem";
import { rateLimitHeaders, takeToken } from "./rate-limit";
import { requestIdFor } from "./request-id";
import { logRequest } from "./request-log";
import { STORE_RESOLVERS } from "./store-resolvers";

export type RouteContext<P, Q, H, B> = {
  request: NextRequest;
  requestId: string;
  db: Db;
  principal: Principal;
  params: P;
  query: Q;
  headers: H;
  body: B;
  /** Stores the caller may read: lookups by id are limited to these, so a foreign id is a 404. */
  storeIds: string[];
  /** The store the request acts on: the path's storeId, or the one `spec.store` resolved. */
  storeId: string | undefined;
  /** Throws 403 unless the caller has this route's access in `storeId` (after a lookup by id). */
  authorize(storeId: string): void;
};

type RouteSpec<P, Q, H, B> = {
  /** Problem area of this route's 400s and 404s, e.g. "return" or "inbound-shipment". */
  resource: string;
  access: Access;
  /**
   * Kinds of caller allowed at all (default: both). `["staff"]` refuses API secrets with a 403 before
   * any lookup, for operations a leaked secret must not reach (managing API secrets themselves).
   */
  principals?: readonly PrincipalKind[];
  params?: z.ZodType<P>;
  query?: z.ZodType<Q>;
  headers?: z.ZodType<H>;
  body?: z.ZodType<B>;
  bodyLimit?: number;
  bodyOptional?: boolean;
  /** A streamed `text/csv` body (Contract.csvBody): checked here, read by the handler. */
  csvBody?: { limit: number };
  /**
   * For paths without a storeId: finds the store of the addressed resource (404 when the caller cannot
   * see it). The wrapper then checks the caller's role there (403) before it reads the body, so an
   * unknown id is a 404 and a forbidden write a 403 whatever the body holds.
   */
  store?: (input: { db: Db; params: P; storeIds: string[] }) => Promise<string>;
};

type NextRouteContext = { params: Promise<Record<string, string | string[] | undefined>> };
export type RouteHandler = (request: NextRequest, context: NextRouteContext) => Promise<Response>;

type Output<S> = S extends z.ZodType ? z.output<S> : Record<string, never>;

/** The parsed input a handler of contract `C` receives. */
export type ContractContext<C extends Contract> = RouteContext<
  Output<C["params"]>,
  Output<C["query"]>,
  Output<C["headers"]>,
  C["body"] extends z.ZodType ? z.output<C["body"]> : undefined
>;

/**
 * The one wrapper around every API handler (after Formbricks' v3 API), driven by the operation's contract
 * (lib/contracts): request id, authentication, rate limit, CSRF check for sessions, store scoping, zod
 * parsing of path, query, headers and body, one mapping of thrown errors to problem+json, and one JSON log
 * line per request. Handlers get parsed input and return a Response.
 */
export function apiRoute<const C extends Contract>(
  contract: C,
  handler: (ctx: ContractContext<C>) => Promise<Response>,
): RouteHandler {
  const resolver = contract.storeOf ? STORE_RESOLVERS[contract.storeOf] : undefined;
  const spec = {
    resource: contract.resource,
    access: contract.access,
    principals: contract.principals,
    params: contract.params,
    query: contract.query,
    headers: contract.headers,
    body: contract.body,
    bodyLimit: contract.bodyLimit,
    bodyOptional: contract.bodyOptional,
    csvBody: contract.csvBody,
    store: resolver
      ? (input: { db: Db; params: unknown; storeIds: string[] }) =>
          resolver({ ...input, params: input.params as Record<string, string> })
      : undefined,
  } as RouteSpec<Output<C["params"]>, Output<C["query"]>, Output<C["headers"]>, ContractContext<C>["body"]>;
  const routeHandler = wrap(spec, contract, handler);
  BUILT_BY_API_ROUTE.set(routeHandler, contract);
  return routeHandler;
}

/** Every handler `apiRoute` built, with its contract: what holds each route file to the wrapper. */
const BUILT_BY_API_ROUTE = new WeakMap<RouteHandler, Contract>();

/** The contract `handler` was built from by `apiRoute`, or undefined for a handler built any other way. */
export function contractOfHandler(handler: unknown): Contract | undefined {
  return typeof handler === "function" ? BUILT_BY_API_ROUTE.get(handler as RouteHandler) : undefined;
}

function wrap<P, Q, H, B>(
  spec: RouteSpec<P, Q, H, B>,
  contract: Contract,
  handler: (ctx: RouteContext<P, Q, H, B>) => Promise<Response>,
): RouteHandler {
  return async (request, context) => {
    const started = performance.now();
    let principalKind: PrincipalKind | "anonymous" = "anonymous";
    let scopedStoreId: string | undefined;
    const requestId = requestIdFor(request);
    const extraHeaders: Record<string, string> = { "X-Request-Id": requestId };
    let response: Response;
    try {
      const database = await getDatabase();
      const { db } = database;
      watchApiKeyRevocations(database);
      const principal = await resolvePrincipal(db, request);
      principalKind = principal.kind;
      if (principal.kind === "api-key") {
        const rate = await takeToken(database, principal.id);
        Object.assign(extraHeaders, rateLimitHeaders(rate));
        if (!rate.allowed) {
          countRateLimited();
          throw new HttpProblem(
            429,
            "request/rate-limited",
            "Too many requests for this API secret; retry later.",
            {
              headers: { "Retry-After": String(rate.resetSeconds) },
            },
          );
        }
      } else if (request.method !== "GET" && request.method !== "HEAD") {
        assertSameOrigin(request);
      }
      if (spec.principals && !spec.principals.includes(principal.kind)) {
        throw new HttpProblem(403, "auth/forbidden", PRINCIPAL_REFUSED[principal.kind]);
      }

      const authorize = (storeId: string) => {
        if (!roleAllows(principal.roles.get(storeId), spec.access)) {
          throw new HttpProblem(
            403,
            "auth/forbidden",
            principal.roles.has(storeId)
              ? `Your role in this store does not allow this operation (it needs ${spec.access} access).`
              : "These credentials do not give access to this store.",
          );
        }
      };

      const rawParams = await context.params;
      const storeIds = [...principal.roles.keys()];
      let storeId = typeof rawParams.storeId === "string" ? rawParams.storeId : undefined;
      if (storeId) authorize(storeId);
      const params = spec.params ? parseParams(spec.params, rawParams, spec.resource) : ({} as P);
      if (spec.store) {
        storeId = await spec.store({ db, params, storeIds });
        authorize(storeId);
      }
      const rawQuery = searchParamsObject(request);
      assertStorableStrings(rawQuery, spec.resource);
      const query = spec.query ? parseInput(spec.query, rawQuery, spec.resource, "") : ({} as Q);
      const headers = spec.headers
        ? parseInput(spec.headers, Object.fromEntries(request.headers), spec.resource, "")
        : ({} as H);
      const body = spec.body
        ? parseInput(
            spec.body,
            await readJsonBody(request, spec.bodyLimit ?? DEFAULT_BODY_LIMIT, spec.resource, {
              optional: spec.bodyOptional,
            }),
            spec.resource,
            "",
          )
        : (undefined as B);
      if (spec.csvBody) assertCsvUpload(request, spec.csvBody.limit);

      scopedStoreId = storeId;
      // A POST with an Idempotency-Key runs once; a retry gets the stored answer (lib/api/idempotency.ts).
      // A CSV upload is a stream it cannot fingerprint: imports are idempotent by their own matching instead.
      const key =
        request.method === "POST" && !spec.csvBody ? readIdempotencyKey(request, spec.resource) : undefined;
      const idempotent = key
        ? {
            principal: `${principal.kind}:${principal.id}`,
            key,
            fingerprint: requestFingerprint(request.method, request.nextUrl.pathname, body),
          }
        : undefined;
      const replay = idempotent ? await claimIdempotencyKey(db, idempotent) : null;
      if (replay) {
        response = replay;
      } else {
        try {
          response = await handler({
            request,
            requestId,
            db,
            principal,
            params,
            query,
            headers,
            body,
            storeIds,
            storeId,
            authorize,
          });
        } catch (error) {
          response = errorToResponse(error, requestId);
        }
        if (idempotent) await settleIdempotencyKey(db, idempotent, response);
      }
    } catch (error) {
      response = errorToResponse(error, requestId);
    }
    for (const [name, value] of Object.entries(extraHeaders)) {
      if (!response.headers.has(name)) response.headers.set(name, value);
    }
    const durationMs = performance.now() - started;
    observeRequest(contract.operationId, response.status, durationMs / 1000);
    if (readConfig().requestLog)
      logRequest({
        requestId,
        method: request.method,
        route: contract.path,
        status: response.status,
        durationMs,
        principal: principalKind,
        ...(scopedStoreId ? { storeId: scopedStoreId } : {}),
      });
    return response;
  };
}

const PRINCIPAL_REFUSED: Record<PrincipalKind, string> = {
  "api-key":
    "API secrets cannot call this operation: it needs a staff member signed in to the web app, " +
    "so that a leaked secret cannot reach it.",
  staff: "This operation is only for API secrets, not for staff sessions.",
};

/** The store a route acts on; only for routes with a storeId path parameter or a `store` resolver. */
export function scopedStore(ctx: { storeId: string | undefined }): string {
  if (!ctx.storeId)
    throw new Error("route has no store scope: give it a storeId parameter or a store resolver");
  return ctx.storeId;
}

/** A JSON response with the given status and headers. */
export function json(
  body: unknown,
  init: { status?: number; headers?: Record<string, string> } = {},
): Response {
  return new Response(JSON.stringify(body), {
    status: init.status ?? 200,
    headers: { "Content-Type": "application/json", ...init.headers },
  });
}
