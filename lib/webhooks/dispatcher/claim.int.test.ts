import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { deliveryAttempts, webhookDeliveries, webhooks } from "../../db/schema";
import { setupDemoTestDatabase } from "../../testing/demo-database";
import { demoReturnIds, insertWebhook, recordEvent } from "../../testing/webhook-deliveries";
import { runDelivery } from "./attempt";
import { claimDueDeliveries } from "./claim";
import type { SendAttempt } from "./types";

const demo = setupDemoTestDatabase();
let returnIds: string[];

beforeAll(async () => {
  returnIds = await demoReturnIds(demo.db, demo.storeId, 12);
});

const ok: SendAttempt = async () => ({
  ok: true,
  status: 204,
  durationMs: 1,
  error: null,
  responseExcerpt: "",
  retryAfterMs: null,
});
// Far in the future: the claims below pass their own `now`.
const later = (ms: number) => new Date(Date.now() + 60_000 + ms);

describe("claimDueDeliveries", () => {
  it("claims only the head of each (webhook, subject) queue, one at a time", async () => {
    const db = demo.db;
    const webhook = await insertWebhook(db, demo.storeId, "http://127.0.0.1:9/unused");
    const [a, b] = returnIds as [string, string];
    const a1 = await recordEvent(db, demo.storeId, a);
    await recordEvent(db, demo.storeId, a);
    const b1 = await recordEvent(db, demo.storeId, b);

    const first = await claimDueDeliveries(db, { workerId: "w1", limit: 10, leaseMs: 1000, now: later(0) });
    expect(first.map((d) => d.eventId).sort()).toEqual([a1.id, b1.id].sort());
    // Leased heads block their queues for everyone, including the same worker.
    expect(await claimDueDeliveries(db, { workerId: "w2", limit: 10, leaseMs: 1000, now: later(0) })).toEqual(
      [],
    );

    const headA = first.find((d) => d.eventId === a1.id);
    if (!headA) throw new Error("no head");
    const outcome = await runDelivery(db, headA, { workerId: "w1", send: ok, allowPrivate: true });
    expect(outcome).toEqual({ kind: "delivered", attemptNumber: 1 });
    const next = await claimDueDeliveries(db, { workerId: "w2", limit: 10, leaseMs: 1000, now: later(0) });
    expect(next).toHaveLength(1);
    expect(next[0]?.subjectId).toBe(a);
    expect(next[0]?.webhookId).toBe(webhook.id);
  });

  it("skips deliveries of a disabled webhook", async () => {
    const db = demo.db;
    const webhook = await insertWebhook(db, demo.storeId, "http://127.0.0.1:9/unused");
    await recordEvent(db, demo.storeId, returnIds[2] as string);
    await db.update(webhooks).set({ disabledAt: new Date() }).where(eq(webhooks.id, webhook.id));
    expect(await claimDueDeliveries(db, { workerId: "w1", limit: 10, leaseMs: 1000, now: later(0) })).toEqual(
      [],
    );
  });

  it("caps the claim per webhook, counting the worker's busy slots", async () => {
    const db = demo.db;
    const webhook = await insertWebhook(db, demo.storeId, "http://127.0.0.1:9/unused");
    for (const id of returnIds.slice(3, 8)) await recordEvent(db, demo.storeId, id);
    const options = { workerId: "w1", limit: 10, leaseMs: 1000, now: later(0), maxPerWebhook: 3 };
    const busy = new Map([[webhook.id, 1]]);
    expect(await claimDueDeliveries(db, { ...options, busy })).toHaveLength(2);
    expect(await claimDueDeliveries(db, options)).toHaveLength(3);
    expect(await claimDueDeliveries(db, options)).toHaveLength(0);
  });

  it("finds heads beyond a full window of due deliveries with the full scan", async () => {
    const db = demo.db;
    const webhook = await insertWebhook(db, demo.storeId, "http://127.0.0.1:9/unused");
    const [x, y] = returnIds.slice(8, 10) as [string, string];
    const x1 = await recordEvent(db, demo.storeId, x);
    await recordEvent(db, demo.storeId, x);
    const y1 = await recordEvent(db, demo.storeId, y);
    // A window of 2 holds earlier tests' unclaimable deliveries only: the heads come from the full scan.
    const claimed = await claimDueDeliveries(db, {
      workerId: "w1",
      limit: 10,
      leaseMs: 1000,
      now: later(0),
      window: 2,
    });
    expect(claimed.filter((d) => d.webhookId === webhook.id).map((d) => d.eventId)).toEqual([x1.id, y1.id]);
  });

  it("lets another worker reclaim an expired lease; the first worker's late result is dropped", async () => {
    const db = demo.db;
    await insertWebhook(db, demo.storeId, "http://127.0.0.1:9/unused");
    const event = await recordEvent(db, demo.storeId, returnIds[9] as string);
    // One fixed clock for the whole test: `later` reads Date.now() at each call, and on a loaded machine
    // more than the 50 ms lease could pass between two calls, expiring the lease before the check.
    const t0 = later(0);
    const at = (ms: number) => new Date(t0.getTime() + ms);
    const [mine] = await claimDueDeliveries(db, { workerId: "w1", limit: 10, leaseMs: 50, now: t0 });
    expect(mine?.eventId).toBe(event.id);
    // Lease still running: nobody else gets it.
    expect(await claimDueDeliveries(db, { workerId: "w2", limit: 10, leaseMs: 50, now: at(10) })).toEqual([]);
    const [theirs] = await claimDueDeliveries(db, {
      workerId: "w2",
      limit: 10,
      leaseMs: 1000,
      now: at(100),
    });
    expect(theirs?.id).toBe(mine?.id);
    if (!mine || !theirs) throw new Error("not claimed");

    // The worker that lost its lease finishes late: nothing of its result is recorded.
    expect(await runDelivery(db, mine, { workerId: "w1", send: ok, allowPrivate: true })).toEqual({
      kind: "lost-lease",
    });
    expect(await db.select().from(deliveryAttempts).where(eq(deliveryAttempts.deliveryId, mine.id))).toEqual(
      [],
    );

    expect(await runDelivery(db, theirs, { workerId: "w2", send: ok, allowPrivate: true })).toMatchObject({
      kind: "delivered",
    });
    const [row] = await db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, mine.id));
    expect(row).toMatchObject({ status: "delivered", attemptCount: 1, leaseOwner: null });
  });
});
