import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { webhookDeliveries } from "@/lib/db/schema";
import { sendTestEvent, upsertWebhook } from "@/lib/domain/webhooks";
import type { WebhookDelivery } from "@/lib/schemas/webhook-deliveries";
import { callRoute, unservedMethod } from "@/lib/testing/api";
import { expectInvalid, expectProblem, SAME_ORIGIN, unknownId } from "@/lib/testing/api-helpers";
import { setupApiTestDatabase, type TestStore } from "@/lib/testing/api-setup";
import { staffSessionCookie } from "@/lib/testing/session";
import { GET } from "./route";

// The server answers methods a route does not export (405 with the path's Allow).
const POST = unservedMethod;

const setup = setupApiTestDatabase();
type Result = { deliveries: WebhookDelivery[] };

async function webhookWithDeliveries(count: number, store: TestStore = setup().storeA) {
  const { db } = setup().database;
  const { webhook } = await upsertWebhook(db, {
    storeId: store.id,
    input: {
      callback: { url: "https://hooks.example.com/d", auth: null },
      topic: "return",
      extraEventTypes: ["test"],
    },
  });
  const sent: WebhookDelivery[] = [];
  for (let i = 0; i < count; i++)
    sent.push(await sendTestEvent(db, { webhookId: webhook.id, storeIds: [store.id] }));
  return { webhookId: webhook.id, sent };
}

function list(
  webhookId: string,
  init: { query?: string; headers?: Record<string, string>; secret?: string } = {},
) {
  const secret = init.headers?.cookie ? undefined : (init.secret ?? setup().storeA.secret);
  return callRoute<Result>(
    GET,
    { webhookId },
    { path: `/webhooks/${webhookId}/deliveries${init.query ?? ""}`, secret, headers: init.headers },
  );
}

describe("GET /webhooks/{webhookId}/deliveries", () => {
  it("pages the webhook's deliveries newest first with X-Page-Size / X-Page-Next", async () => {
    const { webhookId, sent } = await webhookWithDeliveries(5);
    const seen: string[] = [];
    let marker: string | null = null;
    for (let page = 0; page < 5; page++) {
      const response = await list(webhookId, {
        headers: { "x-page-size": "2", ...(marker ? { "x-page-continue": marker } : {}) },
      });
      expect(response.status).toBe(200);
      expect(response.body.deliveries.length).toBeLessThanOrEqual(2);
      seen.push(...response.body.deliveries.map((d) => d.id));
      marker = response.headers.get("x-page-next");
      if (!marker) break;
    }
    const expected = [...sent]
      .sort((a, b) => b.createdAt.localeCompare(a.createdAt) || (a.id < b.id ? 1 : -1))
      .map((d) => d.id);
    expect(seen).toEqual(expected);
    const [first] = (await list(webhookId)).body.deliveries;
    expect(first).toMatchObject({ eventType: "test", trigger: "test", status: "pending", attempts: [] });
  });

  it("filters by status", async () => {
    const { webhookId, sent } = await webhookWithDeliveries(3);
    await setup()
      .database.db.update(webhookDeliveries)
      .set({ status: "discarded", completedAt: new Date(), attemptCount: 8 })
      .where(eq(webhookDeliveries.id, sent[0]?.id as string));
    const discarded = await list(webhookId, { query: "?status=discarded" });
    expect(discarded.body.deliveries.map((d) => d.id)).toEqual([sent[0]?.id]);
    expect(discarded.body.deliveries[0]).toMatchObject({ nextAttemptAt: null, attemptCount: 8 });
    expect((await list(webhookId, { query: "?status=pending" })).body.deliveries).toHaveLength(2);
    expect((await list(webhookId, { query: "?status=delivered" })).body.deliveries).toEqual([]);
  });

  it("answers 400 for a bad filter, page size or page marker", async () => {
    const { webhookId } = await webhookWithDeliveries(3);
    const other = await webhookWithDeliveries(3);
    expectInvalid(await list(webhookId, { query: "?status=failed" }), "webhook", ["status"]);
    expectInvalid(await list(webhookId, { query: "?state=pending" }), "webhook", [""]);
    expectInvalid(await list(webhookId, { query: "?status=pending&status=delivered" }), "webhook", [
      "status",
    ]);
    expectInvalid(await list(webhookId, { headers: { "x-page-size": "0" } }), "webhook", ["x-page-size"]);
    const page = await list(other.webhookId, { headers: { "x-page-size": "1" } });
    const marker = page.headers.get("x-page-next") as string;
    expect(marker).toBeTruthy();
    // A marker of another webhook's list, or of other filters, is refused.
    expectInvalid(await list(webhookId, { headers: { "x-page-continue": marker } }), "webhook", [
      "X-Page-Continue",
    ]);
    expectInvalid(
      await list(other.webhookId, { query: "?status=pending", headers: { "x-page-continue": marker } }),
      "webhook",
      ["X-Page-Continue"],
    );
  });

  it("answers 404 alike for unknown, malformed and other stores' webhooks", async () => {
    const foreign = await webhookWithDeliveries(1, setup().storeB);
    for (const id of [foreign.webhookId, unknownId("whk"), "whk_1"]) {
      expectProblem(await list(id), 404, "webhook/not-found");
    }
  });

  it("answers an admin's session, and 405 to POST", async () => {
    const { database, storeA } = setup();
    const { webhookId } = await webhookWithDeliveries(1);
    const { cookie } = await staffSessionCookie(database.db, [{ storeId: storeA.id, role: "admin" }]);
    expect((await list(webhookId, { headers: { cookie, ...SAME_ORIGIN } })).status).toBe(200);
    const response = await callRoute(
      POST,
      { webhookId },
      { method: "POST", path: `/webhooks/${webhookId}/deliveries`, secret: storeA.secret, body: {} },
    );
    expectProblem(response, 405, "request/method-not-allowed");
    expect(response.headers.get("allow")).toBe("GET");
  });
});
