import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { POST as createRoute } from "@/app/api/v2.2/stores/[storeId]/webhooks/route";
import { webhooks } from "@/lib/db/schema";
import type { Webhook } from "@/lib/schemas/webhooks";
import { callRoute, unservedMethod } from "@/lib/testing/api";
import { expectInvalid, expectProblem, unknownId } from "@/lib/testing/api-helpers";
import { setupApiTestDatabase, type TestStore } from "@/lib/testing/api-setup";
import { DELETE, GET, PUT } from "./route";

// The server answers methods a route does not export (405 with the path's Allow).
const PATCH = unservedMethod;
const POST = unservedMethod;

const setup = setupApiTestDatabase();
type Result = { webhook: Webhook };

// Without the development setting, so private and plain-http URLs are refused as in production.
beforeAll(() => vi.stubEnv("BACKROOM_ALLOW_PRIVATE_WEBHOOK_URLS", undefined));
afterAll(() => vi.unstubAllEnvs());

async function create(externalId: string | null = null, store: TestStore = setup().storeA): Promise<Webhook> {
  const response = await callRoute<Result>(
    createRoute,
    { storeId: store.id },
    {
      method: "POST",
      path: `/stores/${store.id}/webhooks`,
      secret: store.secret,
      body: {
        webhook: {
          callback: { url: "https://hooks.example.com/one", auth: { bearer: { token: "first-token-0001" } } },
          topic: "return",
          ...(externalId ? { externalId } : {}),
        },
      },
    },
  );
  expect(response.status).toBe(201);
  return response.body.webhook;
}

function call(handler: typeof GET, method: string, webhookId: string, secret: string, body?: unknown) {
  return callRoute<Result>(
    handler,
    { webhookId },
    { method, path: `/webhooks/${encodeURIComponent(webhookId)}`, secret, body },
  );
}

const get = (id: string, secret = setup().storeA.secret) => call(GET, "GET", id, secret);
const put = (id: string, body: unknown, secret = setup().storeA.secret) => call(PUT, "PUT", id, secret, body);
const remove = (id: string, secret = setup().storeA.secret) => call(DELETE, "DELETE", id, secret);

function update(
  url: string,
  token: string | null,
  externalId: string | null,
  extra: Record<string, unknown> = {},
) {
  return {
    webhook: { callback: { url, auth: token === null ? null : { bearer: { token } } }, externalId, ...extra },
  };
}

describe("GET /webhooks/{webhookId}", () => {
  it("answers 200 { webhook } with the token masked", async () => {
    const created = await create("get-1");
    const response = await get(created.id);
    expect(response.status).toBe(200);
    expect(response.body.webhook).toEqual(created);
    expect(response.body.webhook.callback.auth?.bearer.token).toBe("••••0001");
    expect(response.text).not.toContain("first-token-0001");
  });

  it("answers 404 webhook/not-found alike for unknown, malformed and other stores' webhooks", async () => {
    const { storeB } = setup();
    const foreign = await create("theirs", storeB);
    const shapes = new Set<string>();
    for (const id of [foreign.id, unknownId("whk"), "whk_1", "ret_x", "..", "x".repeat(300)]) {
      const body = expectProblem(await get(id), 404, "webhook/not-found");
      shapes.add(JSON.stringify([body.type, body.title, body.status]));
    }
    expect(shapes.size).toBe(1);
  });
});

