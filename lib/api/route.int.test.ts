import { beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { defineContract, id } from "../contracts/contract";
import { createApiKey, revokeApiKey } from "../domain/api-keys";
import { type ApiCall, callRoute } from "../testing/api";
import { expectProblem, randomApiSecret, SAME_ORIGIN, unknownId } from "../testing/api-helpers";
import { setupApiTestDatabase } from "../testing/api-setup";
import { staffSessionCookie } from "../testing/session";
import { apiRoute, json } from "./route";

/**
 * The wrapper every API handler is built with (`apiRoute`), tested once on small contracts of its own:
 * authentication, CSRF, roles and principals, store scoping, the order of its checks, storable strings
 * and the request id. `app/api/v2.2/route-exports.test.ts` holds every route handler to being built by
 * it, and the cross-tenant suite checks each operation's own declarations (its store, its id, its role).
 */

const path = "/wrapper-probe/stores/{storeId}/locations/{locationId}";
const params = z.object({ storeId: id("Store id."), locationId: id("Location id.") });
const base = {
  path,
  summary: "Wrapper probe",
  tag: "Probe",
  resource: "location",
  params,
  query: z.object({ q: z.string().optional() }),
  responses: { 200: { description: "What the handler saw." } },
  errors: [400, 401, 403, 404],
};

const readProbe = defineContract({ ...base, method: "get", operationId: "probeRead", access: "read" });
const writeProbe = defineContract({
  ...base,
  method: "post",
  operationId: "probeWrite",
  access: "write",
  // The location is found (404) and the role checked (403) before the body is read.
  storeOf: "location",
  body: z.object({ note: z.object({ text: z.string(), tags: z.array(z.string()) }) }),
});
const adminProbe = defineContract({ ...base, method: "delete", operationId: "probeAdmin", access: "admin" });
const staffOnlyProbe = defineContract({
  ...base,
  method: "put",
  operationId: "probeStaffOnly",
  access: "admin",
  principals: ["staff"],
});

const seen = async ({ storeId, body }: { storeId: string | undefined; body?: unknown }) =>
  json({ storeId, body: body ?? null });
const handlers = {
  GET: apiRoute(readProbe, seen),
  POST: apiRoute(writeProbe, seen),
  DELETE: apiRoute(adminProbe, seen),
  PUT: apiRoute(staffOnlyProbe, seen),
};
const VALID_NOTE = { note: { text: "hello", tags: ["a", "b"] } };

const setup = setupApiTestDatabase();
const cookies = { viewer: "", editor: "", admin: "", outsider: "" };

beforeAll(async () => {
  const { database, storeA, storeB } = setup();
  const cookieOf = async (storeId: string, role: "viewer" | "editor" | "admin") =>
    (await staffSessionCookie(database.db, [{ storeId, role }])).cookie;
  cookies.viewer = await cookieOf(storeA.id, "viewer");
  cookies.editor = await cookieOf(storeA.id, "editor");
  cookies.admin = await cookieOf(storeA.id, "admin");
  cookies.outsider = await cookieOf(storeB.id, "admin");
});

type Method = keyof typeof handlers;
type Target = { storeId?: string; locationId?: string; query?: string };

/** Calls the probe of `method` on store A's first location (or `target`), with `call`'s credentials. */
function send(method: Method, call: Omit<ApiCall, "path" | "method">, target: Target = {}) {
  const { storeA } = setup();
  const values = {
    storeId: target.storeId ?? storeA.id,
    locationId: target.locationId ?? (storeA.locationIds[0] as string),
  };
  const body = call.body ?? (method === "POST" ? VALID_NOTE : undefined);
  return callRoute(handlers[method], values, {
    ...call,
    method,
    body,
    path: `/wrapper-probe/stores/${values.storeId}/locations/${values.locationId}${target.query ?? ""}`,
  });
}

const session = (cookie: string, extra: Record<string, string> = SAME_ORIGIN) => ({
  headers: { cookie, ...extra },
});

describe("authentication", () => {
  it.each(["GET", "POST"] as const)(
    "%s without credentials: 401 with WWW-Authenticate: Bearer",
    async (method) => {
      const response = await send(method, {});
      expectProblem(response, 401, "auth/unauthorized");
      expect(response.headers.get("www-authenticate")).toMatch(/^Bearer\b/);
    },
  );

  it.each([
    ["Basic x"],
    ["Bearer"],
    ["Bearer "],
    ["Token brk_x"],
    [`Bearer ${randomApiSecret()}`],
    ["Bearer brk_short"],
  ])("Authorization %j: 401 with WWW-Authenticate: Bearer", async (authorization) => {
    const response = await send("GET", { headers: { authorization } });
    expectProblem(response, 401, "auth/unauthorized");
    expect(response.headers.get("www-authenticate")).toMatch(/^Bearer\b/);
  });

  it("a revoked secret: 401, though it worked (and was cached) before", async () => {
    const { database, storeA } = setup();
    const { apiKey, secret } = await createApiKey(database.db, { storeId: storeA.id, name: "to revoke" });
    expect((await send("GET", { secret })).status).toBe(200);
    await revokeApiKey(database.db, storeA.id, apiKey.id);
    expectProblem(await send("GET", { secret }), 401, "auth/unauthorized");
    expectProblem(await send("POST", { secret }), 401, "auth/unauthorized");
  });
});

describe("CSRF", () => {
  it.each([
    ["no Origin", {}],
    ["a foreign Origin", { origin: "https://evil.example", host: "localhost:3000" }],
    ["Origin null", { origin: "null", host: "localhost:3000" }],
    ["Sec-Fetch-Site: cross-site", { "sec-fetch-site": "cross-site", host: "localhost:3000" }],
  ])("a write with an editor session and %s: 403", async (_name, extra) => {
    expectProblem(await send("POST", session(cookies.editor, extra)), 403, "auth/forbidden");
  });

  it("a write with an editor session from the same origin is allowed, and a read needs no Origin", async () => {
    expect((await send("POST", session(cookies.editor))).status).toBe(200);
    expect((await send("POST", session(cookies.editor, { "sec-fetch-site": "same-origin" }))).status).toBe(
      200,
    );
    expect((await send("GET", session(cookies.editor, {}))).status).toBe(200);
  });

  it("a write with an API secret needs no Origin", async () => {
    expect((await send("POST", { secret: setup().storeA.secret })).status).toBe(200);
  });
});

describe("roles and principals", () => {
  it("read access: a viewer may read, not write (403 even when the body is invalid: no 400 about a write it may not make)", async () => {
    expect((await send("GET", session(cookies.viewer))).status).toBe(200);
    expectProblem(await send("POST", session(cookies.viewer)), 403, "auth/forbidden");
    expectProblem(await send("POST", { ...session(cookies.viewer), body: "{" }), 403, "auth/forbidden");
  });

  it("admin access: an editor is refused with 403, an admin and the store's secret are allowed", async () => {
    expectProblem(await send("DELETE", session(cookies.editor)), 403, "auth/forbidden");
    expect((await send("DELETE", session(cookies.admin))).status).toBe(200);
    expect((await send("DELETE", { secret: setup().storeA.secret })).status).toBe(200);
  });

  it("staff only: the store's own secret gets a 403 naming the reason, an admin session is allowed", async () => {
    const refused = expectProblem(
      await send("PUT", { secret: setup().storeA.secret }),
      403,
      "auth/forbidden",
    );
    expect(refused.detail).toMatch(/API secrets cannot call this operation/);
    expect((await send("PUT", session(cookies.admin))).status).toBe(200);
  });
});

describe("store scoping", () => {
  it("another store's path: 403 for its secret and for a session without membership, whatever the method", async () => {
    for (const method of ["GET", "POST", "DELETE"] as const) {
      expectProblem(await send(method, { secret: setup().storeB.secret }), 403, "auth/forbidden");
      expectProblem(await send(method, session(cookies.outsider)), 403, "auth/forbidden");
    }
  });

  it("the handler acts on the resolved store", async () => {
    const response = await send("POST", { secret: setup().storeA.secret });
    expect(response.body).toEqual({ storeId: setup().storeA.id, body: VALID_NOTE });
  });

  it("another store's id on the caller's own path: 404 exactly like an unknown id", async () => {
    const { storeA, storeB } = setup();
    const onB = { storeId: storeB.id };
    const foreignId = storeA.locationIds[0] as string;
    const missingId = unknownId("loc");
    const foreign = expectProblem(
      await send("POST", { secret: storeB.secret }, { ...onB, locationId: foreignId }),
      404,
      "location/not-found",
    );
    const missing = expectProblem(
      await send("POST", { secret: storeB.secret }, { ...onB, locationId: missingId }),
      404,
      "location/not-found",
    );
    const shape = (body: typeof foreign, value: string) => [
      body.type,
      body.title,
      body.status,
      body.detail.replaceAll(value, "<id>"),
    ];
    expect(shape(foreign, foreignId)).toEqual(shape(missing, missingId));
  });

  it.each([
    ["malformed JSON", "{", {}],
    ["a text/plain body", "{}", { "content-type": "text/plain" }],
  ])(
    "an unknown id with %s: 404, as docs/api.md orders the checks (path ids before body)",
    async (_n, body, headers) => {
      const response = await send(
        "POST",
        { secret: setup().storeA.secret, body, headers },
        { locationId: unknownId("loc") },
      );
      expectProblem(response, 404, "location/not-found");
    },
  );
});

/** Every string leaf of a JSON value, by dotted path. */
function stringPaths(value: unknown, at: string[] = []): string[][] {
  if (typeof value === "string") return [at];
  if (Array.isArray(value)) return value.flatMap((item, i) => stringPaths(item, [...at, String(i)]));
  if (value && typeof value === "object") {
    return Object.entries(value).flatMap(([key, item]) => stringPaths(item, [...at, key]));
  }
  return [];
}

/** `value` with `suffix` appended to the string at `at`. */
function withSuffix(value: unknown, at: string[], suffix: string): unknown {
  const copy = structuredClone(value) as Record<string, unknown>;
  let node: Record<string, unknown> = copy;
  for (const key of at.slice(0, -1)) node = node[key] as Record<string, unknown>;
  const last = at.at(-1) as string;
  node[last] = `${node[last] as string}${suffix}`;
  return copy;
}

describe("strings the database cannot store", () => {
  it.each([
    ["U+0000", "\u0000"],
    ["a lone surrogate", "\ud800"],
  ])("%s in any string of the body: 400 naming the field, before the schema", async (_name, bad) => {
    const cases = stringPaths(VALID_NOTE).map((at) => [at, withSuffix(VALID_NOTE, at, bad)] as const);
    // A key the schema does not know still gets the check first.
    cases.push([["probe"], { ...VALID_NOTE, probe: bad }]);
    expect(cases.length).toBe(4);
    for (const [at, body] of cases) {
      const response = await send("POST", { secret: setup().storeA.secret, body });
      const problem = expectProblem(response, 400, "location/invalid-request");
      expect(
        problem.errors?.map((e) => e.path),
        at.join("."),
      ).toEqual([at.join(".")]);
    }
  });

  it("U+0000 in a query parameter: 400 naming it", async () => {
    const response = await send("GET", { secret: setup().storeA.secret }, { query: "?q=%00" });
    const problem = expectProblem(response, 400, "location/invalid-request");
    expect(problem.errors?.map((e) => e.path)).toEqual(["q"]);
  });
});

describe("request id", () => {
  it("echoes a sane X-Request-Id, on an answer and on a refusal", async () => {
    const ok = await send("GET", {
      secret: setup().storeA.secret,
      headers: { "X-Request-Id": "probe-1.a:b" },
    });
    expect(ok.status).toBe(200);
    expect(ok.headers.get("x-request-id")).toBe("probe-1.a:b");
    const refused = await send("GET", { headers: { "X-Request-Id": "probe-2" } });
    expect(refused.status).toBe(401);
    expect(refused.headers.get("x-request-id")).toBe("probe-2");
  });

  it("makes one when none (or an insane one) is sent", async () => {
    const none = await send("GET", session(cookies.editor, {}));
    expect(none.headers.get("x-request-id")).toMatch(/^req_[0-9a-f]{32}$/);
    const insane = await send("GET", {
      secret: setup().storeA.secret,
      headers: { "X-Request-Id": "a b\tc" },
    });
    expect(insane.headers.get("x-request-id")).toMatch(/^req_[0-9a-f]{32}$/);
  });
});
