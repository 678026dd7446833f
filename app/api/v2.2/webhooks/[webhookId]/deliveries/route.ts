import { nextPageHeaders, readPage } from "@/lib/api/paging";
import { webhookPath } from "@/lib/api/params";
import { apiRoute, json, methodNotAllowed, scopedStore } from "@/lib/api/route";
import type { Db } from "@/lib/db";
import { findWebhookStore, listDeliveries } from "@/lib/domain/webhooks";
import { pageHeadersSchema } from "@/lib/schemas/paging";
import { listDeliveriesQuerySchema } from "@/lib/schemas/webhook-deliveries";

// Admin only, like every webhook operation: the store of the webhook is resolved (404) and the role
// checked (403) before the query and headers are read.
const store = ({ db, params, storeIds }: { db: Db; params: { webhookId: string }; storeIds: string[] }) =>
  findWebhookStore(db, { webhookId: params.webhookId, storeIds });

export const GET = apiRoute(
  {
    resource: "webhook",
    access: "admin",
    params: webhookPath,
    query: listDeliveriesQuerySchema,
    headers: pageHeadersSchema,
    store,
  },
  async (ctx) => {
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
  },
);

export const POST = methodNotAllowed(["GET"]);
export const PUT = methodNotAllowed(["GET"]);
export const PATCH = methodNotAllowed(["GET"]);
export const DELETE = methodNotAllowed(["GET"]);
