import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { webhooks } from "@/lib/db/schema";
import { upsertWebhook } from "@/lib/domain/webhooks";
import { callRoute, callUnserved } from "@/lib/testing/api";
import { expectProblem, unknownId } from "@/lib/testing/api-helpers";
import { setupApiTestDatabase, type TestStore } from "@/lib/testing/api-setup";
import { signingSecretsFor } from "@/lib/webhooks/signature";
import { POST } from "./route";

const setup = setupApiTestDatabase();
type Result = { signingSecret: string; previousSecretExpiresAt: string };

async function webhook(store: TestStore = setup().storeA) {
  const result = await upsertWebhook(setup().database.db, {
    storeId: store.id,
    input: { callback: { url: "https://hooks.example.com/s", auth: null }, topic: "return" },
  });
  return { id: result.webhook.id, secret: result.signingSecret as string };
}

function rotate(webhookId: string, auth: { headers?: Record<string, string> } = {}) {
  return callRoute<Result>(
    POST,
    { webhookId },
    {
      method: "POST",
      path: `/webhooks/${webhookId}/rotate-secret`,
      ...(auth.headers ? { headers: auth.headers } : { secret: setup().storeA.secret }),
    },
  );
}

describe("POST /webhooks/{webhookId}/rotate-secret", () => {
  it("answers 200 with the new secret in full; the old one signs beside it for 24 hours", async () => {
    const { id, secret } = await webhook();
    const before = Date.now();
    const response = await rotate(id);
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(response.body.signingSecret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(response.body.signingSecret).not.toBe(secret);
    const expires = Date.parse(response.body.previousSecretExpiresAt);
    expect(expires).toBeGreaterThanOrEqual(before + 24 * 60 * 60 * 1000);
    expect(expires).toBeLessThanOrEqual(Date.now() + 24 * 60 * 60 * 1000);

    const [row] = await setup().database.db.select().from(webhooks).where(eq(webhooks.id, id));
    if (!row) throw new Error("no webhook");
    expect(row.signingSecret).toBe(response.body.signingSecret);
    expect(row.previousSigningSecret).toBe(secret);
    expect(row.previousSigningSecretExpiresAt?.toISOString()).toBe(response.body.previousSecretExpiresAt);
    expect(signingSecretsFor(row)).toEqual([response.body.signingSecret, secret]);
    expect(signingSecretsFor(row, new Date(expires))).toEqual([response.body.signingSecret]);
  });

  it("answers 404 for unknown and foreign webhooks, rotating nothing", async () => {
    const foreign = await webhook(setup().storeB);
    for (const id of [foreign.id, unknownId("whk"), "whk_"])
      expectProblem(await rotate(id), 404, "webhook/not-found");
    const [row] = await setup().database.db.select().from(webhooks).where(eq(webhooks.id, foreign.id));
    expect(row?.signingSecret).toBe(foreign.secret);
    expect(row?.previousSigningSecret).toBeNull();
  });

  it("answers 405 to GET", async () => {
    const { storeA } = setup();
    const { id } = await webhook();
    const response = await callUnserved("GET", `/webhooks/${id}/rotate-secret`, { secret: storeA.secret });
    expectProblem(response, 405, "request/method-not-allowed");
  });
});
