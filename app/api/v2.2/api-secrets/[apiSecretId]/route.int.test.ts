import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { GET as getReturn } from "@/app/api/v2.2/returns/[returnId]/route";
import { GET as listShipments } from "@/app/api/v2.2/stores/[storeId]/inbound-shipments/route";
import { apiKeys } from "@/lib/db/schema";
import { createApiKey } from "@/lib/domain/api-keys";
import type { ApiSecret } from "@/lib/schemas/api-secrets";
import { type ApiCall, callRoute, unservedMethod } from "@/lib/testing/api";
import { expectProblem, SAME_ORIGIN, unknownId } from "@/lib/testing/api-helpers";
import { setupApiTestDatabase, type TestStore } from "@/lib/testing/api-setup";
import { staffSessionCookie } from "@/lib/testing/session";
import { DELETE, GET } from "./route";

// The server answers methods a route does not export (405 with the path's Allow).
const PATCH = unservedMethod;
const POST = unservedMethod;

const setup = setupApiTestDatabase();
const cookies = { admin: "", editor: "", viewer: "", adminOfB: "" };

beforeAll(async () => {
  const { database, storeA, storeB } = setup();
  cookies.admin = (await staffSessionCookie(database.db, [{ storeId: storeA.id, role: "admin" }])).cookie;
  cookies.editor = (await staffSessionCookie(database.db, [{ storeId: storeA.id, role: "editor" }])).cookie;
  cookies.viewer = (await staffSessionCookie(database.db, [{ storeId: storeA.id, role: "viewer" }])).cookie;
  cookies.adminOfB = (await staffSessionCookie(database.db, [{ storeId: storeB.id, role: "admin" }])).cookie;
});

type Auth = Pick<ApiCall, "secret" | "headers">;
/** Headers of a cross-site write: no Origin at all, or a foreign one. */
const NOT_SAME_ORIGIN: Record<string, string>[] = [
  {},
  { origin: "https://evil.example", host: "localhost:3000" },
];
const session = (cookie: string, extra: Record<string, string> = SAME_ORIGIN): Auth => ({
  headers: { cookie, ...extra },
});
const asAdmin = () => session(cookies.admin);

async function newKey(store: TestStore = setup().storeA) {
  return createApiKey(setup().database.db, { storeId: store.id, name: "Scanner" });
}

function revoke(apiSecretId: string, auth: Auth = asAdmin()) {
  return callRoute<{ api_secret: ApiSecret }>(
    DELETE,
    { apiSecretId },
    { method: "DELETE", path: `/api-secrets/${apiSecretId}`, ...auth },
  );
}

function read(apiSecretId: string, auth: Auth = asAdmin()) {
  return callRoute<{ api_secret: ApiSecret }>(
    GET,
    { apiSecretId },
    { path: `/api-secrets/${apiSecretId}`, ...auth },
  );
}

async function revokedAtInDb(id: string): Promise<Date | null | undefined> {
  const [row] = await setup().database.db.select().from(apiKeys).where(eq(apiKeys.id, id));
  return row?.revokedAt;
}

function useSecret(secret: string) {
  const storeId = setup().storeA.id;
  return callRoute(listShipments, { storeId }, { path: `/stores/${storeId}/inbound-shipments`, secret });
}

