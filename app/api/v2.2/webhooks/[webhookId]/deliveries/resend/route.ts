import { apiRoute, json, scopedStore } from "@/lib/api/route";
import { webhookDeliveries } from "@/lib/contracts";
import { bulkResendDeliveries } from "@/lib/domain/webhooks";

export const POST = apiRoute(webhookDeliveries.bulkResendWebhookDeliveries, async (ctx) => {
  const { eventType, since, until, dryRun } = ctx.body;
  const result = await bulkResendDeliveries(ctx.db, {
    webhookId: ctx.params.webhookId,
    storeIds: [scopedStore(ctx)],
    eventType,
    since: since === undefined ? undefined : new Date(since),
    until: until === undefined ? undefined : new Date(until),
    dryRun,
  });
  return json(result, { status: 202 });
});
