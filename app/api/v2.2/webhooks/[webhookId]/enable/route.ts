import { apiRoute, json, scopedStore } from "@/lib/api/route";
import { webhooks } from "@/lib/contracts";
import { enableWebhook } from "@/lib/domain/webhooks";

export const POST = apiRoute(webhooks.enableWebhook, async (ctx) => {
  const webhook = await enableWebhook(ctx.db, {
    webhookId: ctx.params.webhookId,
    storeIds: [scopedStore(ctx)],
  });
  return json({ webhook });
});
