import { apiRoute, json, scopedStore } from "@/lib/api/route";
import { webhookDeliveries } from "@/lib/contracts";
import { resendDelivery } from "@/lib/domain/webhooks";

export const POST = apiRoute(webhookDeliveries.resendWebhookDelivery, async (ctx) => {
  const delivery = await resendDelivery(ctx.db, {
    webhookId: ctx.params.webhookId,
    deliveryId: ctx.params.deliveryId,
    storeIds: [scopedStore(ctx)],
  });
  return json({ delivery }, { status: 202 });
});
