import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { webhooks } from "@/lib/db/schema";
import { upsertWebhook } from "@/lib/domain/webhooks";
import type { Webhook } from "@/lib/schemas/webhooks";
import { callRoute, callUnserved } from "@/lib/testing/api";
import { expectProblem, unknownId } from "@/lib/testing/api-helpers";
import { setupApiTestDatabase, type TestStore } from "@/lib/testing/api-setup";
import { POST } from "./route";

const setup = setupApiTestDatabase();

async function disabledWebhook(store: TestStore = setup().storeA): Promise<string> {
  const { db } = setup().database;
  const { webhook } = await upsertWebhook(db, {
    storeId: store.id,
    input: { callback: { url: "https://hooks.example.com/e", auth: null }, topic: "return" },
  });
  const at = new Date("2026-02-01T00:00:00.000Z");
  await db
    .update(webhooks)
    .set({
      disabledAt: at,
      disabledReason: "failing for 3 days",
      failingSince: at,
      lastFailureAt: at,
      consecutiveFailures: 12,
    })
    .where(eq(webhooks.id, webhook.id));
  return webhook.id;
}

function enable(webhookId: string, auth: { headers?: Record<string, string> } = {}) {
  return callRoute<{ webhook: Webhook }>(
    POST,
    { webhookId },
    {
      method: "POST",
      path: `/webhooks/${webhookId}/enable`,
      ...(auth.headers ? { headers: auth.headers } : { secret: setup().storeA.secret }),
    },
  );
}

describe("POST /webhooks/{webhookId}/enable", () => {
  it("answers 200 { webhook } with the disabled state and failure run cleared, idempotently", async () => {
    const id = await disabledWebhook();
    const response = await enable(id);
    expect(response.status).toBe(200);
    expect(response.body.webhook.id).toBe(id);
    expect(response.body.webhook.health).toEqual({
      consecutiveFailures: 0,
      lastSuccessAt: null,
      lastFailureAt: "2026-02-01T00:00:00.000Z",
      failingSince: null,
      disabledAt: null,
      disabledReason: null,
    });
    const again = await enable(id);
    expect(again.status).toBe(200);
    expect(again.body).toEqual(response.body);
  });

  it("answers 404 for unknown and foreign webhooks, enabling nothing", async () => {
    const foreign = await disabledWebhook(setup().storeB);
    for (const id of [foreign, unknownId("whk"), "whk_1"])
      expectProblem(await enable(id), 404, "webhook/not-found");
    const [row] = await setup().database.db.select().from(webhooks).where(eq(webhooks.id, foreign));
    expect(row?.disabledAt).not.toBeNull();
  });

  it("answers 405 to GET", async () => {
    const { storeA } = setup();
    const id = await disabledWebhook();
    const response = await callUnserved("GET", `/webhooks/${id}/enable`, { secret: storeA.secret });
    expectProblem(response, 405, "request/method-not-allowed");
  });
});
