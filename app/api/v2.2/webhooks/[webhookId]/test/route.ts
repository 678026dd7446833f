import { apiRoute, json, scopedStore } from "@/lib/api/route";
import { webhooks } from "@/lib/contracts";
import { sendTestEvent } from "@/lib/domain/webhooks";

export const POST = apiRoute(webhooks.sendWebhookTestEvent, async (ctx) => {
  const delivery = await sendTestEvent(ctx.db, {
    webhookId: ctx.params.webhookId,
    storeIds: [scopedStore(ctx)],
  });
  return json({ delivery }, { status: 202 });
});
