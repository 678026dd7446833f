import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { sendTestEvent, upsertWebhook } from "@/lib/domain/webhooks";
import type { WebhookDelivery } from "@/lib/schemas/webhook-deliveries";
import { type Caller, callRoute } from "@/lib/testing/api";
import { expectProblem, unknownId } from "@/lib/testing/api-helpers";
import { setupApiTestDatabase, type TestStore } from "@/lib/testing/api-setup";
import { runDelivery } from "@/lib/webhooks/dispatcher/attempt";
import { claimDueDeliveries } from "@/lib/webhooks/dispatcher/claim";
import type { SendAttempt } from "@/lib/webhooks/dispatcher/types";
import { attemptRequestHeaders } from "@/lib/webhooks/send";
import { GET } from "./route";

const setup = setupApiTestDatabase();

async function testDelivery(store: TestStore) {
  const { db } = setup().database;
  const { webhook } = await upsertWebhook(db, {
    storeId: store.id,
    input: {
      callback: { url: "https://hooks.example.com/one", auth: null },
      topic: "return",
      extraEventTypes: ["test"],
    },
  });
  return {
    webhookId: webhook.id,
    delivery: await sendTestEvent(db, { webhookId: webhook.id, storeIds: [store.id] }),
  };
}

function read(webhookId: string, deliveryId: string, auth: Caller) {
  return callRoute<{ delivery: WebhookDelivery }>(
    GET,
    { webhookId, deliveryId },
    {
      path: `/webhooks/${webhookId}/deliveries/${deliveryId}`,
      secret: auth.secret,
      headers: auth.cookie ? { cookie: auth.cookie } : {},
    },
  );
}

describe("GET /webhooks/{webhookId}/deliveries/{deliveryId}", () => {
  it("answers the delivery with its attempts, as the list shows it", async () => {
    const { storeA } = setup();
    const { webhookId, delivery } = await testDelivery(storeA);
    const response = await read(webhookId, delivery.id, { secret: storeA.secret });
    expect(response.status).toBe(200);
    expect(response.body.delivery).toEqual(delivery);
  });

  it("shows each attempt's request as sent: token and signature masked, the body byte for byte", async () => {
    const { database, storeA } = setup();
    const { db } = database;
    const token = "tok_secret_value_9876";
    const { webhook } = await upsertWebhook(db, {
      storeId: storeA.id,
      input: {
        callback: { url: "https://hooks.example.com/req", auth: { bearer: { token } } },
        topic: "return",
        extraEventTypes: ["test"],
      },
    });
    const delivery = await sendTestEvent(db, { webhookId: webhook.id, storeIds: [storeA.id] });
    const sent: Record<string, string>[] = [];
    const bodies: string[] = [];
    const fail: SendAttempt = async (input) => {
      sent.push(attemptRequestHeaders(input));
      bodies.push(input.body);
      return {
        ok: false,
        status: 500,
        durationMs: 3,
        error: "HTTP 500",
        responseExcerpt: "no",
        retryAfterMs: null,
      };
    };
    const claimed = await claimDueDeliveries(db, {
      workerId: "t",
      limit: 100,
      leaseMs: 10_000,
      now: new Date(),
    });
    const mine = claimed.find((row) => row.id === delivery.id);
    if (!mine) throw new Error("the test delivery was not claimed");
    await runDelivery(db, mine, { workerId: "t", send: fail });

    const response = await read(webhook.id, delivery.id, { secret: storeA.secret });
    expect(response.status).toBe(200);
    const [attempt] = response.body.delivery.attempts;
    expect(attempt?.request).toEqual({
      headers: {
        ...sent[0],
        authorization: "Bearer ••••9876",
        "webhook-signature": "v1,••••",
      },
      body: bodies[0],
      bodyKind: "snapshot",
      bodySha256: expect.stringMatching(/^[0-9a-f]{64}$/),
      bodyBytes: Buffer.byteLength(bodies[0] ?? ""),
    });
    expect(sent[0]?.["webhook-signature"]).toMatch(/^v1,[A-Za-z0-9+/=]{20,}$/);
    // Neither the token nor the signature reaches the database.
    const { rows } = await db.execute<{ stored: string }>(
      sql`select request_headers::text as stored from delivery_attempts d
        join webhook_deliveries w on w.id = d.delivery_id where w.id = ${delivery.id}`,
    );
    expect(rows[0]?.stored).not.toContain(token);
    expect(rows[0]?.stored).not.toContain(sent[0]?.["webhook-signature"]?.slice(3));
  });

  it("is a 404 for an unknown delivery, one of another webhook, or another store's webhook", async () => {
    const { storeA, storeB } = setup();
    const mine = await testDelivery(storeA);
    const other = await testDelivery(storeA);
    expectProblem(
      await read(mine.webhookId, unknownId("dlv"), { secret: storeA.secret }),
      404,
      "delivery/not-found",
    );
    expectProblem(
      await read(mine.webhookId, other.delivery.id, { secret: storeA.secret }),
      404,
      "delivery/not-found",
    );
    expectProblem(
      await read(mine.webhookId, mine.delivery.id, { secret: storeB.secret }),
      404,
      "webhook/not-found",
    );
  });
});
