import { and, asc, eq, lte, type SQL, sql } from "drizzle-orm";
import { readConfig } from "../../config";
import type { Db } from "../../db";
import { eventMarks, inboundShipments } from "../../db/schema";
import { notifyDispatchers } from "../../webhooks/enqueue";
import { inboundShipmentDetailQuery } from "../inbound-shipments/get";
import { recordEventRenderedInDatabase } from "./record";

/**
 * Coalesced `updated` events (docs/webhooks.md "Coalesced events"). A receipt of one unit on a 500-line shipment
 * used to record the whole shipment (~150 KB) as an event, under the shipment's lock, for every scan: that was
 * what bounded scans per second (docs/performance.md). Instead the change marks the subject's `updated`
 * event as due (`changeAndMarkEventDue`: one row per subject in `event_marks`, in the change's transaction, under the
 * subject's row lock) and the dispatcher renders it once the window has passed (`flushDueEvents`), with the state
 * as it then stands: a burst of scans gives one event carrying the latest state.
 *
 * Why this keeps the outbox's guarantees:
 * - Never lost: the mark commits with the change, and is deleted only by the transaction that records the event
 *   (or by a full-snapshot event of the subject recorded meanwhile, which describes a later state anyway). A crash
 *   before the render leaves the row for the next dispatcher.
 * - In order: every write of a mark (insert, render, consume) happens under the subject's row lock, and the event
 *   is recorded under it, so its `seq` is after every event of the subject committed before and before every one
 *   committed after, as for any other event. The first mark of a burst fixes `due_at`: a steady stream of scans
 *   still yields an event per window, never one delayed without bound.
 * - Lock order: the render takes the subject's lock and only then deletes the mark; a marking transaction already
 *   holds that lock and its `on conflict do nothing` waits for no one, so the two cannot deadlock.
 */

/** How long after the first unrendered change its event is rendered: a burst within it gives one event. */
export const COALESCE_WINDOW_MS = 1000;

/**
 * Runs a change of the subject and marks its `updated` event as due, in one statement: `change` is one UPDATE
 * of the subject's row with a RETURNING clause, and the mark is inserted after the update took the row lock. A
 * change that holds the lock until its commit (a receipt) thus spends one round trip under it. The first mark of
 * a burst fixes `due_at` (`on conflict do nothing`) and wakes the dispatchers at commit, so they sleep until it
 * is due. Answers the RETURNING row, or undefined when no row was updated (then nothing is marked).
 */
export async function changeAndMarkEventDue<Row extends Record<string, unknown>>(
  tx: Db,
  mark: { storeId: string; topic: CoalescedTopic; subjectId: string },
  change: SQL,
): Promise<Row | undefined> {
  const { rows } = await tx.execute<Row & { marked_first: boolean }>(sql`
    with changed as (${change}),
    marked as (
      insert into ${eventMarks} (topic, subject_id, store_id, marked_at, due_at)
      select ${mark.topic}::webhook_topic, ${mark.subjectId}::text, ${mark.storeId}::text, now(),
        now() + ${`${COALESCE_WINDOW_MS} milliseconds`}::interval
      from changed
      on conflict do nothing
      returning 1
    )
    select changed.*, exists (select 1 from marked) as marked_first from changed`);
  // drizzle's execute types its rows as `Assume<T, QueryResultRow>`, which a generic Row does not resolve.
  const row = rows[0] as (Row & { marked_first: boolean }) | undefined;
  if (!row) return undefined;
  if (row.marked_first) await notifyDispatchers(tx);
  return row;
}

/**
 * A full-snapshot event of the subject is being recorded (under its lock): it describes every change committed so
 * far, so a pending mark is satisfied by it and is removed (no second event with the same state afterwards).
 */
export async function consumeEventMark(tx: Db, topic: CoalescedTopic, subjectId: string): Promise<void> {
  await tx.delete(eventMarks).where(and(eq(eventMarks.topic, topic), eq(eventMarks.subjectId, subjectId)));
}

type CoalescedSource = {
  /** Takes the subject's row lock (the one its changes record events under); false when it is gone. */
  lock(tx: Db, subjectId: string): Promise<boolean>;
  /** Records the subject's `updated` event with its snapshot as it now stands. */
  record(tx: Db, storeId: string, subjectId: string): Promise<void>;
};

const COALESCED = {
  inbound_shipment: {
    async lock(tx, subjectId) {
      // The lock a receipt takes last (receive.ts): FOR NO KEY UPDATE.
      const rows = await tx
        .select({ id: inboundShipments.id })
        .from(inboundShipments)
        .where(eq(inboundShipments.id, subjectId))
        .for("no key update");
      return rows.length > 0;
    },
    async record(tx, storeId, subjectId) {
      await recordEventRenderedInDatabase(tx, {
        storeId,
        topic: "inbound_shipment",
        type: "updated",
        subjectId,
        bodyKey: "inbound_shipment",
        render: inboundShipmentDetailQuery({
          storeId,
          inboundShipmentId: subjectId,
          publicUrl: readConfig().publicUrl,
        }),
      });
    },
  },
} satisfies Record<string, CoalescedSource>;

export type CoalescedTopic = keyof typeof COALESCED;

const isCoalesced = (topic: string): topic is CoalescedTopic => topic in COALESCED;

/** Marks rendered per call at most; the dispatcher calls again on its next round. */
const FLUSH_BATCH = 50;

/**
 * Renders every mark due at `now`, each in its own transaction: the subject's lock, the mark deleted, the event
 * and its deliveries recorded (which wakes the dispatchers). A mark another dispatcher or a full-snapshot event
 * took meanwhile is skipped; a subject that no longer exists drops its mark (its `deleted` event was its last).
 * Returns the events recorded.
 */
export async function flushDueEvents(db: Db, now: Date): Promise<number> {
  const due = await db
    .select({ topic: eventMarks.topic, subjectId: eventMarks.subjectId })
    .from(eventMarks)
    .where(lte(eventMarks.dueAt, now))
    .orderBy(asc(eventMarks.dueAt))
    .limit(FLUSH_BATCH);
  let recorded = 0;
  const failures: unknown[] = [];
  for (const { topic, subjectId } of due) {
    if (!isCoalesced(topic)) continue;
    const source: CoalescedSource = COALESCED[topic];
    try {
      const done = await db.transaction(async (tx) => {
        const exists = await source.lock(tx, subjectId);
        const [taken] = await tx
          .delete(eventMarks)
          .where(and(eq(eventMarks.topic, topic), eq(eventMarks.subjectId, subjectId)))
          .returning({ storeId: eventMarks.storeId });
        if (!taken || !exists) return false;
        await source.record(tx, taken.storeId, subjectId);
        return true;
      });
      if (done) recorded += 1;
    } catch (error) {
      // Its mark stays for the next flush; the other subjects' events are not held up by it.
      failures.push(error);
    }
  }
  if (failures.length > 0)
    throw new AggregateError(failures, `${failures.length} coalesced events not rendered`);
  return recorded;
}

/** When the next mark falls due (null when none is pending): the dispatcher sleeps no longer than that. */
export async function nextMarkDueAt(db: Db): Promise<Date | null> {
  const [row] = await db
    .select({ due: sql<string | Date | null>`min(${eventMarks.dueAt})` })
    .from(eventMarks);
  return row?.due ? new Date(row.due) : null;
}

/** What the dispatcher runs before each claim (lib/webhooks/dispatcher, `dueEvents`). */
export const DUE_EVENTS = { flush: flushDueEvents, nextDueAt: nextMarkDueAt };
