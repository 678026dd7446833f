import { webhookPath } from "@/lib/api/params";
import { apiRoute, json, methodNotAllowed } from "@/lib/api/route";
import { deleteWebhook, findWebhookStore, getWebhook, updateWebhook } from "@/lib/domain/webhooks";
import { updateWebhookRequestSchema } from "@/lib/schemas/webhooks";

// Webhooks hold the merchant's secrets: staff need the admin role even to read them.

export const GET = apiRoute(
  { resource: "webhook", access: "admin", params: webhookPath },
  async ({ db, params, storeIds, authorize }) => {
    authorize(await findWebhookStore(db, { webhookId: params.webhookId, storeIds }));
    return json({ webhook: await getWebhook(db, { webhookId: params.webhookId, storeIds }) });
  },
);

export const PUT = apiRoute(
  { resource: "webhook", access: "admin", params: webhookPath, body: updateWebhookRequestSchema },
  async ({ db, params, body, storeIds, authorize }) => {
    const storeId = await findWebhookStore(db, { webhookId: params.webhookId, storeIds });
    authorize(storeId);
    const webhook = await updateWebhook(db, {
      webhookId: params.webhookId,
      storeIds: [storeId],
      input: body.webhook,
    });
    return json({ webhook });
  },
);

export const DELETE = apiRoute(
  { resource: "webhook", access: "admin", params: webhookPath },
  async ({ db, params, storeIds, authorize }) => {
    const storeId = await findWebhookStore(db, { webhookId: params.webhookId, storeIds });
    authorize(storeId);
    await deleteWebhook(db, { webhookId: params.webhookId, storeIds: [storeId] });
    return new Response(null, { status: 204 });
  },
);

export const POST = methodNotAllowed(["GET", "PUT", "DELETE"]);
export const PATCH = methodNotAllowed(["GET", "PUT", "DELETE"]);
