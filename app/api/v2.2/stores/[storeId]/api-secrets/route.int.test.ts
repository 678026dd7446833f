import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { GET as listShipments } from "@/app/api/v2.2/stores/[storeId]/inbound-shipments/route";
import { apiKeys } from "@/lib/db/schema";
import type { ApiSecret } from "@/lib/schemas/api-secrets";
import { type ApiCall, callRoute, unservedMethod } from "@/lib/testing/api";
import { expectInvalid, expectProblem, SAME_ORIGIN } from "@/lib/testing/api-helpers";
import { setupApiTestDatabase } from "@/lib/testing/api-setup";
import { staffSessionCookie } from "@/lib/testing/session";
import { GET, POST } from "./route";

// The server answers methods a route does not export (405 with the path's Allow).
const DELETE = unservedMethod;
const PUT = unservedMethod;

const setup = setupApiTestDatabase();
const cookies = { admin: "", editor: "", viewer: "", adminOfB: "" };
let adminId = "";

beforeAll(async () => {
  const { database, storeA, storeB } = setup();
  const admin = await staffSessionCookie(database.db, [{ storeId: storeA.id, role: "admin" }], "Ana Admin");
  adminId = admin.userId;
  cookies.admin = admin.cookie;
  cookies.editor = (await staffSessionCookie(database.db, [{ storeId: storeA.id, role: "editor" }])).cookie;
  cookies.viewer = (await staffSessionCookie(database.db, [{ storeId: storeA.id, role: "viewer" }])).cookie;
  cookies.adminOfB = (await staffSessionCookie(database.db, [{ storeId: storeB.id, role: "admin" }])).cookie;
});

type Auth = Pick<ApiCall, "secret" | "headers">;
const asAdmin = (): Auth => ({ headers: { cookie: cookies.admin, ...SAME_ORIGIN } });
/** Headers of a cross-site write: no Origin at all, or a foreign one. */
const NOT_SAME_ORIGIN: Record<string, string>[] = [
  {},
  { origin: "https://evil.example", host: "localhost:3000" },
];
const session = (cookie: string, extra: Record<string, string> = SAME_ORIGIN): Auth => ({
  headers: { cookie, ...extra },
});

function create(body: unknown, auth: Auth = asAdmin(), storeId = setup().storeA.id) {
  return callRoute<{ api_secret: ApiSecret; secret: string }>(
    POST,
    { storeId },
    { method: "POST", path: `/stores/${storeId}/api-secrets`, body, ...auth },
  );
}

function list(auth: Auth = asAdmin(), storeId = setup().storeA.id) {
  return callRoute<{ api_secrets: ApiSecret[] }>(
    GET,
    { storeId },
    { path: `/stores/${storeId}/api-secrets`, ...auth },
  );
}

/** An ordinary API call with the secret (any route that takes one). */
function useSecret(secret: string, storeId = setup().storeA.id) {
  return callRoute(listShipments, { storeId }, { path: `/stores/${storeId}/inbound-shipments`, secret });
}

async function keyCount(storeId: string): Promise<number> {
  return (await setup().database.db.select().from(apiKeys).where(eq(apiKeys.storeId, storeId))).length;
}

describe("POST /stores/{storeId}/api-secrets", () => {
  it("creates: 201 with the secret once, Location, no-store, the trimmed name and its creator", async () => {
    const response = await create({ api_secret: { name: "  ERP  " } });
    expect(response.status).toBe(201);
    const { api_secret: created, secret } = response.body;
    expect(secret).toMatch(/^brk_[A-Za-z0-9_-]{43}$/);
    expect(created).toEqual({
      id: expect.stringMatching(/^key_[0-9A-Za-z]{22}$/),
      name: "ERP",
      start: secret.slice(0, 10),
      createdAt: expect.stringMatching(/Z$/),
      lastUsedAt: null,
      revokedAt: null,
      createdBy: { id: adminId, name: "Ana Admin" },
    });
    expect(response.headers.get("location")).toBe(`http://localhost:3000/api/v2.2/api-secrets/${created.id}`);
    expect(response.headers.get("cache-control")).toBe("no-store");

    // Only a hash is stored, and the secret works for the store at once.
    const [row] = await setup().database.db.select().from(apiKeys).where(eq(apiKeys.id, created.id));
    expect(row?.storeId).toBe(setup().storeA.id);
    expect(JSON.stringify(row)).not.toContain(secret);
    expect((await useSecret(secret)).status).toBe(200);
    expectProblem(await useSecret(secret, setup().storeB.id), 403, "auth/forbidden");
  });

  it("accepts a name of exactly 100 characters", async () => {
    const response = await create({ api_secret: { name: "n".repeat(100) } });
    expect(response.status).toBe(201);
    expect(response.body.api_secret.name).toHaveLength(100);
  });

  it.each([
    ["an empty body", {}, ["api_secret"]],
    ["no name", { api_secret: {} }, ["api_secret.name"]],
    ["an empty name", { api_secret: { name: "" } }, ["api_secret.name"]],
    ["a blank name", { api_secret: { name: "   " } }, ["api_secret.name"]],
    ["a name of 101 characters", { api_secret: { name: "n".repeat(101) } }, ["api_secret.name"]],
    ["a number as name", { api_secret: { name: 42 } }, ["api_secret.name"]],
    ["an unknown key in api_secret", { api_secret: { name: "ERP", scopes: ["all"] } }, ["api_secret"]],
    ["an unknown top-level key", { api_secret: { name: "ERP" }, secret: "brk_mine" }, [""]],
    ["an array", [], [""]],
  ])(
    "refuses %s: 400 api-secret/invalid-request naming the field, creating nothing",
    async (_n, body, paths) => {
      const before = await keyCount(setup().storeA.id);
      expectInvalid(await create(body), "api-secret", paths);
      expect(await keyCount(setup().storeA.id)).toBe(before);
    },
  );

  it("names the unknown key in the problem", async () => {
    const response = await create({ api_secret: { name: "ERP", scopes: ["all"] } });
    expect(response.text).toContain("scopes");
  });

  it("refuses malformed JSON (400) and a non-JSON content type (415)", async () => {
    expectProblem(await create("{"), 400, "api-secret/invalid-request");
    const response = await callRoute(
      POST,
      { storeId: setup().storeA.id },
      {
        method: "POST",
        path: `/stores/${setup().storeA.id}/api-secrets`,
        body: JSON.stringify({ api_secret: { name: "ERP" } }),
        headers: { cookie: cookies.admin, ...SAME_ORIGIN, "content-type": "text/plain" },
      },
    );
    expectProblem(response, 415, "request/unsupported-media-type");
  });

  it("refuses an API secret, even the store's own: 403 saying why, creating nothing", async () => {
    const { storeA } = setup();
    const before = await keyCount(storeA.id);
    const body = expectProblem(
      await create({ api_secret: { name: "minted" } }, { secret: storeA.secret }),
      403,
      "auth/forbidden",
    );
    expect(body.detail).toMatch(/API secrets cannot call this operation/);
    expect(await keyCount(storeA.id)).toBe(before);
  });

  it("refuses viewer and editor sessions and admins of another store: 403", async () => {
    const before = await keyCount(setup().storeA.id);
    for (const cookie of [cookies.viewer, cookies.editor, cookies.adminOfB]) {
      expectProblem(await create({ api_secret: { name: "x" } }, session(cookie)), 403, "auth/forbidden");
    }
    expect(await keyCount(setup().storeA.id)).toBe(before);
  });

  it("refuses an admin session without a same-origin Origin (CSRF): 403", async () => {
    const before = await keyCount(setup().storeA.id);
    for (const extra of NOT_SAME_ORIGIN) {
      const response = await create({ api_secret: { name: "x" } }, session(cookies.admin, extra));
      expectProblem(response, 403, "auth/forbidden");
    }
    expect(await keyCount(setup().storeA.id)).toBe(before);
  });

  it("refuses a request without credentials: 401", async () => {
    const response = await create({ api_secret: { name: "x" } }, {});
    expectProblem(response, 401, "auth/unauthorized");
    expect(response.headers.get("www-authenticate")).toMatch(/^Bearer\b/);
  });
});

