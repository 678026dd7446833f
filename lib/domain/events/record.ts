import { and, eq, isNull } from "drizzle-orm";
import type { Db } from "../../db";
import { events, webhookDeliveries, webhooks } from "../../db/schema";
import type { EventType, WebhookKind } from "../../enums";
import { newId } from "../../ids";
import type { ReturnEvent, ThinEvent } from "../../schemas/returns";
import { notifyDeliveriesSql } from "../../webhooks/channel";
import { NotFoundError } from "../errors";
import { loadReturnView } from "../returns/serialize";

/**
 * The transactional outbox (decisions §8). `recordReturnEvent` runs inside the transaction of the change
 * that causes the event: it stores the event with a snapshot of the return and its order as they stand in
 * that transaction, and one pending delivery per active `return` webhook of the store. A rolled-back
 * change therefore never leaves an event behind, and a committed one always has its event.
 *
 * Call it after taking the return's row lock (lib/domain/returns/write.ts `lockReturn`): concurrent
 * changes to one return then commit in `seq` order, which the delivery engine relies on.
 */

export type ReturnEventType = Extract<EventType, "created" | "updated" | "backfill">;

export type RecordedEvent = {
  id: string;
  seq: number;
  at: Date;
  /** The snapshot payload as stored (and sent to `snapshot` webhooks). */
  payload: ReturnEvent;
  /** Deliveries created, one per matching webhook. */
  deliveries: number;
};

export async function recordReturnEvent(
  tx: Db,
  input: { storeId: string; returnId: string; type: ReturnEventType },
): Promise<RecordedEvent> {
  const view = await loadReturnView(tx, { returnId: input.returnId, storeIds: [input.storeId] });
  if (!view) throw new NotFoundError("return", input.returnId);
  const id = newId("event");
  const at = new Date();
  const payload: ReturnEvent = {
    id,
    type: input.type,
    topic: "return",
    at: at.toISOString(),
    return: view.return,
    order: view.order,
  };
  const [event] = await tx
    .insert(events)
    .values({
      id,
      storeId: input.storeId,
      topic: "return",
      type: input.type,
      subjectId: input.returnId,
      payload,
      createdAt: at,
    })
    .returning({ seq: events.seq });
  if (!event) throw new Error("the event insert returned no row");

  const targets = await tx
    .select({ id: webhooks.id })
    .from(webhooks)
    .where(
      and(eq(webhooks.storeId, input.storeId), eq(webhooks.topic, "return"), isNull(webhooks.disabledAt)),
    );
  if (targets.length > 0) {
    await tx.insert(webhookDeliveries).values(
      targets.map((webhook) => ({
        id: newId("delivery"),
        webhookId: webhook.id,
        eventId: id,
        storeId: input.storeId,
        subjectId: input.returnId,
        eventSeq: event.seq,
        trigger: "event",
        status: "pending" as const,
        // The default (now()) is the transaction's start: due at once when it commits.
      })),
    );
    await tx.execute(notifyDeliveriesSql);
  }
  return { id, seq: event.seq, at, payload, deliveries: targets.length };
}

/** The stored event row as the webhook engine reads it. */
export type StoredEvent = Pick<
  typeof events.$inferSelect,
  "id" | "type" | "topic" | "subjectId" | "payload" | "createdAt"
>;

/** The `thin` payload of a stored event: `{ id, type, topic, at, subject: { id } }` (decisions §8). */
export function thinEventPayload(event: StoredEvent): ThinEvent {
  const at = event.payload.at;
  return {
    id: event.id,
    type: event.type,
    topic: event.topic,
    at: typeof at === "string" ? at : event.createdAt.toISOString(),
    subject: { id: event.subjectId },
  };
}

/** The body to send to a webhook of `kind`: the stored snapshot as is, or its thin form. */
export function eventPayloadForKind(event: StoredEvent, kind: WebhookKind): Record<string, unknown> {
  return kind === "thin" ? thinEventPayload(event) : event.payload;
}
