import { apiRoute, json } from "@/lib/api/route";
import { webhooks } from "@/lib/contracts";
import { getDelivery } from "@/lib/domain/webhooks/deliveries";

export const GET = apiRoute(webhooks.getWebhookDelivery, async ({ db, params }) =>
  json({ delivery: await getDelivery(db, params) }),
);
