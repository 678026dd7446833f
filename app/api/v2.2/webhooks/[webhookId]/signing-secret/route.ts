import { apiRoute, json, scopedStore } from "@/lib/api/route";
import { webhooks } from "@/lib/contracts";
import { getSigningSecret } from "@/lib/domain/webhooks";

export const GET = apiRoute(webhooks.getWebhookSigningSecret, async (ctx) => {
  const signingSecret = await getSigningSecret(ctx.db, {
    webhookId: ctx.params.webhookId,
    storeIds: [scopedStore(ctx)],
  });
  return json({ signingSecret }, { headers: { "Cache-Control": "no-store" } });
});
