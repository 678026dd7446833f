import { describe, expect, it } from "vitest";
import { rotateSigningSecret, upsertWebhook } from "@/lib/domain/webhooks";
import { callRoute, unservedMethod } from "@/lib/testing/api";
import { expectProblem, unknownId } from "@/lib/testing/api-helpers";
import { setupApiTestDatabase, type TestStore } from "@/lib/testing/api-setup";
import { staffSessionCookie } from "@/lib/testing/session";
import { GET } from "./route";

// The server answers methods a route does not export (405 with the path's Allow).
const POST = unservedMethod;

const setup = setupApiTestDatabase();

async function webhook(store: TestStore = setup().storeA) {
  const result = await upsertWebhook(setup().database.db, {
    storeId: store.id,
    input: { callback: { url: "https://hooks.example.com/g", auth: null }, topic: "return" },
  });
  return { id: result.webhook.id, secret: result.signingSecret as string };
}

function reveal(webhookId: string, auth: { headers?: Record<string, string> } = {}) {
  return callRoute<{ signingSecret: string }>(
    GET,
    { webhookId },
    {
      path: `/webhooks/${webhookId}/signing-secret`,
      ...(auth.headers ? { headers: auth.headers } : { secret: setup().storeA.secret }),
    },
  );
}

describe("GET /webhooks/{webhookId}/signing-secret", () => {
  it("answers 200 with the current secret in full, not cacheable", async () => {
    const { database, storeA } = setup();
    const { id, secret } = await webhook();
    const response = await reveal(id);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ signingSecret: secret });
    expect(response.headers.get("cache-control")).toBe("no-store");
    const rotated = await rotateSigningSecret(database.db, { webhookId: id, storeIds: [storeA.id] });
    expect((await reveal(id)).body.signingSecret).toBe(rotated.signingSecret);
  });

  it("answers 404 for unknown and foreign webhooks", async () => {
    const foreign = await webhook(setup().storeB);
    for (const id of [foreign.id, unknownId("whk"), "whk_1"])
      expectProblem(await reveal(id), 404, "webhook/not-found");
  });

  it("answers 403 to viewer and editor sessions, 200 to an admin session, 405 to POST", async () => {
    const { database, storeA } = setup();
    const { id, secret } = await webhook();
    for (const role of ["viewer", "editor"] as const) {
      const { cookie } = await staffSessionCookie(database.db, [{ storeId: storeA.id, role }]);
      const response = await reveal(id, { headers: { cookie } });
      expectProblem(response, 403, "auth/forbidden");
      expect(response.text).not.toContain(secret.slice(6, 20));
    }
    const admin = await staffSessionCookie(database.db, [{ storeId: storeA.id, role: "admin" }]);
    expect((await reveal(id, { headers: { cookie: admin.cookie } })).body.signingSecret).toBe(secret);
    const response = await callRoute(
      POST,
      { webhookId: id },
      { method: "POST", path: `/webhooks/${id}/signing-secret`, secret: storeA.secret },
    );
    expectProblem(response, 405, "request/method-not-allowed");
  });
});
