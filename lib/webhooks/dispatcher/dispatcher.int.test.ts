import { createHmac } from "node:crypto";
import { asc, eq } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { deliveryAttempts, webhookDeliveries, webhooks } from "../../db/schema";
import { sendTestEvent } from "../../domain/webhooks";
import { returnEventSchema } from "../../schemas/returns";
import { setupDemoTestDatabase } from "../../testing/demo-database";
import {
  demoReturnIds,
  insertWebhook,
  type Received,
  recordEvent,
  startReceiver,
  waitFor,
  waitUntilSettled,
} from "../../testing/webhook-deliveries";
import { DISABLED_REASON } from "./attempt";
import { type Dispatcher, startDispatcher } from "./dispatcher";
import type { DueEventSource } from "./types";
import { wakeInProcess } from "./wakeups";

const demo = setupDemoTestDatabase();
let returnIds: string[];
let dispatcher: Dispatcher | undefined;
let closeReceiver: (() => Promise<void>) | undefined;

beforeAll(async () => {
  returnIds = await demoReturnIds(demo.db, demo.storeId, 20);
});
afterEach(async () => {
  await dispatcher?.stop();
  await closeReceiver?.();
  dispatcher = undefined;
});

const SCHEDULE = [20, 40, 80];
const start = (extra: Partial<Parameters<typeof startDispatcher>[0]> = {}) => {
  dispatcher = startDispatcher({
    database: demo.database,
    schedule: SCHEDULE,
    allowPrivate: true,
    pollMs: 200,
    onError: (error) => {
      throw error;
    },
    ...extra,
  });
  return dispatcher;
};
const receiver = async (decide?: Parameters<typeof startReceiver>[0]) => {
  const r = await startReceiver(decide);
  closeReceiver = r.close;
  return r;
};
const delivered = (received: Received[]) => received.filter((r) => r.status < 300);

/**
 * Loop rounds as events: `source` wraps a coalesced-events source (by default one with nothing due), whose
 * `nextDueAt` the loop asks once per round with nothing in flight; `rounds(n)` wakes the dispatcher and
 * resolves after n such rounds, each begun after the previous one ended.
 */
function roundWatcher(inner: Partial<DueEventSource> = {}) {
  let onRound: () => void = () => undefined;
  const source: DueEventSource = {
    flush: inner.flush ?? (async () => 0),
    async nextDueAt(db) {
      onRound();
      return inner.nextDueAt ? inner.nextDueAt(db) : null;
    },
  };
  const rounds = async (n: number) => {
    for (let i = 0; i < n; i++) {
      const round = new Promise<void>((resolve) => {
        onRound = resolve;
      });
      dispatcher?.wake();
      await round;
    }
  };
  return { source, rounds };
}

