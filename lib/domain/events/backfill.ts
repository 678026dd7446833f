import { asc, eq } from "drizzle-orm";
import type { Db } from "../../db";
import { events, returns, webhookDeliveries } from "../../db/schema";
import { newId } from "../../ids";
import type { ReturnEvent } from "../../schemas/returns";
import { notifyDeliveriesSql } from "../../webhooks/channel";
import { loadReturnViews } from "../returns/serialize";

/** Returns loaded, and events and deliveries inserted, per statement. */
const BACKFILL_BATCH = 200;

/**
 * A backfill for ONE new webhook (decisions §7 `backfill: true`): one `backfill` event per return of the
 * store, with the same snapshot payload `recordReturnEvent` stores, and one pending delivery of each for
 * that webhook only (trigger `event`). Unlike `recordReturnEvent` it does not fan out: the store's other
 * webhooks already received these returns' events.
 *
 * Runs inside the transaction that creates the webhook. The returns are read `for share`: a change to
 * one of them in flight is waited for (the backfill then snapshots its result), and a change that starts
 * later waits for this transaction, whose commit makes the new webhook visible to its fan-out, with a
 * higher seq. So the webhook never misses a change nor gets a stale snapshot after a newer one.
 */
export async function recordBackfillEvents(
  tx: Db,
  input: { storeId: string; webhookId: string },
): Promise<{ events: number }> {
  const rows = await tx
    .select({ id: returns.id })
    .from(returns)
    .where(eq(returns.storeId, input.storeId))
    .orderBy(asc(returns.createdAt), asc(returns.id))
    .for("share");
  let count = 0;
  for (let i = 0; i < rows.length; i += BACKFILL_BATCH) {
    const views = await loadReturnViews(
      tx,
      rows.slice(i, i + BACKFILL_BATCH).map((row) => row.id),
    );
    if (views.length === 0) continue;
    const at = new Date();
    const values = views.map((view) => {
      const id = newId("event");
      const payload: ReturnEvent = {
        id,
        type: "backfill",
        topic: "return",
        at: at.toISOString(),
        return: view.return,
        order: view.order,
      };
      return {
        id,
        storeId: input.storeId,
        topic: "return" as const,
        type: "backfill" as const,
        subjectId: view.return.id,
        payload,
        createdAt: at,
      };
    });
    const inserted = await tx
      .insert(events)
      .values(values)
      .returning({ id: events.id, seq: events.seq, subjectId: events.subjectId });
    await tx.insert(webhookDeliveries).values(
      inserted.map((event) => ({
        id: newId("delivery"),
        webhookId: input.webhookId,
        eventId: event.id,
        storeId: input.storeId,
        subjectId: event.subjectId,
        eventSeq: event.seq,
        trigger: "event",
        status: "pending" as const,
      })),
    );
    count += inserted.length;
  }
  if (count > 0) await tx.execute(notifyDeliveriesSql);
  return { events: count };
}