describe("GET /stores/{storeId}/api-secrets", () => {
  it("lists every secret of the store newest first, revoked ones included, never a secret", async () => {
    const { database, storeA, storeB } = setup();
    const first = await create({ api_secret: { name: "Older" } });
    const second = await create({ api_secret: { name: "Newer" } });
    await database.db
      .update(apiKeys)
      .set({ revokedAt: new Date("2026-03-01T00:00:00.000Z") })
      .where(eq(apiKeys.id, first.body.api_secret.id));

    const response = await list();
    expect(response.status).toBe(200);
    const secrets = response.body.api_secrets;
    expect(secrets.length).toBe(await keyCount(storeA.id));
    const created = secrets.map((s) => s.createdAt);
    expect(created).toEqual([...created].sort().reverse());
    const ids = secrets.map((s) => s.id);
    expect(ids.indexOf(second.body.api_secret.id)).toBeLessThan(ids.indexOf(first.body.api_secret.id));
    expect(secrets.find((s) => s.id === first.body.api_secret.id)?.revokedAt).toBe(
      "2026-03-01T00:00:00.000Z",
    );
    // The setup's key was created without a staff member; it has been used by other tests.
    const setupKey = secrets.find((s) => s.name === "Store A key");
    expect(setupKey?.createdBy).toBeNull();
    expect(response.text).not.toContain(first.body.secret);
    expect(response.text).not.toContain(second.body.secret);
    expect(response.text).not.toContain(storeB.id);
  });

  it("shows when a secret was last used", async () => {
    const created = await create({ api_secret: { name: "Used" } });
    expect((await useSecret(created.body.secret)).status).toBe(200);
    const listed = (await list()).body.api_secrets.find((s) => s.id === created.body.api_secret.id);
    expect(listed?.lastUsedAt).toEqual(expect.stringMatching(/Z$/));
  });

  it("lets an admin session read without an Origin header", async () => {
    expect((await list(session(cookies.admin, {}))).status).toBe(200);
  });

  it("refuses API secrets, viewers, editors, other stores' admins (403) and anonymous callers (401)", async () => {
    const { storeA, storeB } = setup();
    expectProblem(await list({ secret: storeA.secret }), 403, "auth/forbidden");
    expectProblem(await list({ secret: storeB.secret }), 403, "auth/forbidden");
    for (const cookie of [cookies.viewer, cookies.editor, cookies.adminOfB])
      expectProblem(await list(session(cookie)), 403, "auth/forbidden");
    expectProblem(await list({}), 401, "auth/unauthorized");
  });

  it("answers 403 for a store id that does not exist, like any store the caller is not in", async () => {
    expectProblem(await list(asAdmin(), "str_doesnotexist0000000000"), 403, "auth/forbidden");
  });
});

describe("/stores/{storeId}/api-secrets other methods", () => {
  it.each([
    ["PUT", PUT],
    ["DELETE", DELETE],
  ])("%s: 405 with Allow", async (method, handler) => {
    const { storeA } = setup();
    const response = await callRoute(
      handler,
      { storeId: storeA.id },
      { method, path: `/stores/${storeA.id}/api-secrets`, ...asAdmin() },
    );
    expectProblem(response, 405, "request/method-not-allowed");
    expect(response.headers.get("allow")).toBe("GET, POST");
  });
});
