import { apiRoute, json } from "@/lib/api/route";
import { webhooks } from "@/lib/contracts";
import { listWebhooks, upsertWebhook } from "@/lib/domain/webhooks";

export const POST = apiRoute(webhooks.createOrUpdateWebhook, async ({ db, params, body, request }) => {
  const { webhook, created } = await upsertWebhook(db, { storeId: params.storeId, input: body.webhook });
  if (!created) return json({ webhook });
  const location = new URL(`/api/v2.2/webhooks/${webhook.id}`, request.nextUrl.origin).toString();
  return json({ webhook }, { status: 201, headers: { Location: location } });
});

export const GET = apiRoute(webhooks.listWebhooks, async ({ db, params }) =>
  json({ webhooks: await listWebhooks(db, { storeId: params.storeId }) }),
);
