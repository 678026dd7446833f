import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { GET as getWebhookRoute } from "@/app/api/v2.2/webhooks/[webhookId]/route";
import { webhooks } from "@/lib/db/schema";
import type { Webhook } from "@/lib/schemas/webhooks";
import { callRoute, unservedMethod } from "@/lib/testing/api";
import { expectInvalid, expectProblem } from "@/lib/testing/api-helpers";
import { setupApiTestDatabase } from "@/lib/testing/api-setup";
import { GET, POST } from "./route";

// The server answers methods a route does not export (405 with the path's Allow).
const PUT = unservedMethod;

const setup = setupApiTestDatabase();
const TOKEN = "sk_live_subscriber_secret_9f3a";

// Without the development setting, so private and plain-http URLs are refused as in production.
beforeAll(() => vi.stubEnv("BACKROOM_ALLOW_PRIVATE_WEBHOOK_URLS", undefined));
afterAll(() => vi.unstubAllEnvs());

function input(overrides: Record<string, unknown> = {}, url = "https://hooks.example.com/backroom") {
  return {
    webhook: { callback: { url, auth: { bearer: { token: TOKEN } } }, topic: "return", ...overrides },
  };
}

function create(body: unknown, store = setup().storeA) {
  return callRoute<{ webhook: Webhook }>(
    POST,
    { storeId: store.id },
    { method: "POST", path: `/stores/${store.id}/webhooks`, secret: store.secret, body },
  );
}

function list(store = setup().storeA) {
  return callRoute<{ webhooks: Webhook[] }>(
    GET,
    { storeId: store.id },
    { path: `/stores/${store.id}/webhooks`, secret: store.secret },
  );
}

function read(webhookId: string, secret = setup().storeA.secret) {
  return callRoute<{ webhook: Webhook }>(
    getWebhookRoute,
    { webhookId },
    { path: `/webhooks/${webhookId}`, secret },
  );
}

