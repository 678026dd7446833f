import { storePath } from "@/lib/api/params";
import { apiRoute, json, methodNotAllowed } from "@/lib/api/route";
import { listWebhooks, upsertWebhook } from "@/lib/domain/webhooks";
import { createWebhookRequestSchema } from "@/lib/schemas/webhooks";

export const POST = apiRoute(
  { resource: "webhook", access: "admin", params: storePath, body: createWebhookRequestSchema },
  async ({ db, params, body, request }) => {
    const { webhook, created } = await upsertWebhook(db, { storeId: params.storeId, input: body.webhook });
    if (!created) return json({ webhook });
    const location = new URL(`/api/v2.2/webhooks/${webhook.id}`, request.nextUrl.origin).toString();
    return json({ webhook }, { status: 201, headers: { Location: location } });
  },
);

export const GET = apiRoute(
  { resource: "webhook", access: "admin", params: storePath },
  async ({ db, params }) => json({ webhooks: await listWebhooks(db, { storeId: params.storeId }) }),
);

export const PUT = methodNotAllowed(["GET", "POST"]);
export const PATCH = methodNotAllowed(["GET", "POST"]);
export const DELETE = methodNotAllowed(["GET", "POST"]);