describe("DELETE /api-secrets/{apiSecretId}", () => {
  it("revokes: 200 with revokedAt, and the API refuses the secret at once (401)", async () => {
    const { apiKey, secret } = await newKey();
    // Used once, so the secret sits in the authentication cache when it is revoked.
    expect((await useSecret(secret)).status).toBe(200);

    const response = await revoke(apiKey.id);
    expect(response.status).toBe(200);
    expect(response.body.api_secret).toMatchObject({ id: apiKey.id, name: "Scanner", start: apiKey.start });
    expect(response.body.api_secret.revokedAt).toEqual(expect.stringMatching(/Z$/));
    expect(response.body.api_secret.lastUsedAt).toEqual(expect.stringMatching(/Z$/));
    expect(response.text).not.toContain(secret);

    const refused = await useSecret(secret);
    expectProblem(refused, 401, "auth/unauthorized");
    expect(refused.headers.get("www-authenticate")).toMatch(/^Bearer\b/);
    const other = await callRoute(getReturn, { returnId: unknownId("ret") }, { path: "/returns/x", secret });
    expectProblem(other, 401, "auth/unauthorized");
  });

  it("is idempotent: revoking again answers 200 with the original revokedAt", async () => {
    const { apiKey } = await newKey();
    // Revoked at 10:00, again at 10:05 (only Date is faked): the answer keeps 10:00.
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2026-03-02T10:00:00Z"));
    const first = await revoke(apiKey.id).finally(() => vi.setSystemTime(new Date("2026-03-02T10:05:00Z")));
    const again = await revoke(apiKey.id).finally(() => vi.useRealTimers());
    expect(first.body.api_secret.revokedAt).toBe("2026-03-02T10:00:00.000Z");
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    expect((await revokedAtInDb(apiKey.id))?.toISOString()).toBe(first.body.api_secret.revokedAt);
  });

  it("answers 404 api-secret/not-found for unknown, malformed and other stores' ids, revoking nothing", async () => {
    const foreign = await newKey(setup().storeB);
    for (const id of [foreign.apiKey.id, unknownId("key"), "key_1", "whk_3ZbQ9mX2kT7vLp0aYc1RfD"]) {
      const body = expectProblem(await revoke(id), 404, "api-secret/not-found");
      expect(body.detail).toContain(id);
    }
    expect(await revokedAtInDb(foreign.apiKey.id)).toBeNull();
    // An admin of store B is refused store A's secret the same way.
    const mine = await newKey();
    expectProblem(await revoke(mine.apiKey.id, session(cookies.adminOfB)), 404, "api-secret/not-found");
    expect(await revokedAtInDb(mine.apiKey.id)).toBeNull();
  });

  it("refuses API secrets (403 before any lookup), viewers and editors (403), anonymous callers (401)", async () => {
    const { storeA } = setup();
    const { apiKey, secret } = await newKey();
    expectProblem(await revoke(apiKey.id, { secret: storeA.secret }), 403, "auth/forbidden");
    // Not even itself, and an unknown id is not revealed as unknown to a secret.
    expectProblem(await revoke(apiKey.id, { secret }), 403, "auth/forbidden");
    expectProblem(await revoke(unknownId("key"), { secret }), 403, "auth/forbidden");
    for (const cookie of [cookies.viewer, cookies.editor])
      expectProblem(await revoke(apiKey.id, session(cookie)), 403, "auth/forbidden");
    expectProblem(await revoke(apiKey.id, {}), 401, "auth/unauthorized");
    expect(await revokedAtInDb(apiKey.id)).toBeNull();
    expect((await useSecret(secret)).status).toBe(200);
  });

  it("refuses an admin session without a same-origin Origin (CSRF): 403", async () => {
    const { apiKey } = await newKey();
    for (const extra of NOT_SAME_ORIGIN)
      expectProblem(await revoke(apiKey.id, session(cookies.admin, extra)), 403, "auth/forbidden");
    expect(await revokedAtInDb(apiKey.id)).toBeNull();
  });
});

describe("GET /api-secrets/{apiSecretId}", () => {
  it("reads one secret (the Location of a create) without the secret", async () => {
    const { apiKey, secret } = await newKey();
    const response = await read(apiKey.id, session(cookies.admin, {}));
    expect(response.status).toBe(200);
    expect(response.body.api_secret).toEqual({
      id: apiKey.id,
      name: "Scanner",
      start: secret.slice(0, 10),
      createdAt: apiKey.createdAt.toISOString(),
      lastUsedAt: null,
      revokedAt: null,
      createdBy: null,
    });
  });

  it("answers 404 for another store's secret and 403 to secrets and non-admins", async () => {
    const foreign = await newKey(setup().storeB);
    expectProblem(await read(foreign.apiKey.id), 404, "api-secret/not-found");
    const { apiKey } = await newKey();
    expectProblem(await read(apiKey.id, { secret: setup().storeA.secret }), 403, "auth/forbidden");
    expectProblem(await read(apiKey.id, session(cookies.editor)), 403, "auth/forbidden");
    expectProblem(await read(apiKey.id, {}), 401, "auth/unauthorized");
  });
});

describe("/api-secrets/{apiSecretId} other methods", () => {
  it.each([
    ["POST", POST],
    ["PATCH", PATCH],
  ])("%s: 405 with Allow", async (method, handler) => {
    const { apiKey } = await newKey();
    const response = await callRoute(
      handler,
      { apiSecretId: apiKey.id },
      { method, path: `/api-secrets/${apiKey.id}`, ...asAdmin() },
    );
    expectProblem(response, 405, "request/method-not-allowed");
    expect(response.headers.get("allow")).toBe("GET, DELETE");
  });
});
