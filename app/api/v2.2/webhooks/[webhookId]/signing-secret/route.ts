import { webhookPath } from "@/lib/api/params";
import { apiRoute, json, methodNotAllowed, scopedStore } from "@/lib/api/route";
import type { Db } from "@/lib/db";
import { findWebhookStore, getSigningSecret } from "@/lib/domain/webhooks";

// The staff UI's "reveal": admin only (403), and a webhook of another store is a 404.
const store = ({ db, params, storeIds }: { db: Db; params: { webhookId: string }; storeIds: string[] }) =>
  findWebhookStore(db, { webhookId: params.webhookId, storeIds });

export const GET = apiRoute(
  { resource: "webhook", access: "admin", params: webhookPath, store },
  async (ctx) => {
    const signingSecret = await getSigningSecret(ctx.db, {
      webhookId: ctx.params.webhookId,
      storeIds: [scopedStore(ctx)],
    });
    return json({ signingSecret }, { headers: { "Cache-Control": "no-store" } });
  },
);

export const POST = methodNotAllowed(["GET"]);
export const PUT = methodNotAllowed(["GET"]);
export const PATCH = methodNotAllowed(["GET"]);
export const DELETE = methodNotAllowed(["GET"]);
