import { describe, expect, it } from "vitest";
import { sendTestEvent, upsertWebhook } from "@/lib/domain/webhooks";
import type { WebhookDelivery } from "@/lib/schemas/webhook-deliveries";
import { callRoute } from "@/lib/testing/api";
import { expectProblem, unknownId } from "@/lib/testing/api-helpers";
import { setupApiTestDatabase, type TestStore } from "@/lib/testing/api-setup";
import { staffSessionCookie } from "@/lib/testing/session";
import { GET } from "./route";

const setup = setupApiTestDatabase();

async function testDelivery(store: TestStore) {
  const { db } = setup().database;
  const { webhook } = await upsertWebhook(db, {
    storeId: store.id,
    input: { callback: { url: "https://hooks.example.com/one", auth: null }, topic: "return" },
  });
  return {
    webhookId: webhook.id,
    delivery: await sendTestEvent(db, { webhookId: webhook.id, storeIds: [store.id] }),
  };
}

function read(webhookId: string, deliveryId: string, auth: { secret?: string; cookie?: string }) {
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

  it("is for admins: an editor's session gets 403", async () => {
    const { database, storeA } = setup();
    const { webhookId, delivery } = await testDelivery(storeA);
    const { cookie } = await staffSessionCookie(database.db, [{ storeId: storeA.id, role: "editor" }]);
    expectProblem(await read(webhookId, delivery.id, { cookie }), 403, "auth/forbidden");
  });
});
