import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { webhookDeliveries } from "@/lib/db/schema";
import { sendTestEvent, upsertWebhook } from "@/lib/domain/webhooks";
import type { WebhookDelivery } from "@/lib/schemas/webhook-deliveries";
import { type Caller, callRoute, callUnserved } from "@/lib/testing/api";
import { expectProblem, unknownId } from "@/lib/testing/api-helpers";
import { setupApiTestDatabase, type TestStore } from "@/lib/testing/api-setup";
import { POST } from "./route";

const setup = setupApiTestDatabase();
type Result = { delivery: WebhookDelivery };

async function delivered(store: TestStore = setup().storeA) {
  const { db } = setup().database;
  const { webhook } = await upsertWebhook(db, {
    storeId: store.id,
    input: {
      callback: { url: "https://hooks.example.com/r", auth: null },
      topic: "return",
      extraEventTypes: ["test"],
    },
  });
  const delivery = await sendTestEvent(db, { webhookId: webhook.id, storeIds: [store.id] });
  await db
    .update(webhookDeliveries)
    .set({ status: "discarded", completedAt: new Date(), attemptCount: 9 })
    .where(eq(webhookDeliveries.id, delivery.id));
  return { webhookId: webhook.id, delivery };
}

function resend(webhookId: string, deliveryId: string, auth: Caller = {}) {
  return callRoute<Result>(
    POST,
    { webhookId, deliveryId },
    {
      method: "POST",
      path: `/webhooks/${webhookId}/deliveries/${deliveryId}/resend`,
      ...(auth.headers ? { headers: auth.headers } : { secret: auth.secret ?? setup().storeA.secret }),
    },
  );
}

describe("POST /webhooks/{webhookId}/deliveries/{deliveryId}/resend", () => {
  it("answers 202 with a new pending delivery of the same event; the original is unchanged", async () => {
    const { webhookId, delivery } = await delivered();
    const response = await resend(webhookId, delivery.id);
    expect(response.status).toBe(202);
    expect(response.body.delivery.id).not.toBe(delivery.id);
    expect(response.body.delivery).toMatchObject({
      eventId: delivery.eventId,
      eventType: "test",
      subjectId: webhookId,
      trigger: "resend",
      status: "pending",
      attemptCount: 0,
      completedAt: null,
      attempts: [],
    });
    expect(response.body.delivery.nextAttemptAt).toEqual(expect.any(String));
    const [original] = await setup()
      .database.db.select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.id, delivery.id));
    expect(original).toMatchObject({ status: "discarded", attemptCount: 9 });
  });

  it("answers 404 delivery/not-found for an unknown delivery or one of another webhook", async () => {
    const { webhookId } = await delivered();
    const other = await delivered();
    for (const id of [other.delivery.id, unknownId("dlv"), "dlv_x"]) {
      expectProblem(await resend(webhookId, id), 404, "delivery/not-found");
    }
  });

  it("answers 404 webhook/not-found for another store's webhook, whatever the delivery", async () => {
    const foreign = await delivered(setup().storeB);
    expectProblem(await resend(foreign.webhookId, foreign.delivery.id), 404, "webhook/not-found");
    expectProblem(await resend(unknownId("whk"), foreign.delivery.id), 404, "webhook/not-found");
  });

  it("answers 405 to GET", async () => {
    const { storeA } = setup();
    const { webhookId, delivery } = await delivered();
    const response = await callUnserved("GET", `/webhooks/${webhookId}/deliveries/${delivery.id}/resend`, {
      secret: storeA.secret,
    });
    expectProblem(response, 405, "request/method-not-allowed");
  });
});
