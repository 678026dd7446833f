import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { events, webhookDeliveries } from "@/lib/db/schema";
import { upsertWebhook } from "@/lib/domain/webhooks";
import type { WebhookDelivery } from "@/lib/schemas/webhook-deliveries";
import { callRoute, callUnserved } from "@/lib/testing/api";
import { expectProblem, unknownId } from "@/lib/testing/api-helpers";
import { setupApiTestDatabase, type TestStore } from "@/lib/testing/api-setup";
import { POST } from "./route";

const setup = setupApiTestDatabase();

/** A return webhook that opted in to test events, unless `optIn` is false. */
async function webhook(store: TestStore = setup().storeA, optIn = true): Promise<string> {
  const { webhook } = await upsertWebhook(setup().database.db, {
    storeId: store.id,
    input: {
      callback: { url: "https://hooks.example.com/t", auth: null },
      topic: "return",
      extraEventTypes: optIn ? ["test"] : [],
    },
  });
  return webhook.id;
}

function sendTest(webhookId: string, auth: { headers?: Record<string, string> } = {}) {
  return callRoute<{ delivery: WebhookDelivery }>(
    POST,
    { webhookId },
    {
      method: "POST",
      path: `/webhooks/${webhookId}/test`,
      ...(auth.headers ? { headers: auth.headers } : { secret: setup().storeA.secret }),
    },
  );
}

describe("POST /webhooks/{webhookId}/test", () => {
  it("answers 202 { delivery } of a new test event for this webhook only, when it opted in to test", async () => {
    const { db } = setup().database;
    const bystander = await webhook();
    const id = await webhook();
    const response = await sendTest(id);
    expect(response.status).toBe(202);
    expect(response.body.delivery).toMatchObject({
      eventType: "test",
      subjectId: id,
      trigger: "test",
      status: "pending",
      attempts: [],
    });
    const [event] = await db.select().from(events).where(eq(events.id, response.body.delivery.eventId));
    expect(event?.payload).toMatchObject({ type: "test", merchantName: "Store A", webhook: { id } });
    expect(
      await db.select().from(webhookDeliveries).where(eq(webhookDeliveries.webhookId, bystander)),
    ).toEqual([]);
  });

  it("answers 409 webhook/no-sample-return to a webhook without the opt-in when the store has no return", async () => {
    const id = await webhook(setup().storeA, false);
    expectProblem(await sendTest(id), 409, "webhook/no-sample-return");
  });

  it("answers 404 for unknown and foreign webhooks", async () => {
    const foreign = await webhook(setup().storeB);
    for (const id of [foreign, unknownId("whk"), "x"])
      expectProblem(await sendTest(id), 404, "webhook/not-found");
  });

  it("answers 405 to GET", async () => {
    const { storeA } = setup();
    const id = await webhook();
    const response = await callUnserved("GET", `/webhooks/${id}/test`, { secret: storeA.secret });
    expectProblem(response, 405, "request/method-not-allowed");
  });
});