describe("PUT /webhooks/{webhookId}", () => {
  it("replaces callback and externalId: 204 with no body, and a GET shows the new values", async () => {
    const created = await create("put-1");
    const response = await put(
      created.id,
      update("https://hooks.example.com/two", "second-token-0002", "put-1b", { payload: "thin" }),
    );
    expect(response.status).toBe(204);
    expect(response.text).toBe("");
    const read = (await get(created.id)).body.webhook;
    expect(read).toMatchObject({
      id: created.id,
      callback: { url: "https://hooks.example.com/two", auth: { bearer: { token: "••••0002" } } },
      externalId: "put-1b",
      kind: "redo",
      payload: "thin",
      topic: "return",
      createdAt: created.createdAt,
    });
    expect(read.updatedAt >= created.updatedAt).toBe(true);
  });

  it("works read-modify-write: the masked token as read, sent back, keeps the stored token", async () => {
    const created = await create("rmw");
    const { webhook } = (await get(created.id)).body;
    const body = {
      webhook: {
        callback: { ...webhook.callback, url: "https://hooks.example.com/moved" },
        externalId: webhook.externalId,
      },
    };
    expect((await put(created.id, body)).status).toBe(204);
    const [row] = await setup().database.db.select().from(webhooks).where(eq(webhooks.id, created.id));
    expect(row?.authToken).toBe("first-token-0001");
    expect(row?.url).toBe("https://hooks.example.com/moved");
    // A mask that is not this token's is refused: there is nothing to keep.
    expectInvalid(
      await put(created.id, update("https://hooks.example.com/moved", "••••zzzz", "rmw")),
      "webhook",
      ["webhook.callback.auth.bearer.token"],
    );
  });

  it("removes the token with auth: null, and the externalId with null or by leaving it out", async () => {
    const created = await create("put-2");
    expect((await put(created.id, update("https://hooks.example.com/x", null, null))).status).toBe(204);
    const read = (await get(created.id)).body.webhook;
    expect(read.callback.auth).toBeNull();
    expect(read.externalId).toBeNull();
    const keyed = await create("put-3");
    const omitted = { webhook: { callback: { url: "https://h.example.com/", auth: null } } };
    expect((await put(keyed.id, omitted)).status).toBe(204);
    expect((await get(keyed.id)).body.webhook.externalId).toBeNull();
  });

  it("keeps the stored token when callback.auth is left out", async () => {
    const created = await create("put-keep");
    const keep = { webhook: { callback: { url: "https://hooks.example.com/kept" }, externalId: "put-keep" } };
    expect((await put(created.id, keep)).status).toBe(204);
    expect((await get(created.id)).body.webhook.callback).toEqual({
      url: "https://hooks.example.com/kept",
      auth: { bearer: { token: "••••0001" } },
    });
    // And a later omission after a removal keeps "no token".
    await put(created.id, update("https://hooks.example.com/kept", null, "put-keep"));
    await put(created.id, keep);
    expect((await get(created.id)).body.webhook.callback.auth).toBeNull();
  });

  it("changes our own settings only when given (kind, payload, extraEventTypes, topic)", async () => {
    const created = await create("own");
    const settings = { kind: "loop", payload: "thin", extraEventTypes: ["test"], topic: "return" };
    await put(created.id, update("https://hooks.example.com/o", null, "own", settings));
    expect((await get(created.id)).body.webhook).toMatchObject(settings);
    await put(created.id, update("https://hooks.example.com/o", null, "own"));
    expect((await get(created.id)).body.webhook).toMatchObject(settings);
  });

  it("answers 409 webhook/external-id-conflict when taking another webhook's externalId, changing nothing", async () => {
    const taken = await create("owner-key");
    const mover = await create("mover-key");
    const response = await put(mover.id, update("https://hooks.example.com/moved", null, "owner-key"));
    expectProblem(response, 409, "webhook/external-id-conflict");
    expect((await get(mover.id)).body.webhook).toEqual(mover);
    expect((await get(taken.id)).body.webhook).toEqual(taken);
    // Keeping its own externalId is no conflict.
    expect((await put(mover.id, update("https://hooks.example.com/moved", null, "mover-key"))).status).toBe(
      204,
    );
  });

  it("lets another store's webhook keep the same externalId (no 409 across stores)", async () => {
    const { storeB } = setup();
    await create("shared-key", storeB);
    const mine = await create();
    expect((await put(mine.id, update("https://hooks.example.com/s", null, "shared-key"))).status).toBe(204);
    expect((await get(mine.id)).body.webhook.externalId).toBe("shared-key");
  });

  it.each([
    ["an http URL", update("http://hooks.example.com/h", null, null), "webhook.callback.url"],
    ["a private address", update("https://10.0.0.8/h", null, null), "webhook.callback.url"],
    [
      "the published kind misused as the payload",
      update("https://h.example.com/", null, null, { kind: "thin" }),
      "webhook.kind",
    ],
    ["a missing callback", { webhook: { externalId: null } }, "webhook.callback"],
    [
      "a bad token",
      update("https://h.example.com/", "has space", null),
      "webhook.callback.auth.bearer.token",
    ],
    ["an unknown key", update("https://h.example.com/", null, null, { id: "whk_x" }), "webhook"],
  ])("refuses %s with 400 and changes nothing", async (_name, body, path) => {
    const created = await create();
    expectInvalid(await put(created.id, body), "webhook", [path]);
    expect((await get(created.id)).body.webhook).toEqual(created);
  });

  it("answers 404 for another store's webhook and leaves it unchanged", async () => {
    const { storeB } = setup();
    const foreign = await create("b-hook", storeB);
    const body = update("https://attacker.example.com/", null, null);
    expectProblem(await put(foreign.id, body), 404, "webhook/not-found");
    expectProblem(await put(unknownId("whk"), body), 404, "webhook/not-found");
    expect((await get(foreign.id, storeB.secret)).body.webhook).toEqual(foreign);
  });
});

describe("DELETE /webhooks/{webhookId}", () => {
  it("answers 204 with no body, then GET, PUT and DELETE answer 404", async () => {
    const created = await create("delete-me");
    const response = await remove(created.id);
    expect(response.status).toBe(204);
    expect(response.text).toBe("");
    expect(response.headers.get("x-request-id")).toBeTruthy();
    expectProblem(await get(created.id), 404, "webhook/not-found");
    expectProblem(
      await put(created.id, update("https://h.example.com/", null, null)),
      404,
      "webhook/not-found",
    );
    expectProblem(await remove(created.id), 404, "webhook/not-found");
    // Its externalId is free again.
    expect((await create("delete-me")).id).not.toBe(created.id);
  });

  it("answers 404 for another store's webhook and does not delete it", async () => {
    const { storeB } = setup();
    const foreign = await create(null, storeB);
    expectProblem(await remove(foreign.id), 404, "webhook/not-found");
    expect((await get(foreign.id, storeB.secret)).status).toBe(200);
  });
});

describe("other methods", () => {
  it.each([
    ["POST", POST],
    ["PATCH", PATCH],
  ])("answers %s with 405 and Allow: GET, PUT, DELETE", async (method, handler) => {
    const created = await create();
    const response = await call(handler, method, created.id, setup().storeA.secret, {});
    expectProblem(response, 405, "request/method-not-allowed");
    expect(response.headers.get("allow")).toBe("GET, PUT, DELETE");
  });
});
