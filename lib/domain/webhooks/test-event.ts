import { desc, eq } from "drizzle-orm";
import type { Db } from "../../db";
import { returns } from "../../db/schema";
import type { WebhookDelivery } from "../../schemas/webhook-deliveries";
import { ConflictError } from "../errors";
import { type RecordedEvent, recordEvent } from "../events/record";
import { EVENT_TOPICS } from "../events/topics";
import { getDelivery } from "./deliveries";
import { withWebhookOfStores } from "./shared";

/**
 * `POST /webhooks/{webhookId}/test`: records a test event (stored type `test`, so replays leave it out)
 * and ONE pending delivery of it (trigger `test`) for this webhook only, in one transaction. What it
 * carries depends on what the subscriber understands (decisions §8):
 * - a `return` webhook that did not opt in to `test` gets a published-shaped `updated` event of the
 *   store's most recently updated return (subject: that return); ConflictError("webhook/no-sample-return")
 *   when the store has none, since the package's envelope needs a real return and order;
 * - one that opted in, and webhooks of our own topics, get `{ ..., type: "test", webhook: { id } }`
 *   (subject: the webhook).
 * A `thin` webhook receives the thin form. A disabled webhook keeps the delivery pending until re-enabled.
 * NotFoundError("webhook") when the webhook is not one of `storeIds`.
 */
export async function sendTestEvent(
  db: Db,
  params: { webhookId: string; storeIds: readonly string[] },
): Promise<WebhookDelivery> {
  return withWebhookOfStores(db, params, async (tx, webhook) => {
    const audience = { webhookId: webhook.id, trigger: "test" } as const;
    const event: RecordedEvent =
      webhook.topic === "return" && !webhook.extraEventTypes.includes("test")
        ? await recordSampleReturnEvent(tx, webhook.storeId, audience)
        : await recordEvent(tx, {
            storeId: webhook.storeId,
            topic: webhook.topic,
            type: "test",
            subject: { id: webhook.id },
            payload: { webhook: { id: webhook.id } },
            audience,
          });
    const [deliveryId] = event.deliveryIds;
    if (!deliveryId) throw new Error("the test event got no delivery");
    return getDelivery(tx, { webhookId: webhook.id, deliveryId });
  });
}

/** A test event shaped as the published `updated` event of the store's most recently updated return. */
async function recordSampleReturnEvent(
  tx: Db,
  storeId: string,
  audience: { webhookId: string; trigger: "test" },
): Promise<RecordedEvent> {
  const [latest] = await tx
    .select({ id: returns.id })
    .from(returns)
    .where(eq(returns.storeId, storeId))
    .orderBy(desc(returns.updatedAt), desc(returns.id))
    .limit(1);
  const snapshot = latest ? await EVENT_TOPICS.return.loadSnapshot(tx, storeId, latest.id) : null;
  if (!latest || !snapshot) {
    throw new ConflictError(
      "webhook/no-sample-return",
      "This store has no return to send as a test event. Create a return first, or opt the webhook in to " +
        'test events (extraEventTypes: ["test"]).',
    );
  }
  return recordEvent(tx, {
    storeId,
    topic: "return",
    type: "test",
    sentAs: "updated",
    subject: { id: latest.id },
    payload: snapshot,
    audience,
  });
}
