import { webhookPath } from "@/lib/api/params";
import { apiRoute, json, methodNotAllowed, scopedStore } from "@/lib/api/route";
import type { Db } from "@/lib/db";
import { findWebhookStore, replayEvents } from "@/lib/domain/webhooks";
import { replayRequestSchema } from "@/lib/schemas/webhook-deliveries";

// The store of the webhook is resolved (404) and the role checked (403) before any body is read.
const store = ({ db, params, storeIds }: { db: Db; params: { webhookId: string }; storeIds: string[] }) =>
  findWebhookStore(db, { webhookId: params.webhookId, storeIds });

export const POST = apiRoute(
  { resource: "webhook", access: "admin", params: webhookPath, body: replayRequestSchema, store },
  async (ctx) => {
    const replayed = await replayEvents(ctx.db, {
      webhookId: ctx.params.webhookId,
      storeIds: [scopedStore(ctx)],
      start: new Date(ctx.body.start),
    });
    return json({ replayed }, { status: 202 });
  },
);

export const GET = methodNotAllowed(["POST"]);
export const PUT = methodNotAllowed(["POST"]);
export const PATCH = methodNotAllowed(["POST"]);
export const DELETE = methodNotAllowed(["POST"]);
