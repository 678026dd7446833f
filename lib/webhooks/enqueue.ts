import { and, arrayContains, eq, isNull, ne, or, type SQL } from "drizzle-orm";
import { PgTransaction } from "drizzle-orm/pg-core";
import type { Db } from "../db";
import { webhookDeliveries, webhooks } from "../db/schema";
import { type DeliveryTrigger, type EventType, PUBLISHED_EVENT_TYPES, type WebhookTopic } from "../enums";
import { newId } from "../ids";
import { notifyDeliveriesSql } from "./channel";

/**
 * The one door from the outbox into the delivery engine (decisions §8): every pending delivery is
 * inserted here, and every wake-up of the dispatchers is sent from here. Domain code records events
 * (lib/domain/events) and calls this in the same transaction; nothing else writes `webhook_deliveries`
 * rows, except the dispatcher updating the ones it works on.
 */

/** An event row as a delivery refers to it: its seq orders the deliveries of one subject. */
export type EnqueuedEvent = { id: string; seq: number; subjectId: string };

/**
 * Who receives the events: every enabled webhook of the store subscribed to the topic that takes the
 * event's type (a change to a subject), or one webhook, enabled or not (a backfill, test, replay or
 * resend; a disabled webhook's deliveries wait until it is re-enabled).
 */
export type DeliveryAudience =
  | { subscribersOf: WebhookTopic; eventType: EventType }
  | { webhookId: string; trigger: DeliveryTrigger };

const PUBLISHED: ReadonlySet<string> = new Set(PUBLISHED_EVENT_TYPES);

/**
 * The webhooks that take events of `type` (decisions §8): the published types go to every subscriber; our
 * other types go to a `return` webhook only when it opted in (`extraEventTypes`), and to every webhook of
 * our own topics, whose subscribers chose our vocabulary with the topic.
 */
export function takesEventType(type: EventType): SQL | undefined {
  if (PUBLISHED.has(type)) return undefined;
  return or(ne(webhooks.topic, "return"), arrayContains(webhooks.extraEventTypes, [type]));
}

/** Deliveries inserted per statement (keeps the bind parameters of one INSERT well below the limit). */
const INSERT_BATCH = 1000;

/**
 * Inserts one pending delivery per event and receiving webhook, in event order, due at once (the column
 * default now() is the transaction's start), and wakes the dispatchers when the transaction commits.
 * Returns the new delivery ids, event by event.
 */
export async function enqueueDeliveries(
  tx: Db,
  input: { storeId: string; events: readonly EnqueuedEvent[]; audience: DeliveryAudience },
): Promise<string[]> {
  const { storeId, events, audience } = input;
  if (events.length === 0) return [];
  const targets =
    "webhookId" in audience
      ? [{ id: audience.webhookId }]
      : await tx
          .select({ id: webhooks.id })
          .from(webhooks)
          .where(
            and(
              eq(webhooks.storeId, storeId),
              eq(webhooks.topic, audience.subscribersOf),
              isNull(webhooks.disabledAt),
              takesEventType(audience.eventType),
            ),
          );
  const trigger = "trigger" in audience ? audience.trigger : "event";
  const rows = events.flatMap((event) =>
    targets.map((webhook) => ({
      id: newId("delivery"),
      webhookId: webhook.id,
      eventId: event.id,
      storeId,
      subjectId: event.subjectId,
      eventSeq: event.seq,
      trigger,
      status: "pending" as const,
    })),
  );
  for (let i = 0; i < rows.length; i += INSERT_BATCH) {
    await tx.insert(webhookDeliveries).values(rows.slice(i, i + INSERT_BATCH));
  }
  if (rows.length > 0) await notifyDispatchers(tx);
  return rows.map((row) => row.id);
}

/** Transactions that already carry a NOTIFY: PostgreSQL would fold repeats into one anyway, at a statement each. */
const notifiedTransactions = new WeakSet<object>();

/**
 * Wakes the dispatchers of every process (NOTIFY; PGlite's listeners are in this process). Inside a
 * transaction the notification goes out when it commits, so no dispatcher wakes for rows it cannot see
 * yet and a rollback sends none; it is sent once per transaction however many events it records.
 * Outside one (re-enabling a webhook), it goes out at once.
 */
export async function notifyDispatchers(db: Db): Promise<void> {
  if (db instanceof PgTransaction) {
    if (notifiedTransactions.has(db)) return;
    notifiedTransactions.add(db);
  }
  await db.execute(notifyDeliveriesSql);
}
