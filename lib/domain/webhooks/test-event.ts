import type { Db } from "../../db";
import { events, webhookDeliveries, webhooks } from "../../db/schema";
import { newId } from "../../ids";
import type { WebhookDelivery } from "../../schemas/webhook-deliveries";
import { notifyDeliveriesSql } from "../../webhooks/channel";
import { NotFoundError } from "../errors";
import { getDelivery } from "./deliveries";
import { webhookInStores } from "./shared";

/** The payload of a test event (the same for `snapshot` and `thin` webhooks but for `thin`'s subject). */
export type TestEventPayload = {
  id: string;
  type: "test";
  topic: "return";
  at: string;
  webhook: { id: string };
};

/**
 * `POST /webhooks/{webhookId}/test`: records a `test` event (topic `return`, subject = the webhook id,
 * payload `{ id, type: "test", topic: "return", at, webhook: { id } }`) and ONE pending delivery of it
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
      .select({ id: webhooks.id, storeId: webhooks.storeId })
      .from(webhooks)
      .where(where)
      .limit(1);
    if (!webhook) throw new NotFoundError("webhook", params.webhookId);
    const id = newId("event");
    const at = new Date();
    const payload: TestEventPayload = {
      id,
      type: "test",
      topic: "return",
      at: at.toISOString(),
      webhook: { id: webhook.id },
    };
    const [event] = await tx
      .insert(events)
      .values({
        id,
        storeId: webhook.storeId,
        topic: "return",
        type: "test",
        subjectId: webhook.id,
        payload,
        createdAt: at,
      })
      .returning({ seq: events.seq });
    if (!event) throw new Error("the event insert returned no row");
    const deliveryId = newId("delivery");
    await tx.insert(webhookDeliveries).values({
      id: deliveryId,
      webhookId: webhook.id,
      eventId: id,
      storeId: webhook.storeId,
      subjectId: webhook.id,
      eventSeq: event.seq,
      trigger: "test",
      status: "pending",
    });
    await tx.execute(notifyDeliveriesSql);
    return getDelivery(tx, { webhookId: webhook.id, deliveryId });
  });
}
