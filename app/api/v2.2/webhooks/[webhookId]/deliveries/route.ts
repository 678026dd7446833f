import { nextPageHeaders, readPage } from "@/lib/api/paging";
import { apiRoute, json, scopedStore } from "@/lib/api/route";
import { webhookDeliveries } from "@/lib/contracts";
import { listDeliveries } from "@/lib/domain/webhooks";

export const GET = apiRoute(webhookDeliveries.listWebhookDeliveries, async (ctx) => {
  // The webhook is part of the filters: a page marker of another webhook's list is a 400.
  const filters = { webhookId: ctx.params.webhookId, ...ctx.query };
  const page = await readPage(ctx.db, ctx.headers, filters, "webhook");
  const result = await listDeliveries(ctx.db, {
    webhookId: ctx.params.webhookId,
    storeIds: [scopedStore(ctx)],
    status: ctx.query.status,
    limit: page.limit,
    after: page.after ? { createdAt: page.after.updatedAt, id: page.after.id } : undefined,
  });
  const next = result.next ? { updatedAt: result.next.createdAt, id: result.next.id } : undefined;
  return json({ deliveries: result.deliveries }, { headers: await nextPageHeaders(ctx.db, next, filters) });
});