describe("POST /stores/{storeId}/webhooks", () => {
  it("creates without externalId: 201, Location, defaults, masked token; a GET reads it back", async () => {
    const response = await create(input());
    expect(response.status).toBe(201);
    const webhook = response.body.webhook;
    expect(webhook.id).toMatch(/^whk_[0-9A-Za-z]{22}$/);
    expect(response.headers.get("location")).toBe(`http://localhost:3000/api/v2.2/webhooks/${webhook.id}`);
    expect(webhook).toMatchObject({
      callback: { url: "https://hooks.example.com/backroom", auth: { bearer: { token: "••••9f3a" } } },
      topic: "return",
      kind: "redo",
      payload: "snapshot",
      extraEventTypes: [],
      externalId: null,
    });
    expect(webhook.createdAt).toMatch(/Z$/);
    expect(response.text).not.toContain(TOKEN);
    const again = await read(webhook.id);
    expect(again.status).toBe(200);
    expect(again.body.webhook).toEqual(webhook);
    expect(again.text).not.toContain(TOKEN);
    // The token is stored in full for deliveries.
    const [row] = await setup().database.db.select().from(webhooks).where(eq(webhooks.id, webhook.id));
    expect(row?.authToken).toBe(TOKEN);
  });

  it("creates a new webhook for every POST without externalId", async () => {
    const a = await create(input());
    const b = await create(input());
    expect([a.status, b.status]).toEqual([201, 201]);
    expect(a.body.webhook.id).not.toBe(b.body.webhook.id);
  });

  it("upserts by externalId: 201 for a new one, then 200 with the same id and the new values", async () => {
    const first = await create(input({ externalId: "erp-sync" }));
    expect(first.status).toBe(201);
    expect(first.body.webhook.externalId).toBe("erp-sync");
    const second = await create(
      input(
        { externalId: "erp-sync", kind: "loop", payload: "thin", extraEventTypes: ["test"] },
        "https://hooks.example.com/v2",
      ),
    );
    expect(second.status).toBe(200);
    expect(second.headers.get("location")).toBeNull();
    expect(second.body.webhook).toMatchObject({
      id: first.body.webhook.id,
      kind: "loop",
      payload: "thin",
      extraEventTypes: ["test"],
      externalId: "erp-sync",
      createdAt: first.body.webhook.createdAt,
      callback: { url: "https://hooks.example.com/v2" },
    });
    const stored = (await list()).body.webhooks.filter((w) => w.externalId === "erp-sync");
    expect(stored).toHaveLength(1);
    expect(stored[0]?.callback.url).toBe("https://hooks.example.com/v2");
    // Another store may use the same externalId for its own webhook.
    const other = await create(input({ externalId: "erp-sync" }), setup().storeB);
    expect(other.status).toBe(201);
    expect(other.body.webhook.id).not.toBe(first.body.webhook.id);
  });

  it("makes exactly one webhook from 10 concurrent POSTs with one externalId", async () => {
    const responses = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        create(input({ externalId: "race-1" }, `https://hooks.example.com/r${i}`)),
      ),
    );
    const statuses = responses.map((r) => r.status).sort();
    expect(statuses).toEqual([200, 200, 200, 200, 200, 200, 200, 200, 200, 201]);
    expect(new Set(responses.map((r) => r.body.webhook.id)).size).toBe(1);
    const rows = await setup().database.db.select().from(webhooks).where(eq(webhooks.externalId, "race-1"));
    expect(rows).toHaveLength(1);
  });

  it("masks short tokens entirely and answers auth: null when there is no token", async () => {
    const short = await create({
      webhook: {
        callback: { url: "https://a.example.com/h", auth: { bearer: { token: "abc123" } } },
        topic: "return",
      },
    });
    expect(short.status).toBe(201);
    expect(short.body.webhook.callback.auth?.bearer.token).toBe("••••");
    expect(short.text).not.toContain("abc123");
    const none = await create({
      webhook: { callback: { url: "https://a.example.com/h", auth: null }, topic: "return" },
    });
    expect(none.status).toBe(201);
    expect(none.body.webhook.callback.auth).toBeNull();
  });

  it.each([
    ["http://hooks.example.com/h"],
    ["https://127.0.0.1/h"],
    ["https://10.1.2.3/h"],
    ["https://192.168.0.10:8443/h"],
    ["https://169.254.169.254/latest/meta-data"],
    ["https://[::1]/h"],
    ["https://localhost/h"],
    ["https://api.localhost/h"],
    ["https://user:pass@hooks.example.com/h"],
    ["ftp://hooks.example.com/h"],
    ["not a url"],
    [`https://hooks.example.com/${"a".repeat(2048)}`],
  ])("refuses the callback URL %s with 400 and creates nothing", async (url) => {
    const before = (await list()).body.webhooks.length;
    expectInvalid(await create(input({}, url)), "webhook", ["webhook.callback.url"]);
    expect((await list()).body.webhooks).toHaveLength(before);
  });

  it.each([
    [
      "an empty token",
      { url: "https://h.example.com/", auth: { bearer: { token: "" } } },
      "webhook.callback.auth.bearer.token",
    ],
    [
      "a token with a space",
      { url: "https://h.example.com/", auth: { bearer: { token: "a b" } } },
      "webhook.callback.auth.bearer.token",
    ],
    [
      "a token of 513 characters",
      { url: "https://h.example.com/", auth: { bearer: { token: "t".repeat(513) } } },
      "webhook.callback.auth.bearer.token",
    ],
    ["a missing url", { auth: null }, "webhook.callback.url"],
  ])("refuses %s with 400", async (_name, callback, path) => {
    expectInvalid(await create({ webhook: { callback, topic: "return" } }), "webhook", [path]);
  });

  it.each([
    ["an unknown topic", input({ topic: "orders" }), "webhook.topic"],
    [
      "a missing topic",
      { webhook: { callback: { url: "https://h.example.com/", auth: null } } },
      "webhook.topic",
    ],
    ["an unknown kind", input({ kind: "full" }), "webhook.kind"],
    ["the payload choice sent as kind", input({ kind: "thin" }), "webhook.kind"],
    ["an unknown payload", input({ payload: "full" }), "webhook.payload"],
    [
      "an event type that needs no opt-in",
      input({ extraEventTypes: ["updated"] }),
      "webhook.extraEventTypes.0",
    ],
    ["an empty externalId", input({ externalId: "" }), "webhook.externalId"],
    ["an unknown key", input({ secret: "x" }), "webhook"],
    [
      "no webhook wrapper",
      { callback: { url: "https://h.example.com/", auth: null }, topic: "return" },
      "webhook",
    ],
  ])("refuses %s with 400", async (_name, body, path) => {
    expectInvalid(await create(body), "webhook", [path]);
  });

  it("refuses a non-JSON body (415), a body over 1 MiB (413) and malformed JSON (400)", async () => {
    const { storeA } = setup();
    const call = (body: string, headers: Record<string, string> = {}) =>
      callRoute(
        POST,
        { storeId: storeA.id },
        { method: "POST", path: `/stores/${storeA.id}/webhooks`, secret: storeA.secret, body, headers },
      );
    expectProblem(
      await call("url=https://x", { "content-type": "application/x-www-form-urlencoded" }),
      415,
      "request/unsupported-media-type",
    );
    expectProblem(
      await call(JSON.stringify(input({ externalId: "x".repeat(1024 * 1024) }))),
      413,
      "request/too-large",
    );
    expectInvalid(await call("{"), "webhook", [""]);
  });
});

describe("GET /stores/{storeId}/webhooks", () => {
  it("lists exactly the store's webhooks, tokens masked", async () => {
    const { storeA, storeB, database } = setup();
    const response = await list();
    expect(response.status).toBe(200);
    const rows = await database.db
      .select({ id: webhooks.id })
      .from(webhooks)
      .where(eq(webhooks.storeId, storeA.id));
    expect(new Set(response.body.webhooks.map((w) => w.id))).toEqual(new Set(rows.map((r) => r.id)));
    expect(response.text).not.toContain(TOKEN);
    for (const webhook of response.body.webhooks) {
      const token = webhook.callback.auth?.bearer.token;
      if (token !== undefined) expect(token.startsWith("••••")).toBe(true);
    }
    const other = await list(storeB);
    expect(other.body.webhooks.some((w) => rows.some((r) => r.id === w.id))).toBe(false);
    expectProblem(
      await callRoute(
        GET,
        { storeId: storeA.id },
        { path: `/stores/${storeA.id}/webhooks`, secret: storeB.secret },
      ),
      403,
      "auth/forbidden",
    );
  });

  it("answers PUT with 405 and Allow: GET, POST", async () => {
    const { storeA } = setup();
    const response = await callRoute(
      PUT,
      { storeId: storeA.id },
      { method: "PUT", path: `/stores/${storeA.id}/webhooks`, secret: storeA.secret, body: input() },
    );
    expectProblem(response, 405, "request/method-not-allowed");
    expect(response.headers.get("allow")).toBe("GET, POST");
  });
});
