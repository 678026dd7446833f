import { apiRoute, json, scopedStore } from "@/lib/api/route";
import { webhooks } from "@/lib/contracts";
import { deleteWebhook, getWebhook, updateWebhook } from "@/lib/domain/webhooks";

export const GET = apiRoute(webhooks.getWebhook, async (ctx) => {
  const webhook = await getWebhook(ctx.db, {
    webhookId: ctx.params.webhookId,
    storeIds: [scopedStore(ctx)],
  });
  return json({ webhook });
});

export const PUT = apiRoute(webhooks.updateWebhook, async (ctx) => {
  await updateWebhook(ctx.db, {
    webhookId: ctx.params.webhookId,
    storeIds: [scopedStore(ctx)],
    input: ctx.body.webhook,
  });
  return new Response(null, { status: 204 });
});

export const DELETE = apiRoute(webhooks.deleteWebhook, async (ctx) => {
  await deleteWebhook(ctx.db, { webhookId: ctx.params.webhookId, storeIds: [scopedStore(ctx)] });
  return new Response(null, { status: 204 });
});
