import { z } from "zod";
import { apiRoute, json, methodNotAllowed, scopedStore } from "@/lib/api/route";
import type { Db } from "@/lib/db";
import { findWebhookStore, resendDelivery } from "@/lib/domain/webhooks";

const params = z.object({ webhookId: z.string(), deliveryId: z.string() });

// The webhook's store is resolved (404) and the admin role checked (403) before the delivery is looked up.
const store = ({ db, params, storeIds }: { db: Db; params: { webhookId: string }; storeIds: string[] }) =>
  findWebhookStore(db, { webhookId: params.webhookId, storeIds });

export const POST = apiRoute({ resource: "webhook", access: "admin", params, store }, async (ctx) => {
  const delivery = await resendDelivery(ctx.db, {
    webhookId: ctx.params.webhookId,
    deliveryId: ctx.params.deliveryId,
    storeIds: [scopedStore(ctx)],
  });
  return json({ delivery }, { status: 202 });
});

export const GET = methodNotAllowed(["POST"]);
export const PUT = methodNotAllowed(["POST"]);
export const PATCH = methodNotAllowed(["POST"]);
export const DELETE = methodNotAllowed(["POST"]);
