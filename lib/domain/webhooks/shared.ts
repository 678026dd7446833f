import { and, eq, inArray, type SQL } from "drizzle-orm";
import type { Db } from "../../db";
import { webhooks } from "../../db/schema";
import type { EventType, WebhookTopic } from "../../enums";
import { isId } from "../../ids";
import { NotFoundError } from "../errors";

/** Name of the unique index behind the race-free upsert and the 409 on update. */
export const EXTERNAL_ID_CONSTRAINT = "webhooks_store_external_id_key";

/**
 * The WHERE clause that finds `webhookId` among the caller's stores, or null when nothing can match
 * (malformed id, no stores): the caller answers NotFound without a query, as for an unknown id.
 */
export function webhookInStores(webhookId: string, storeIds: readonly string[]): SQL | null {
  if (!isId("webhook", webhookId) || storeIds.length === 0) return null;
  return and(eq(webhooks.id, webhookId), inArray(webhooks.storeId, [...storeIds])) ?? null;
}

/** What sending events to one webhook needs to know of it: its store and which events it takes. */
export type WebhookAudience = {
  id: string;
  storeId: string;
  topic: WebhookTopic;
  extraEventTypes: EventType[];
};

/**
 * Runs `work` in one transaction with the webhook `webhookId` of one of `storeIds` (a replay, a test
 * event: either all of its deliveries exist or none does). NotFoundError("webhook") when it is not one
 * of them.
 */
export async function withWebhookOfStores<T>(
  db: Db,
  params: { webhookId: string; storeIds: readonly string[] },
  work: (tx: Db, webhook: WebhookAudience) => Promise<T>,
): Promise<T> {
  const where = webhookInStores(params.webhookId, params.storeIds);
  if (!where) throw new NotFoundError("webhook", params.webhookId);
  return db.transaction(async (tx) => {
    const [webhook] = await tx
      .select({
        id: webhooks.id,
        storeId: webhooks.storeId,
        topic: webhooks.topic,
        extraEventTypes: webhooks.extraEventTypes,
      })
      .from(webhooks)
      .where(where)
      .limit(1);
    if (!webhook) throw new NotFoundError("webhook", params.webhookId);
    return work(tx, webhook);
  });
}
