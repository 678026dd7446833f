import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Database, openPostgres } from "../../db/client";
import { webhookDeliveries } from "../../db/schema";
import { setupDemoTestDatabase } from "../../testing/demo-database";
import {
  demoReturnIds,
  insertWebhook,
  recordEvent,
  startReceiver,
  waitUntilSettled,
} from "../../testing/webhook-deliveries";
import { type Dispatcher, startDispatcher } from "./dispatcher";
import { notifyDeliveries } from "./wakeups";

/**
 * Several worker processes against one PostgreSQL database (decisions §8), simulated by two dispatchers
 * with their own pools and worker ids, and one worker's connections racing each other. PGlite is
 * single-process and single-connection, so this runs on PostgreSQL only.
 */
const onPostgres = process.env.BACKROOM_TEST_BACKEND === "postgres";

const demo = setupDemoTestDatabase({ enabled: onPostgres });
// Each worker has its own pool, like a worker process; the test writes its events through a third one, so
// its thirty concurrent writers cannot starve one worker of connections while the other takes all the work.
let first: Database | undefined;
let second: Database | undefined;

beforeAll(() => {
  if (!onPostgres) return;
  const url = demo.database.pool?.options.connectionString;
  if (!url) throw new Error("no connection string");
  first = openPostgres(url, 5);
  second = openPostgres(url, 5);
});
afterAll(async () => {
  await first?.close();
  await second?.close();
});

// Enough returns for both workers' 16 slots to stay busy, and enough events per return for its order to be
// tested across retries and workers.
const RETURNS = 30;
const EVENTS_PER_RETURN = 10;

describe.skipIf(!onPostgres)("two workers", () => {
  it("deliver 300 events on 30 returns once each, in order, never two at once", async () => {
    const db = demo.db;
    // Random short delays and 10 % failures shuffle which worker gets what; a long millisecond schedule
    // makes a discard (ten failures in a row) practically impossible.
    const receiver = await startReceiver(() => ({
      status: Math.random() < 0.1 ? 500 : 200,
      delayMs: Math.floor(Math.random() * 5),
    }));
    const webhook = await insertWebhook(db, demo.storeId, receiver.url);
    const returnIds = await demoReturnIds(db, demo.storeId, RETURNS);
    const errors: unknown[] = [];
    const byWorker = new Map<string, number>();
    const common = {
      schedule: [5, 10, 10, 20, 20, 40, 40, 80, 80, 160],
      allowPrivate: true,
      concurrency: 8,
      maxPerWebhook: 8,
      pollMs: 500,
      onError: (error: unknown) => errors.push(error),
      onOutcome: (delivery: { leaseOwner: string }, outcome: { kind: string }) => {
        if (outcome.kind === "delivered")
          byWorker.set(delivery.leaseOwner, (byWorker.get(delivery.leaseOwner) ?? 0) + 1);
      },
    };
    const workers = [
      startDispatcher({ ...common, database: first as Database, workerId: "worker-a" }),
      startDispatcher({ ...common, database: second as Database, workerId: "worker-b" }),
    ];
    try {
      // Events are written while the workers run, ten per return, returns written concurrently.
      const expected = new Map<string, string[]>();
      await Promise.all(
        returnIds.map(async (returnId) => {
          const ids: string[] = [];
          for (let i = 0; i < EVENTS_PER_RETURN; i++) {
            ids.push((await recordEvent(db, demo.storeId, returnId)).id);
            await notifyDeliveries(db);
          }
          expected.set(returnId, ids);
        }),
      );
      await waitUntilSettled(db, webhook.id, 120_000);

      const deliveries = await db
        .select()
        .from(webhookDeliveries)
        .where(eq(webhookDeliveries.webhookId, webhook.id));
      expect(deliveries).toHaveLength(RETURNS * EVENTS_PER_RETURN);
      expect(deliveries.every((d) => d.status === "delivered")).toBe(true);
      const ok = receiver.received.filter((r) => r.status === 200);
      // Exactly once: no lease expired, so no delivery was ever attempted twice successfully.
      expect(new Set(ok.map((r) => r.deliveryId)).size).toBe(RETURNS * EVENTS_PER_RETURN);
      expect(ok).toHaveLength(RETURNS * EVENTS_PER_RETURN);
      for (const [returnId, ids] of expected) {
        expect(ok.filter((r) => r.subjectId === returnId).map((r) => r.eventId)).toEqual(ids);
      }
      expect(receiver.overlaps).toEqual([]);
      expect(errors).toEqual([]);
      // Both workers did part of the work.
      expect(byWorker.get("worker-a")).toBeGreaterThan(0);
      expect(byWorker.get("worker-b")).toBeGreaterThan(0);
    } finally {
      await Promise.all(workers.map((w) => w.stop()));
      await receiver.close();
    }
  }, 240_000);
});

describe.skipIf(!onPostgres)("one worker's connections", () => {
  it("retries a failed delivery without waiting out its lease when the worker's next claim sees the failure first", async () => {
    const db = demo.db;
    const url = demo.database.pool?.options.connectionString;
    if (!url) throw new Error("no connection string");
    const own = openPostgres(url, 3);
    const pool = own.pool as NonNullable<typeof own.pool>;
    // The worker's pool, with the reply of the statement recording the failed attempt held back until a
    // claim that began after that statement committed has returned: the order in which a loaded machine can
    // read two connections' replies. That claim sees the delivery pending, due and unleased.
    let worker: Dispatcher | undefined;
    let recording: "before" | "held" | "released" = "before";
    let claimAfterCommit: () => void = () => undefined;
    const claimed = new Promise<void>((resolve) => {
      claimAfterCommit = resolve;
    });
    const query = pool.query.bind(pool) as (config: { text?: string }) => Promise<unknown>;
    (pool as unknown as { query: typeof query }).query = async (config) => {
      const text = config?.text ?? "";
      const isClaim = text.includes("skip locked");
      const heldBefore = recording === "held";
      const result = await query(config);
      if (isClaim && heldBefore) claimAfterCommit();
      if (recording === "before" && text.includes("insert into delivery_attempts")) {
        recording = "held";
        worker?.wake();
        await claimed;
        recording = "released";
      }
      return result;
    };
    const receiver = await startReceiver(({ nth }) => ({ status: nth === 1 ? 500 : 200 }));
    const webhook = await insertWebhook(db, demo.storeId, receiver.url);
    const [returnId] = (await demoReturnIds(db, demo.storeId, 1)) as [string];
    const errors: unknown[] = [];
    worker = startDispatcher({
      database: own,
      workerId: "worker-c",
      allowPrivate: true,
      // Retried at once after the failure, and a lease no test waits out: only a new claim can retry it.
      nextDelay: () => 0,
      leaseMs: 600_000,
      pollMs: 500,
      onError: (error) => errors.push(error),
    });
    try {
      await recordEvent(db, demo.storeId, returnId);
      await notifyDeliveries(db);
      await receiver.waitForRequest((r) => r.status === 200);
      await waitUntilSettled(db, webhook.id);

      expect(recording).toBe("released");
      expect(receiver.received.map((r) => r.status)).toEqual([500, 200]);
      const [delivery] = await db
        .select()
        .from(webhookDeliveries)
        .where(eq(webhookDeliveries.webhookId, webhook.id));
      expect(delivery).toMatchObject({ status: "delivered", attemptCount: 2, leaseOwner: null });
      expect(errors).toEqual([]);
    } finally {
      await worker.stop();
      await receiver.close();
      await own.close();
    }
  });
});