describe("Dispatcher", () => {
  it("delivers every event once, signed, with a body that parses", async () => {
    const db = demo.db;
    const r = await receiver();
    const webhook = await insertWebhook(db, demo.storeId, r.url, { authToken: "s3cret-token" });
    start();
    const recorded = [];
    for (const id of returnIds.slice(0, 4)) {
      recorded.push(await recordEvent(db, demo.storeId, id), await recordEvent(db, demo.storeId, id));
      wakeInProcess();
    }
    await waitUntilSettled(db, webhook.id);

    expect(r.received.map((x) => x.eventId).sort()).toEqual(recorded.map((e) => e.id).sort());
    const key = Buffer.from(webhook.signingSecret.slice("whsec_".length), "base64");
    for (const request of r.received) {
      expect(request.deliveryId).toMatch(/^dlv_/);
      expect(request.contentType).toBe("application/json");
      expect(request.authorization).toBe("Bearer s3cret-token");
      expect(Math.abs(Number(request.timestamp) * 1000 - Date.now())).toBeLessThan(60_000);
      const expected = createHmac("sha256", key)
        .update(`${request.deliveryId}.${request.timestamp}.${request.body}`)
        .digest("base64");
      expect(request.signature).toBe(`v1,${expected}`);
      expect(returnEventSchema.safeParse(JSON.parse(request.body)).success).toBe(true);
    }
    expect(r.overlaps).toEqual([]);
  });

  it("keeps each return's order while one return's receiver fails, and others keep flowing", async () => {
    const db = demo.db;
    const failing = returnIds[4] as string;
    const r = await receiver(({ subjectId, nth }) => ({
      status: subjectId === failing && nth <= 3 ? 500 : 200,
      delayMs: 2,
    }));
    const webhook = await insertWebhook(db, demo.storeId, r.url);
    const order = new Map<string, string[]>();
    for (const id of returnIds.slice(4, 10)) {
      const events = [];
      for (let i = 0; i < 3; i++) events.push((await recordEvent(db, demo.storeId, id)).id);
      order.set(id, events);
    }
    start({ concurrency: 8, maxPerWebhook: 8 });
    await waitUntilSettled(db, webhook.id);

    for (const [subject, events] of order) {
      // Every event reached the receiver successfully, in the order it was recorded.
      expect(delivered(r.received.filter((x) => x.subjectId === subject)).map((x) => x.eventId)).toEqual(
        events,
      );
    }
    const mine = r.received.filter((x) => x.subjectId === failing);
    const firstOk = mine.findIndex((x) => x.status === 200);
    expect(firstOk).toBe(3);
    // The first event was tried 4 times before the second was ever attempted.
    expect(mine.slice(0, 4).every((x) => x.eventId === order.get(failing)?.[0])).toBe(true);
    // Meanwhile other returns were delivered (between its first failure and its success).
    const [failedAt, okAt] = [mine[0]?.finishedAt ?? 0, mine[firstOk]?.startedAt ?? 0];
    expect(
      r.received.some((x) => x.subjectId !== failing && x.startedAt > failedAt && x.startedAt < okAt),
    ).toBe(true);
    expect(r.overlaps).toEqual([]);
  });

  it("retries on the schedule, then discards, recording every attempt", async () => {
    const db = demo.db;
    const r = await receiver(() => ({ status: 500, body: "x".repeat(3000) }));
    const webhook = await insertWebhook(db, demo.storeId, r.url);
    const event = await recordEvent(db, demo.storeId, returnIds[10] as string);
    start();
    await waitUntilSettled(db, webhook.id);

    const [delivery] = await db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.eventId, event.id));
    expect(delivery).toMatchObject({ status: "discarded", attemptCount: 4, leaseOwner: null });
    expect(delivery?.completedAt).toBeInstanceOf(Date);
    const attempts = await db
      .select()
      .from(deliveryAttempts)
      .where(eq(deliveryAttempts.deliveryId, delivery?.id as string))
      .orderBy(asc(deliveryAttempts.attemptNumber));
    expect(attempts.map((a) => a.attemptNumber)).toEqual([1, 2, 3, 4]);
    for (const attempt of attempts) {
      expect(attempt).toMatchObject({ responseStatus: 500, error: "HTTP 500" });
      expect(attempt.responseBodyExcerpt).toBe("x".repeat(2048));
    }
    // Gaps follow the schedule (±20 % jitter).
    const times = r.received.map((x) => x.startedAt);
    SCHEDULE.forEach((step, i) => {
      expect((times[i + 1] ?? 0) - (times[i] ?? 0)).toBeGreaterThanOrEqual(step * 0.8 - 2);
    });
    const [health] = await db.select().from(webhooks).where(eq(webhooks.id, webhook.id));
    expect(health).toMatchObject({ consecutiveFailures: 4, disabledAt: null });
    expect(health?.failingSince).toBeInstanceOf(Date);
  });

  it("honours Retry-After, and a success resets the webhook's health", async () => {
    const db = demo.db;
    const r = await receiver(({ nth }) =>
      nth === 1 ? { status: 503, headers: { "retry-after": "1" } } : { status: 200 },
    );
    const webhook = await insertWebhook(db, demo.storeId, r.url);
    await recordEvent(db, demo.storeId, returnIds[11] as string);
    start();
    await waitUntilSettled(db, webhook.id);

    expect(r.received.map((x) => x.status)).toEqual([503, 200]);
    const [first, second] = r.received;
    expect((second?.startedAt ?? 0) - (first?.finishedAt ?? 0)).toBeGreaterThanOrEqual(950);
    const [health] = await db.select().from(webhooks).where(eq(webhooks.id, webhook.id));
    expect(health).toMatchObject({ consecutiveFailures: 0, failingSince: null });
    expect(health?.lastSuccessAt).toBeInstanceOf(Date);
  });

  it("sends a test event once, failed or not, and leaves the webhook's health as it was", async () => {
    const db = demo.db;
    let requests = 0;
    const r = await receiver(() => {
      requests += 1;
      return { status: requests === 1 ? 500 : 200 };
    });
    const failingSince = new Date(Date.now() - 60_000);
    const webhook = await insertWebhook(db, demo.storeId, r.url, {
      extraEventTypes: ["test"],
      consecutiveFailures: 2,
      failingSince,
    });
    const health = () =>
      db
        .select({
          consecutiveFailures: webhooks.consecutiveFailures,
          failingSince: webhooks.failingSince,
          lastFailureAt: webhooks.lastFailureAt,
          lastSuccessAt: webhooks.lastSuccessAt,
          disabledAt: webhooks.disabledAt,
        })
        .from(webhooks)
        .where(eq(webhooks.id, webhook.id));
    const before = await health();
    const params = { webhookId: webhook.id, storeIds: [demo.storeId] };
    start({ disableAfterMs: 0 });

    const failed = await sendTestEvent(db, params);
    await waitUntilSettled(db, webhook.id);
    const ok = await sendTestEvent(db, params);
    await waitUntilSettled(db, webhook.id);

    // One request each: the 500 is not retried (the schedule here would retry within 140 ms).
    await new Promise((resolve) => setTimeout(resolve, SCHEDULE.reduce((a, b) => a + b) * 2));
    expect(r.received.map((x) => [x.deliveryId, x.status])).toEqual([
      [failed.id, 500],
      [ok.id, 200],
    ]);
    const rows = await db
      .select({
        id: webhookDeliveries.id,
        status: webhookDeliveries.status,
        n: webhookDeliveries.attemptCount,
      })
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.webhookId, webhook.id))
      .orderBy(asc(webhookDeliveries.attemptCount), asc(webhookDeliveries.status));
    expect(rows).toEqual(
      expect.arrayContaining([
        { id: failed.id, status: "discarded", n: 1 },
        { id: ok.id, status: "delivered", n: 1 },
      ]),
    );
    // Neither the failure (with a zero disable limit) nor the success moved the webhook's health.
    expect(await health()).toEqual(before);
  });

  it("disables a webhook failing for longer than the limit and stops claiming its deliveries", async () => {
    const db = demo.db;
    const r = await receiver(() => ({ status: 500 }));
    const webhook = await insertWebhook(db, demo.storeId, r.url);
    await recordEvent(db, demo.storeId, returnIds[12] as string);
    await recordEvent(db, demo.storeId, returnIds[13] as string);
    // A zero limit: the second failure of the run is already "too long".
    const watcher = roundWatcher();
    start({ disableAfterMs: 0, maxPerWebhook: 1, dueEvents: watcher.source });
    await waitFor(async () => {
      const [row] = await db.select().from(webhooks).where(eq(webhooks.id, webhook.id));
      return row?.disabledAt != null;
    });
    const [row] = await db.select().from(webhooks).where(eq(webhooks.id, webhook.id));
    expect(row?.disabledReason).toBe(DISABLED_REASON);
    const seen = r.received.length;
    // Two full rounds with nothing in flight: a claim of its deliveries would have sent one by then.
    await watcher.rounds(2);
    expect(r.received.length).toBe(seen);
    const pending = await db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.webhookId, webhook.id));
    expect(pending.every((d) => d.status === "pending" && d.leaseOwner === null)).toBe(true);
  });

  it("keeps delivering when rendering coalesced events fails, and retries the render a second later", async () => {
    const db = demo.db;
    const r = await receiver();
    const webhook = await insertWebhook(db, demo.storeId, r.url);
    const errors: unknown[] = [];
    // The dispatcher's clock runs with the wall clock until frozen, then moves only when the test moves it.
    let frozenAt: number | undefined;
    const now = () => new Date(frozenAt ?? Date.now());
    let flushes = 0;
    let onFlush: () => void = () => undefined;
    const watcher = roundWatcher({
      async flush() {
        flushes += 1;
        onFlush();
        throw new Error("render failed");
      },
      // A mark long overdue: without the retry delay the loop would spin on it.
      nextDueAt: async () => new Date(now().getTime() - 60_000),
    });
    start({ pollMs: 5000, now, onError: (error) => errors.push(error), dueEvents: watcher.source });
    const event = await recordEvent(db, demo.storeId, returnIds[0] as string);
    wakeInProcess();
    await waitUntilSettled(db, webhook.id);
    expect(delivered(r.received).map((x) => x.eventId)).toEqual([event.id]);
    expect(errors.length).toBeGreaterThan(0);

    // Within the second after a failure, rounds of the loop do not render again...
    frozenAt = Date.now();
    await watcher.rounds(2);
    const tried = flushes;
    await watcher.rounds(3);
    expect(flushes).toBe(tried);
    // ...and once the second has passed, the next round does.
    frozenAt += 1000;
    const retried = new Promise<void>((resolve) => {
      onFlush = resolve;
    });
    dispatcher?.wake();
    await retried;
    expect(flushes).toBe(tried + 1);
  });
});
