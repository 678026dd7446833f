import { apiRoute, scopedStore } from "@/lib/api/route";
import { webhookDeliveries } from "@/lib/contracts";
import { replayEvents } from "@/lib/domain/webhooks";

export const POST = apiRoute(webhookDeliveries.replayWebhookEvents, async (ctx) => {
  const replayed = await replayEvents(ctx.db, {
    webhookId: ctx.params.webhookId,
    storeIds: [scopedStore(ctx)],
    start: new Date(ctx.body.start),
    until: ctx.body.until === undefined ? undefined : new Date(ctx.body.until),
  });
  return new Response(null, { status: 202, headers: { "X-Replayed-Count": String(replayed) } });
});
