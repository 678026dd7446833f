import { and, asc, eq, gte, inArray, lt } from "drizzle-orm";
import type { Db } from "../../db";
import { events } from "../../db/schema";
import { EVENT_TYPES, type EventType, PUBLISHED_EVENT_TYPES } from "../../enums";
import { enqueueDeliveries } from "../../webhooks/enqueue";
import { withWebhookOfStores } from "./shared";

/**
 * `POST /webhooks/{webhookId}/replay`: one new pending delivery (trigger `replay`) per event of the
 * webhook's store and topic created at or after `start` (and before `until`, when given), inserted in event order (seq), all due at once
 * and delivered in order per subject like any other delivery. Test events are left out: each belongs to
 * the webhook it was sent to; so are the types a `return` webhook did not opt in to (decisions §8). The route bounds `start` (not in the future, at most 30 days ago).
 * One transaction: either every delivery of the replay exists or none does.
 * NotFoundError("webhook") when the webhook is not one of `storeIds`. Returns the number of deliveries.
 */
export async function replayEvents(
  db: Db,
  params: { webhookId: string; storeIds: readonly string[]; start: Date; until?: Date },
): Promise<number> {
  return withWebhookOfStores(db, params, async (tx, webhook) => {
    const rows = await tx
      .select({ id: events.id, seq: events.seq, subjectId: events.subjectId })
      .from(events)
      .where(
        and(
          eq(events.storeId, webhook.storeId),
          eq(events.topic, webhook.topic),
          inArray(events.type, replayedTypes(webhook)),
          gte(events.createdAt, params.start),
          params.until ? lt(events.createdAt, params.until) : undefined,
        ),
      )
      .orderBy(asc(events.seq));
    await enqueueDeliveries(tx, {
      storeId: webhook.storeId,
      events: rows,
      audience: { webhookId: webhook.id, trigger: "replay" },
    });
    return rows.length;
  });
}

/** The event types a replay sends: those the webhook takes (enqueue.ts `takesEventType`), never `test`. */
function replayedTypes(webhook: { topic: string; extraEventTypes: EventType[] }): EventType[] {
  const taken: readonly EventType[] =
    webhook.topic === "return" ? [...PUBLISHED_EVENT_TYPES, ...webhook.extraEventTypes] : EVENT_TYPES;
  return taken.filter((type) => type !== "test");
}
