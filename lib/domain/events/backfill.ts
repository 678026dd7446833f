import type { Db } from "../../db";
import type { WebhookTopic } from "../../enums";
import { recordEvents } from "./record";
import { EVENT_TOPICS } from "./topics";

/** Subjects loaded, and events and deliveries inserted, per statement. */
const BACKFILL_BATCH = 200;

/**
 * A backfill for ONE new webhook (decisions §7 `backfill: true`): one `backfill` event per subject of
 * the webhook's topic in the store, with the same snapshot payload a change event stores, and one
 * pending delivery of each for that webhook only (trigger `event`). Unlike a change event it does not
 * fan out: the store's other webhooks already received these subjects' events.
 *
 * Runs inside the transaction that creates the webhook. The subjects are read `for share`: a change to
 * one of them in flight is waited for (the backfill then snapshots its result), and a change that starts
 * later waits for this transaction, whose commit makes the new webhook visible to its fan-out, with a
 * higher seq. So the webhook never misses a change nor gets a stale snapshot after a newer one.
 */
export async function recordBackfillEvents(
  tx: Db,
  input: { storeId: string; webhookId: string; topic: WebhookTopic },
): Promise<{ events: number }> {
  const source = EVENT_TOPICS[input.topic];
  const subjectIds = await source.lockSubjectIds(tx, input.storeId);
  let count = 0;
  for (let i = 0; i < subjectIds.length; i += BACKFILL_BATCH) {
    const snapshots = await source.loadSnapshots(tx, subjectIds.slice(i, i + BACKFILL_BATCH));
    const recorded = await recordEvents(tx, {
      storeId: input.storeId,
      topic: input.topic,
      type: "backfill",
      events: snapshots.map(({ subjectId, snapshot }) => ({ subject: { id: subjectId }, payload: snapshot })),
      audience: { webhookId: input.webhookId, trigger: "event" },
    });
    count += recorded.length;
  }
  return { events: count };
}
