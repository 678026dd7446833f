import type { Db } from "../../db";
import { webhooks } from "../../db/schema";
import type { WebhookDelivery } from "../../schemas/webhook-deliveries";
import { NotFoundError } from "../errors";
import { recordEvent } from "../events/record";
import { getDelivery } from "./deliveries";
import { webhookInStores } from "./shared";

/**
 * `POST /webhooks/{webhookId}/test`: records a `test` event (the webhook's topic, subject = the webhook
 * id, payload `{ id, type: "test", topic, at, webhook: { id } }`) and ONE pending delivery of it
 * (trigger `test`) for this webhook only, in one transaction. A `thin` webhook receives the thin form
 * (`subject: { id: <webhook id> }`). A disabled webhook keeps the delivery pending until re-enabled.
 * NotFoundError("webhook") when the webhook is not one of `storeIds`.
 */
export async function sendTestEvent(
  db: Db,
  params: { webhookId: string; storeIds: readonly string[] },
): Promise<WebhookDelivery> {
  const where = webhookInStores(params.webhookId, params.storeIds);
  if (!where) throw new NotFoundError("webhook", params.webhookId);
  return db.transaction(async (tx) => {
    const [webhook] = await tx
      .select({ id: webhooks.id, storeId: webhooks.storeId, topic: webhooks.topic })
      .from(webhooks)
      .where(where)
      .limit(1);
    if (!webhook) throw new NotFoundError("webhook", params.webhookId);
    const event = await recordEvent(tx, {
      storeId: webhook.storeId,
      topic: webhook.topic,
      type: "test",
      subject: { id: webhook.id },
      payload: { webhook: { id: webhook.id } },
      audience: { webhookId: webhook.id, trigger: "test" },
    });
    const [deliveryId] = event.deliveryIds;
    if (!deliveryId) throw new Error("the test event got no delivery");
    return getDelivery(tx, { webhookId: webhook.id, deliveryId });
  });
}
