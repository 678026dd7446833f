import { apiRoute, json } from "@/lib/api/route";
import { webhookDeliveries } from "@/lib/contracts";
import { getDelivery } from "@/lib/domain/webhooks/deliveries";

export const GET = apiRoute(webhookDeliveries.getWebhookDelivery, async ({ db, params }) =>
  json({ delivery: await getDelivery(db, params) }),
);
