import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { upsertWebhook } from "@/lib/domain/webhooks";
import { type Caller, callRoute, callUnserved } from "@/lib/testing/api";
import { expectInvalid, expectProblem, unknownId } from "@/lib/testing/api-helpers";
import { setupApiTestDatabase, type TestStore } from "@/lib/testing/api-setup";
import { POST } from "./route";

const setup = setupApiTestDatabase();
const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

async function webhook(store: TestStore = setup().storeA): Promise<string> {
  const { webhook } = await upsertWebhook(setup().database.db, {
    storeId: store.id,
    input: { callback: { url: "https://hooks.example.com/p", auth: null }, topic: "return" },
  });
  return webhook.id;
}

function replay(webhookId: string, body: unknown, auth: Caller = {}) {
  return callRoute<null>(
    POST,
    { webhookId },
    {
      method: "POST",
      path: `/webhooks/${webhookId}/replay`,
      body,
      ...(auth.headers ? { headers: auth.headers } : { secret: auth.secret ?? setup().storeA.secret }),
    },
  );
}

const replayed = (response: { headers: Headers }) => Number(response.headers.get("x-replayed-count"));

const ago = (ms: number) => new Date(Date.now() - ms).toISOString();

describe("POST /webhooks/{webhookId}/replay", () => {
  it("answers 202 with no body, as published, and the count in X-Replayed-Count (no events yet: 0)", async () => {
    const id = await webhook();
    const response = await replay(id, { start: ago(HOUR) });
    expect(response.status).toBe(202);
    expect(response.text).toBe("");
    expect(replayed(response)).toBe(0);
    // An offset is accepted, and a start just inside the 30 days.
    const day = ago(29 * DAY).slice(0, 10);
    expect((await replay(id, { start: `${day}T12:00:00+02:00` })).status).toBe(202);
  });

  it("replays only the events of the window when until is given (start inclusive, until exclusive)", async () => {
    const { database, storeA } = setup();
    const id = await webhook();
    // Two events of the store and topic, 30 and 10 minutes old (inserted directly: the window is the point).
    await database.db.execute(sql`insert into events (id, store_id, topic, type, subject_id, payload, created_at)
      values (${`evt_w1${id.slice(4, 14)}`}, ${storeA.id}, 'return', 'updated', 'ret_x', '{}'::jsonb, ${ago(30 * 60_000)}::timestamptz),
        (${`evt_w2${id.slice(4, 14)}`}, ${storeA.id}, 'return', 'updated', 'ret_x', '{}'::jsonb, ${ago(10 * 60_000)}::timestamptz)`);
    const boundary = ago(20 * 60_000);
    expect(replayed(await replay(id, { start: ago(HOUR), until: boundary }))).toBe(1);
    expect(replayed(await replay(id, { start: boundary }))).toBe(1);
    expect(replayed(await replay(id, { start: ago(HOUR), until: ago(0) }))).toBe(2);
  });

  it("answers 400 for a start in the future, older than 30 days, malformed, missing, or unknown keys", async () => {
    const id = await webhook();
    expectInvalid(await replay(id, { start: new Date(Date.now() + HOUR).toISOString() }), "webhook", [
      "start",
    ]);
    expectInvalid(await replay(id, { start: ago(31 * DAY) }), "webhook", ["start"]);
    expectInvalid(await replay(id, { start: "yesterday" }), "webhook", ["start"]);
    expectInvalid(await replay(id, { start: 1_700_000_000 }), "webhook", ["start"]);
    expectInvalid(await replay(id, {}), "webhook", ["start"]);
    expectInvalid(await replay(id, { start: ago(HOUR), until: ago(2 * HOUR) }), "webhook", ["until"]);
    expectInvalid(await replay(id, { start: ago(HOUR), until: ago(HOUR) }), "webhook", ["until"]);
    expectInvalid(await replay(id, { start: ago(HOUR), until: "later" }), "webhook", ["until"]);
    expectInvalid(await replay(id, { start: ago(HOUR), end: ago(0) }), "webhook", [""]);
    expectInvalid(await replay(id, []), "webhook", [""]);
  });

  it("answers 404 for unknown and foreign webhooks before reading the body", async () => {
    const foreign = await webhook(setup().storeB);
    for (const id of [foreign, unknownId("whk"), "whk_1"]) {
      expectProblem(await replay(id, { start: ago(HOUR) }), 404, "webhook/not-found");
      expectProblem(await replay(id, "{"), 404, "webhook/not-found");
    }
  });

  it("answers 405 to GET", async () => {
    const { storeA } = setup();
    const id = await webhook();
    const response = await callUnserved("GET", `/webhooks/${id}/replay`, { secret: storeA.secret });
    expectProblem(response, 405, "request/method-not-allowed");
  });
});
