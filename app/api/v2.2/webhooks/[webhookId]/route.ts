import { webhookPath } from "@/lib/api/params";
import { apiRoute, json, methodNotAllowed, scopedStore } from "@/lib/api/route";
import type { Db } from "@/lib/db";
import { deleteWebhook, findWebhookStore, getWebhook, updateWebhook } from "@/lib/domain/webhooks";
import { updateWebhookRequestSchema } from "@/lib/schemas/webhooks";

// Webhooks hold the merchant's secrets: staff need the admin role even to read them. The store of the
// webhook is resolved (404) and the role checked (403) before any body is read.
const store = ({ db, params, storeIds }: { db: Db; params: { webhookId: string }; storeIds: string[] }) =>
  findWebhookStore(db, { webhookId: params.webhookId, storeIds });

export const GET = apiRoute(
  { resource: "webhook", access: "admin", params: webhookPath, store },
  async (ctx) => {
    const webhook = await getWebhook(ctx.db, {
      webhookId: ctx.params.webhookId,
      storeIds: [scopedStore(ctx)],
    });
    return json({ webhook });
  },
);

export const PUT = apiRoute(
  { resource: "webhook", access: "admin", params: webhookPath, body: updateWebhookRequestSchema, store },
  async (ctx) => {
    const webhook = await updateWebhook(ctx.db, {
      webhookId: ctx.params.webhookId,
      storeIds: [scopedStore(ctx)],
      input: ctx.body.webhook,
    });
    return json({ webhook });
  },
);

export const DELETE = apiRoute(
  { resource: "webhook", access: "admin", params: webhookPath, store },
  async (ctx) => {
    await deleteWebhook(ctx.db, { webhookId: ctx.params.webhookId, storeIds: [scopedStore(ctx)] });
    return new Response(null, { status: 204 });
  },
);

export const POST = methodNotAllowed(["GET", "PUT", "DELETE"]);
export const PATCH = methodNotAllowed(["GET", "PUT", "DELETE"]);
