import { and, eq, inArray, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { webhookDeliveries } from "@/lib/db/schema";
import { sendTestEvent, upsertWebhook } from "@/lib/domain/webhooks";
import { BULK_RESEND_LIMIT } from "@/lib/schemas/webhook-deliveries";
import { type Caller, callRoute, callUnserved } from "@/lib/testing/api";
import { expectInvalid, expectProblem, unknownId } from "@/lib/testing/api-helpers";
import { setupApiTestDatabase, type TestStore } from "@/lib/testing/api-setup";
import { POST } from "./route";

const setup = setupApiTestDatabase();
type Result = { matched: number; resent: number };

async function webhook(store: TestStore = setup().storeA): Promise<string> {
  const { webhook } = await upsertWebhook(setup().database.db, {
    storeId: store.id,
    input: {
      callback: { url: "https://hooks.example.com/bulk", auth: null },
      topic: "return",
      extraEventTypes: ["test"],
    },
  });
  return webhook.id;
}

/** `count` test deliveries to the webhook, marked discarded (the failed ones a bulk resend picks). */
async function discarded(webhookId: string, count: number, store: TestStore = setup().storeA) {
  const { db } = setup().database;
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    ids.push((await sendTestEvent(db, { webhookId, storeIds: [store.id] })).id);
  }
  await db
    .update(webhookDeliveries)
    .set({ status: "discarded", completedAt: new Date(), attemptCount: 9 })
    .where(inArray(webhookDeliveries.id, ids));
  return ids;
}

function bulk(webhookId: string, body: unknown, auth: Caller = {}) {
  return callRoute<Result>(
    POST,
    { webhookId },
    {
      method: "POST",
      path: `/webhooks/${webhookId}/deliveries/resend`,
      body,
      ...(auth.headers ? { headers: auth.headers } : { secret: auth.secret ?? setup().storeA.secret }),
    },
  );
}

async function resends(webhookId: string) {
  return setup()
    .database.db.select()
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.webhookId, webhookId), eq(webhookDeliveries.trigger, "resend")));
}

const ago = (ms: number) => new Date(Date.now() - ms).toISOString();

describe("POST /webhooks/{webhookId}/deliveries/resend", () => {
  it("resends each discarded delivery's event once, and nothing twice on a second call", async () => {
    const id = await webhook();
    const failed = await discarded(id, 3);
    // A delivered one is not picked.
    await sendTestEvent(setup().database.db, { webhookId: id, storeIds: [setup().storeA.id] }).then((d) =>
      setup()
        .database.db.update(webhookDeliveries)
        .set({ status: "delivered" })
        .where(eq(webhookDeliveries.id, d.id)),
    );
    const dry = await bulk(id, { dryRun: true });
    expect(dry.status).toBe(202);
    expect(dry.body).toEqual({ matched: 3, resent: 0 });
    expect(await resends(id)).toHaveLength(0);

    const response = await bulk(id, {});
    expect(response.body).toEqual({ matched: 3, resent: 3 });
    const queued = await resends(id);
    expect(queued.map((row) => row.status)).toEqual(["pending", "pending", "pending"]);
    expect(new Set(queued.map((row) => row.eventId)).size).toBe(3);
    expect(failed).toHaveLength(3);
    // The resends are pending: the same events are not queued again.
    expect((await bulk(id, {})).body).toEqual({ matched: 0, resent: 0 });
  });

  it("filters by event type and by creation time (since inclusive, until exclusive)", async () => {
    const id = await webhook();
    await discarded(id, 2);
    expect((await bulk(id, { eventType: "updated", dryRun: true })).body).toEqual({ matched: 0, resent: 0 });
    expect((await bulk(id, { eventType: "test", dryRun: true })).body).toEqual({ matched: 2, resent: 0 });
    expect((await bulk(id, { since: ago(-60_000), dryRun: true })).body.matched).toBe(0);
    expect((await bulk(id, { until: ago(60 * 60_000), dryRun: true })).body.matched).toBe(0);
    expect(
      (await bulk(id, { since: ago(60 * 60_000), until: ago(-60_000), dryRun: true })).body.matched,
    ).toBe(2);
  });

  it(`answers 400 naming the limit when more than ${BULK_RESEND_LIMIT} match, queuing nothing`, async () => {
    const id = await webhook();
    const [first] = await discarded(id, 1);
    const { db } = setup().database;
    const [original] = await db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.id, first ?? ""));
    if (!original) throw new Error("no delivery");
    // BULK_RESEND_LIMIT more discarded deliveries of distinct events, inserted directly (fast).
    const { rows } = await db.execute<{ id: string; seq: number }>(
      sql`insert into events (id, store_id, topic, type, subject_id, payload)
       select 'evt_bulk' || g || ${id.slice(4, 12)}, ${original.storeId}, 'return', 'test', ${id}, '{}'::jsonb
       from generate_series(1, ${BULK_RESEND_LIMIT}::int) g returning id, seq`,
    );
    await db.insert(webhookDeliveries).values(
      rows.map((row, i) => ({
        id: `dlv_bulk${i}${id.slice(4, 12)}`,
        webhookId: id,
        eventId: row.id,
        storeId: original.storeId,
        subjectId: id,
        eventSeq: Number(row.seq),
        status: "discarded" as const,
      })),
    );
    const response = await bulk(id, {});
    expectProblem(response, 400, "webhook/invalid-request");
    expect(JSON.stringify(response.body)).toContain(String(BULK_RESEND_LIMIT));
    expect(await resends(id)).toHaveLength(0);
  });

  it("answers 400 for an until not after since, bad values and unknown keys", async () => {
    const id = await webhook();
    expectInvalid(await bulk(id, { since: ago(0), until: ago(60_000) }), "webhook", ["until"]);
    expectInvalid(await bulk(id, { since: "yesterday" }), "webhook", ["since"]);
    expectInvalid(await bulk(id, { eventType: "nope" }), "webhook", ["eventType"]);
    expectInvalid(await bulk(id, { status: "discarded" }), "webhook", [""]);
    expectInvalid(await bulk(id, { dryRun: "yes" }), "webhook", ["dryRun"]);
  });

  it("answers 404 for unknown and foreign webhooks, 405 to GET", async () => {
    const { storeA, storeB } = setup();
    const foreign = await webhook(storeB);
    for (const webhookId of [foreign, unknownId("whk")]) {
      expectProblem(await bulk(webhookId, {}), 404, "webhook/not-found");
    }
    const id = await webhook();
    const response = await callUnserved("GET", `/webhooks/${id}/deliveries/resend`, {
      secret: storeA.secret,
    });
    expectProblem(response, 405, "request/method-not-allowed");
  });
});
