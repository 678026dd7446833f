import { eq, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db";
import { events, stores } from "../../db/schema";
import { type EventType, WEBHOOK_TOPICS, type WebhookTopic } from "../../enums";
import { newId } from "../../ids";
import { countEventsRecorded } from "../../metrics/registry";
import { type DeliveryAudience, enqueueDeliveries } from "../../webhooks/enqueue";
import { NotFoundError } from "../errors";
import { EVENT_TOPICS, type TopicSnapshots } from "./topics";

/**
 * The transactional outbox (decisions §8). Events are recorded inside the transaction of the change that
 * causes them, with their deliveries (lib/webhooks/enqueue.ts): a rolled-back change never leaves an
 * event behind, and a committed one always has its event.
 *
 * A change to a subject is recorded after taking the subject's row lock (for a return,
 * lib/domain/returns/write.ts `lockReturn`): concurrent changes to one subject then commit in `seq`
 * order, which the delivery engine relies on.
 */

/** A test event's body: the webhook it was sent to (its subject too). */
export type TestEventBody = { webhook: { id: string } };

/** What a payload carries after its header: the topic's snapshot of the subject, or a test event's body. */
export type EventBody<T extends WebhookTopic> = TopicSnapshots[T] | TestEventBody;

/**
 * What a payload starts with. For `return`, the published `webhooks.return` envelope (decisions §8):
 * `type`, `at`, `merchantName` (the store's name), plus our `id`; the package has no `topic` in it. Our
 * own topics carry `{ id, type, topic, at }`.
 */
export type EventHeader<T extends WebhookTopic> = T extends "return"
  ? { id: string; type: EventType; at: string; merchantName: string }
  : { id: string; type: EventType; topic: T; at: string };

/** The payload as stored and sent to `snapshot` webhooks: the header, then the body. */
export type EventPayload<T extends WebhookTopic, B extends EventBody<T> = EventBody<T>> = EventHeader<T> & B;

export type NewEvents<T extends WebhookTopic, B extends EventBody<T> = EventBody<T>> = {
  storeId: string;
  topic: T;
  type: EventType;
  events: readonly { subject: { id: string }; payload: B }[];
  /**
   * The `type` the payload names when it is not the stored one: a test event sent to a subscriber that did
   * not opt in to `test` is a published `updated` event (the stored type keeps it out of replays).
   */
  sentAs?: Extract<EventType, "updated">;
  /** Every enabled webhook of the store subscribed to the topic unless given. */
  audience?: Extract<DeliveryAudience, { webhookId: string }>;
};

export type RecordedEvent<T extends WebhookTopic = WebhookTopic, B extends EventBody<T> = EventBody<T>> = {
  id: string;
  seq: number;
  at: Date;
  payload: EventPayload<T, B>;
  /** Deliveries created, one per receiving webhook. */
  deliveries: number;
  deliveryIds: string[];
};

const KNOWN_TOPICS: ReadonlySet<string> = new Set(WEBHOOK_TOPICS);

/**
 * Stores events of one store and topic (one INSERT, one `at` for all) and hands them to the delivery
 * engine in the same transaction. The topic is checked at runtime too: the column is a closed enum, and
 * a caller that bypassed the types gets this error rather than a database one.
 */
export async function recordEvents<T extends WebhookTopic, B extends EventBody<T>>(
  tx: Db,
  input: NewEvents<T, B>,
): Promise<RecordedEvent<T, B>[]> {
  if (!KNOWN_TOPICS.has(input.topic)) throw new TypeError(`Unknown event topic "${input.topic}"`);
  if (input.events.length === 0) return [];
  const at = new Date();
  const header = await eventHeaderFields(tx, input.storeId, input.topic);
  const recorded = input.events.map(({ subject, payload }) => {
    const id = newId("event");
    // The header's fields are those of EventHeader<T>: TypeScript cannot narrow the conditional type here.
    const stored = {
      id,
      type: input.sentAs ?? input.type,
      ...header,
      at: at.toISOString(),
      ...payload,
    } as EventPayload<T, B>;
    return { id, subjectId: subject.id, payload: stored };
  });
  const inserted = await tx
    .insert(events)
    .values(
      recorded.map((event) => ({
        id: event.id,
        storeId: input.storeId,
        topic: input.topic,
        type: input.type,
        subjectId: event.subjectId,
        // A JSON object whatever the body (TypeScript cannot see that through the generic).
        payload: event.payload as Record<string, unknown>,
        createdAt: at,
      })),
    )
    .returning({ id: events.id, seq: events.seq });
  const seqById = new Map(inserted.map((row) => [row.id, row.seq]));
  const rows = recorded.map((event) => {
    const seq = seqById.get(event.id);
    if (seq === undefined) throw new Error(`the insert of event ${event.id} returned no row`);
    return { ...event, seq };
  });
  countEventsRecorded(input.topic, rows.length);
  const deliveryIds = await enqueueDeliveries(tx, {
    storeId: input.storeId,
    events: rows,
    audience: input.audience ?? { subscribersOf: input.topic, eventType: input.type },
  });
  // enqueueDeliveries returns the ids event by event, the same number for each.
  const perEvent = deliveryIds.length / rows.length;
  return rows.map((row, i) => ({
    id: row.id,
    seq: row.seq,
    at,
    payload: row.payload,
    deliveries: perEvent,
    deliveryIds: deliveryIds.slice(i * perEvent, (i + 1) * perEvent),
  }));
}

/**
 * One event whose body the database renders (`render`: a query answering one row with a `json` column) inside
 * the INSERT: a large snapshot (a 500-line shipment is ~150 KB) then never travels to the app and back, which
 * was a quarter of a receipt's time (docs/performance.md, bench:receive).
 */
export async function recordEventRenderedInDatabase(
  tx: Db,
  input: {
    storeId: string;
    topic: WebhookTopic;
    type: EventType;
    subjectId: string;
    /** The payload's key for the body, beside the header (`inbound_shipment`). */
    bodyKey: string;
    render: SQL;
  },
): Promise<{ id: string; seq: number }> {
  if (!KNOWN_TOPICS.has(input.topic)) throw new TypeError(`Unknown event topic "${input.topic}"`);
  // The header built here is our own topics' one; `return` events carry the published envelope.
  if (input.topic === "return") throw new TypeError("return events are recorded with recordEvents");
  const id = newId("event");
  const at = new Date();
  const { rows } = await tx.execute<{ seq: string | number }>(sql`
    insert into events (id, store_id, topic, type, subject_id, payload, created_at)
    select ${id}::text, ${input.storeId}::text, ${input.topic}::webhook_topic, ${input.type}::event_type,
      ${input.subjectId}::text,
      jsonb_build_object('id', ${id}::text, 'type', ${input.type}::text, 'topic', ${input.topic}::text,
        'at', ${at.toISOString()}::text, ${input.bodyKey}::text, rendered.json),
      ${at.toISOString()}::timestamptz
    from (${input.render}) rendered
    returning seq`);
  const row = rows[0];
  if (!row) throw new NotFoundError(input.topic, input.subjectId);
  const seq = Number(row.seq);
  countEventsRecorded(input.topic, 1);
  await enqueueDeliveries(tx, {
    storeId: input.storeId,
    events: [{ id, seq, subjectId: input.subjectId }],
    audience: { subscribersOf: input.topic, eventType: input.type },
  });
  return { id, seq };
}

/**
 * The header fields that differ by topic: the store's name as `merchantName` for `return` (the published
 * envelope), our `topic` for the others.
 */
async function eventHeaderFields(
  tx: Db,
  storeId: string,
  topic: WebhookTopic,
): Promise<{ merchantName: string } | { topic: WebhookTopic }> {
  if (topic !== "return") return { topic };
  const [store] = await tx.select({ name: stores.name }).from(stores).where(eq(stores.id, storeId));
  if (!store) throw new NotFoundError("store", storeId);
  return { merchantName: store.name };
}

/** One event: `recordEvents` for a single subject. */
export async function recordEvent<T extends WebhookTopic, B extends EventBody<T>>(
  tx: Db,
  input: Omit<NewEvents<T, B>, "events"> & { subject: { id: string }; payload: B },
): Promise<RecordedEvent<T, B>> {
  const { subject, payload, ...rest } = input;
  const [event] = await recordEvents(tx, { ...rest, events: [{ subject, payload }] });
  if (!event) throw new Error("recordEvents returned no event");
  return event;
}

/** Event types of a change to a subject (backfill and test events are recorded by their own code). */
export type ChangeEventType = Extract<EventType, "created" | "updated">;

/**
 * A change to a subject of the store: the event carries the topic's snapshot of it as it stands in `tx`
 * and goes to every enabled webhook of the topic. NotFoundError when the subject is not the store's.
 */
export async function recordChangeEvent<T extends WebhookTopic>(
  tx: Db,
  input: { storeId: string; topic: T; type: ChangeEventType; subjectId: string },
): Promise<RecordedEvent<T, TopicSnapshots[T]>> {
  const snapshot = await EVENT_TOPICS[input.topic].loadSnapshot(tx, input.storeId, input.subjectId);
  if (!snapshot) throw new NotFoundError(input.topic, input.subjectId);
  return recordEvent(tx, {
    storeId: input.storeId,
    topic: input.topic,
    type: input.type,
    subject: { id: input.subjectId },
    payload: snapshot,
  });
}

/** A change to a return (its writers and tests): `recordChangeEvent` of topic `return`. */
export function recordReturnEvent(
  tx: Db,
  input: { storeId: string; returnId: string; type: ChangeEventType },
): Promise<RecordedEvent<"return", TopicSnapshots["return"]>> {
  return recordChangeEvent(tx, {
    storeId: input.storeId,
    topic: "return",
    type: input.type,
    subjectId: input.returnId,
  });
}
