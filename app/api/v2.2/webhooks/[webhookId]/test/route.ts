import { webhookPath } from "@/lib/api/params";
import { apiRoute, json, methodNotAllowed, scopedStore } from "@/lib/api/route";
import type { Db } from "@/lib/db";
import { findWebhookStore, sendTestEvent } from "@/lib/domain/webhooks";

// The store of the webhook is resolved (404) and the role checked (403) before anything is written.
const store = ({ db, params, storeIds }: { db: Db; params: { webhookId: string }; storeIds: string[] }) =>
  findWebhookStore(db, { webhookId: params.webhookId, storeIds });

export const POST = apiRoute(
  { resource: "webhook", access: "admin", params: webhookPath, store },
  async (ctx) => {
    const delivery = await sendTestEvent(ctx.db, {
      webhookId: ctx.params.webhookId,
      storeIds: [scopedStore(ctx)],
    });
    return json({ delivery }, { status: 202 });
  },
);

export const GET = methodNotAllowed(["POST"]);
export const PUT = methodNotAllowed(["POST"]);
export const PATCH = methodNotAllowed(["POST"]);
export const DELETE = methodNotAllowed(["POST"]);
