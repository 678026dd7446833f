import { and, asc, desc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { deliveryAttempts, events, returns, webhookDeliveries, webhooks } from "../../db/schema";
import { seedDemoData } from "../../demo/load";
import { newId } from "../../ids";
import type { CreateWebhookInput } from "../../schemas/webhooks";
import { createTestDatabase, type TestDatabase } from "../../testing/database";
import { insertStore } from "../../testing/fixtures";
import { eventPayloadFor } from "../../webhooks/payload";
import { signingSecretsFor } from "../../webhooks/signature";
import { NotFoundError } from "../errors";
import { recordReturnEvent } from "../events/record";
import {
  getSigningSecret,
  listDeliveries,
  replayEvents,
  resendDelivery,
  rotateSigningSecret,
  sendTestEvent,
  upsertWebhook,
} from "./index";

let database: TestDatabase;
let storeA: string;
let storeB: string;

beforeAll(async () => {
  database = await createTestDatabase();
  const summary = await seedDemoData(database.db, { returns: 40, shipments: 4, productsPerStore: 6 });
  storeA = summary.stores[0]?.id as string;
  storeB = summary.stores[1]?.id as string;
}, 120_000);
afterAll(async () => {
  await database?.close();
});

/** A return webhook that opted in to test events (sendTestEvent then needs no return in the store). */
function input(overrides: Partial<CreateWebhookInput> = {}): CreateWebhookInput {
  return {
    callback: { url: "https://example.com/hooks", auth: null },
    topic: "return",
    extraEventTypes: ["test"],
    ...overrides,
  };
}

async function deliveriesOf(webhookId: string) {
  return database.db
    .select({
      id: webhookDeliveries.id,
      eventId: webhookDeliveries.eventId,
      eventSeq: webhookDeliveries.eventSeq,
      subjectId: webhookDeliveries.subjectId,
      trigger: webhookDeliveries.trigger,
      status: webhookDeliveries.status,
      eventType: events.type,
    })
    .from(webhookDeliveries)
    .innerJoin(events, eq(events.id, webhookDeliveries.eventId))
    .where(eq(webhookDeliveries.webhookId, webhookId))
    .orderBy(asc(webhookDeliveries.eventSeq), asc(webhookDeliveries.id));
}

async function storedWebhook(id: string) {
  const [row] = await database.db.select().from(webhooks).where(eq(webhooks.id, id));
  if (!row) throw new Error(`no webhook ${id}`);
  return row;
}

async function returnIdsOf(storeId: string): Promise<string[]> {
  const rows = await database.db.select({ id: returns.id }).from(returns).where(eq(returns.storeId, storeId));
  return rows.map((r) => r.id);
}

describe("backfill on create", () => {
  it("records one backfill event per return of the store, delivered to the new webhook only", async () => {
    const { db } = database;
    const existing = await upsertWebhook(db, { storeId: storeA, input: input({ externalId: "old" }) });
    const other = await upsertWebhook(db, { storeId: storeB, input: input() });
    const returnIds = await returnIdsOf(storeA);
    expect(returnIds.length).toBeGreaterThan(0);

    const created = await upsertWebhook(db, {
      storeId: storeA,
      input: input({ externalId: "with-backfill", backfill: true }),
    });
    expect(created.created).toBe(true);

    const mine = await deliveriesOf(created.webhook.id);
    expect(mine).toHaveLength(returnIds.length);
    expect(new Set(mine.map((d) => d.subjectId))).toEqual(new Set(returnIds));
    for (const d of mine) {
      expect(d).toMatchObject({ trigger: "event", status: "pending", eventType: "backfill" });
    }
    // The other webhooks of the store (and of other stores) got nothing.
    expect(await deliveriesOf(existing.webhook.id)).toEqual([]);
    expect(await deliveriesOf(other.webhook.id)).toEqual([]);

    // The events carry the snapshot payload, like any return event.
    const [event] = await db
      .select()
      .from(events)
      .where(eq(events.id, mine[0]?.eventId as string));
    expect(event).toMatchObject({ storeId: storeA, topic: "return", type: "backfill" });
    expect(event?.payload).toMatchObject({
      id: event?.id,
      type: "backfill",
      merchantName: expect.any(String),
      return: { id: event?.subjectId },
    });
    expect(event?.payload).not.toHaveProperty("topic");
    expect(event?.payload).toHaveProperty("order");
  });

  it("does not backfill on an update (externalId matched), nor without backfill: true", async () => {
    const { db } = database;
    const [before] = await db.select({ n: sql<number>`count(*)::int` }).from(events);
    const first = await upsertWebhook(db, { storeId: storeB, input: input({ externalId: "upd" }) });
    expect(first.created).toBe(true);
    const again = await upsertWebhook(db, {
      storeId: storeB,
      input: input({ externalId: "upd", backfill: true }),
    });
    expect(again.created).toBe(false);
    const none = await upsertWebhook(db, { storeId: storeB, input: input({ backfill: false }) });
    expect(none.created).toBe(true);
    const [after] = await db.select({ n: sql<number>`count(*)::int` }).from(events);
    expect(after?.n).toBe(before?.n);
    expect(await deliveriesOf(first.webhook.id)).toEqual([]);
    expect(await deliveriesOf(none.webhook.id)).toEqual([]);
  });

  it("creates the webhook and no events for a store without returns", async () => {
    const { db } = database;
    const store = await insertStore(db);
    const result = await upsertWebhook(db, { storeId: store.id, input: input({ backfill: true }) });
    expect(result.created).toBe(true);
    expect(await deliveriesOf(result.webhook.id)).toEqual([]);
  });
});

describe("sendTestEvent", () => {
  it("records a test event about the webhook and one delivery to it only, when it opted in to test", async () => {
    const { db } = database;
    const store = await insertStore(db, { name: "Test Merchant" });
    const bystander = await upsertWebhook(db, { storeId: store.id, input: input() });
    const { webhook } = await upsertWebhook(db, { storeId: store.id, input: input({ payload: "thin" }) });

    const delivery = await sendTestEvent(db, { webhookId: webhook.id, storeIds: [store.id] });
    expect(delivery).toMatchObject({
      eventType: "test",
      subjectId: webhook.id,
      trigger: "test",
      status: "pending",
      attemptCount: 0,
      completedAt: null,
      attempts: [],
    });
    expect(delivery.id).toMatch(/^dlv_/);
    expect(delivery.nextAttemptAt).toEqual(expect.any(String));

    const [event] = await db.select().from(events).where(eq(events.id, delivery.eventId));
    expect(event).toMatchObject({ storeId: store.id, topic: "return", type: "test", subjectId: webhook.id });
    expect(event?.payload).toEqual({
      id: delivery.eventId,
      type: "test",
      at: event?.createdAt.toISOString(),
      merchantName: "Test Merchant",
      webhook: { id: webhook.id },
    });
    // A thin webhook receives the thin form, whose subject is the webhook.
    if (!event) throw new Error("no event");
    expect(eventPayloadFor(event, "thin")).toMatchObject({ type: "test", subject: { id: webhook.id } });
    expect(await deliveriesOf(webhook.id)).toHaveLength(1);
    expect(await deliveriesOf(bystander.webhook.id)).toEqual([]);
  });

  it("sends a webhook that did not opt in a published updated event of the latest return, stored as a test", async () => {
    const { db } = database;
    const { webhook } = await upsertWebhook(db, { storeId: storeA, input: input({ extraEventTypes: [] }) });
    const [latest] = await db
      .select({ id: returns.id })
      .from(returns)
      .where(eq(returns.storeId, storeA))
      .orderBy(desc(returns.updatedAt), desc(returns.id))
      .limit(1);
    const delivery = await sendTestEvent(db, { webhookId: webhook.id, storeIds: [storeA] });
    expect(delivery).toMatchObject({ eventType: "test", trigger: "test", subjectId: latest?.id });
    const [event] = await db.select().from(events).where(eq(events.id, delivery.eventId));
    expect(event?.payload).toMatchObject({
      id: delivery.eventId,
      type: "updated",
      merchantName: expect.any(String),
      return: { id: latest?.id },
      order: { id: expect.any(String) },
    });
    // Stored as a test event: a replay leaves it out.
    expect(
      await replayEvents(db, { webhookId: webhook.id, storeIds: [storeA], start: event?.createdAt as Date }),
    ).toBe(0);

    // A store without returns has nothing to show: 409, and nothing is written.
    const empty = await insertStore(db);
    const lone = await upsertWebhook(db, { storeId: empty.id, input: input({ extraEventTypes: [] }) });
    await expect(
      sendTestEvent(db, { webhookId: lone.webhook.id, storeIds: [empty.id] }),
    ).rejects.toMatchObject({
      code: "webhook/no-sample-return",
    });
    expect(await deliveriesOf(lone.webhook.id)).toEqual([]);
  });

  it("answers NotFound for a webhook outside the caller's stores, writing nothing", async () => {
    const { db } = database;
    const store = await insertStore(db);
    const { webhook } = await upsertWebhook(db, { storeId: store.id, input: input() });
    for (const [webhookId, storeIds] of [
      [webhook.id, [storeA]],
      [newId("webhook"), [store.id]],
      ["whk_bad", [store.id]],
    ] as const) {
      await expect(sendTestEvent(db, { webhookId, storeIds: [...storeIds] })).rejects.toMatchObject({
        code: "webhook/not-found",
      });
    }
    expect(await deliveriesOf(webhook.id)).toEqual([]);
  });
});

describe("resendDelivery", () => {
  it("creates a new pending delivery of the same event, leaving the original as it is", async () => {
    const { db } = database;
    const store = await insertStore(db);
    const { webhook } = await upsertWebhook(db, { storeId: store.id, input: input() });
    const original = await sendTestEvent(db, { webhookId: webhook.id, storeIds: [store.id] });
    const completedAt = new Date();
    await db
      .update(webhookDeliveries)
      .set({ status: "discarded", attemptCount: 1, completedAt })
      .where(eq(webhookDeliveries.id, original.id));
    await db.insert(deliveryAttempts).values({
      id: newId("deliveryAttempt"),
      deliveryId: original.id,
      attemptNumber: 1,
      attemptedAt: completedAt,
      durationMs: 12,
      responseStatus: 500,
      error: "HTTP 500",
      responseBodyExcerpt: "oops",
    });

    const resent = await resendDelivery(db, {
      webhookId: webhook.id,
      deliveryId: original.id,
      storeIds: [store.id],
    });
    expect(resent.id).not.toBe(original.id);
    expect(resent).toMatchObject({
      eventId: original.eventId,
      eventType: "test",
      subjectId: original.subjectId,
      trigger: "resend",
      status: "pending",
      attemptCount: 0,
      completedAt: null,
      attempts: [],
    });
    const rows = await deliveriesOf(webhook.id);
    expect(rows).toHaveLength(2);
    expect(new Set(rows.map((r) => r.eventSeq)).size).toBe(1);
    expect(rows.find((r) => r.id === original.id)?.status).toBe("discarded");

    // A delivered one can be resent too.
    await db
      .update(webhookDeliveries)
      .set({ status: "delivered" })
      .where(eq(webhookDeliveries.id, resent.id));
    const again = await resendDelivery(db, {
      webhookId: webhook.id,
      deliveryId: resent.id,
      storeIds: [store.id],
    });
    expect(again).toMatchObject({ eventId: original.eventId, trigger: "resend", status: "pending" });
  });

  it("answers delivery/not-found for a delivery of another webhook, and webhook/not-found for a foreign webhook", async () => {
    const { db } = database;
    const store = await insertStore(db);
    const one = await upsertWebhook(db, { storeId: store.id, input: input() });
    const two = await upsertWebhook(db, { storeId: store.id, input: input() });
    const delivery = await sendTestEvent(db, { webhookId: two.webhook.id, storeIds: [store.id] });
    for (const deliveryId of [delivery.id, newId("delivery"), "dlv_x", newId("event")]) {
      const error = await resendDelivery(db, {
        webhookId: one.webhook.id,
        deliveryId,
        storeIds: [store.id],
      }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(NotFoundError);
      expect(error).toMatchObject({ code: "delivery/not-found" });
    }
    await expect(
      resendDelivery(db, { webhookId: two.webhook.id, deliveryId: delivery.id, storeIds: [storeA] }),
    ).rejects.toMatchObject({ code: "webhook/not-found" });
    expect(await deliveriesOf(one.webhook.id)).toEqual([]);
    expect(await deliveriesOf(two.webhook.id)).toHaveLength(1);
  });
});

/** The database's clock, which stamps events (`now()` of their transaction). */
async function databaseNow(db: TestDatabase["db"]): Promise<Date> {
  const { rows } = await db.execute<{ now: string }>(sql`select now()::text as now`);
  return new Date(rows[0]?.now ?? Number.NaN);
}

describe("replayEvents", () => {
  it("replays the store's events since start, in event order, excluding test events and other stores", async () => {
    const { db } = database;
    // Store B has no backfill events of its own (only store A was backfilled).
    const { webhook } = await upsertWebhook(db, { storeId: storeB, input: input({ externalId: "replay" }) });
    const [r1, r2, r3] = (await returnIdsOf(storeB)).slice(0, 3) as [string, string, string];
    const record = (returnId: string) =>
      db.transaction((tx) => recordReturnEvent(tx, { storeId: storeB, returnId, type: "updated" }));
    const old = await record(r1);
    await db
      .update(events)
      .set({ createdAt: new Date(Date.now() - 2 * 60 * 60 * 1000) })
      .where(eq(events.id, old.id));
    // The window opens now by the database's clock: the demo data loaded into this database earlier (a
    // transfer shipped, a count applied) recorded events of store B too, before the window.
    const start = await databaseNow(db);
    const recent = [await record(r2), await record(r3), await record(r2)];
    await sendTestEvent(db, { webhookId: webhook.id, storeIds: [storeB] });
    // Another store's event in the window is not replayed.
    const [a1] = await returnIdsOf(storeA);
    await db.transaction((tx) =>
      recordReturnEvent(tx, { storeId: storeA, returnId: a1 as string, type: "updated" }),
    );
    // Store B's events in the window: the test's own, none older.
    const [inWindow] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(events)
      .where(
        and(eq(events.storeId, storeB), sql`${events.createdAt} >= ${start.toISOString()}::timestamptz`),
      );
    expect(inWindow?.n).toBe(recent.length + 1); // + the test event

    const count = await replayEvents(db, { webhookId: webhook.id, storeIds: [storeB], start });
    expect(count).toBe(recent.length);
    const replayed = (await deliveriesOf(webhook.id)).filter((d) => d.trigger === "replay");
    expect(replayed.map((d) => d.eventId)).toEqual(recent.map((e) => e.id));
    expect(replayed.map((d) => d.subjectId)).toEqual([r2, r3, r2]);
    expect(replayed.map((d) => d.eventSeq)).toEqual(recent.map((e) => e.seq));
    for (const d of replayed) expect(d.status).toBe("pending");

    // The original fan-out deliveries are still there beside the replayed ones.
    const triggers = (await deliveriesOf(webhook.id)).map((d) => d.trigger);
    expect(triggers.filter((t) => t === "event")).toHaveLength(4);
    expect(triggers.filter((t) => t === "test")).toHaveLength(1);

    // Nothing since now: zero, and nothing created.
    expect(await replayEvents(db, { webhookId: webhook.id, storeIds: [storeB], start: new Date() })).toBe(0);
    await expect(
      replayEvents(db, { webhookId: webhook.id, storeIds: [storeA], start }),
    ).rejects.toBeInstanceOf(NotFoundError);
  });
});

describe("rotateSigningSecret", () => {
  it("keeps the previous secret signing for 24 hours beside the new one", async () => {
    const { db } = database;
    const store = await insertStore(db);
    const created = await upsertWebhook(db, { storeId: store.id, input: input() });
    const first = created.signingSecret as string;
    const now = new Date("2026-03-01T10:00:00.000Z");

    const rotated = await rotateSigningSecret(db, {
      webhookId: created.webhook.id,
      storeIds: [store.id],
      now,
    });
    expect(rotated.signingSecret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(rotated.signingSecret).not.toBe(first);
    expect(rotated.previousSecretExpiresAt.toISOString()).toBe("2026-03-02T10:00:00.000Z");

    const row = await storedWebhook(created.webhook.id);
    expect(row).toMatchObject({
      signingSecret: rotated.signingSecret,
      previousSigningSecret: first,
      previousSigningSecretExpiresAt: rotated.previousSecretExpiresAt,
    });
    expect(signingSecretsFor(row, now)).toEqual([rotated.signingSecret, first]);
    expect(signingSecretsFor(row, new Date("2026-03-02T09:59:59.999Z"))).toEqual([
      rotated.signingSecret,
      first,
    ]);
    expect(signingSecretsFor(row, new Date("2026-03-02T10:00:00.000Z"))).toEqual([rotated.signingSecret]);
    expect(await getSigningSecret(db, { webhookId: created.webhook.id, storeIds: [store.id] })).toBe(
      rotated.signingSecret,
    );

    // Rotating again keeps only the latest previous secret.
    const second = await rotateSigningSecret(db, { webhookId: created.webhook.id, storeIds: [store.id] });
    const after = await storedWebhook(created.webhook.id);
    expect(after.signingSecret).toBe(second.signingSecret);
    expect(after.previousSigningSecret).toBe(rotated.signingSecret);
    expect(signingSecretsFor(after)).not.toContain(first);
  });

  it("answers NotFound for foreign and unknown webhooks, changing nothing", async () => {
    const { db } = database;
    const store = await insertStore(db);
    const created = await upsertWebhook(db, { storeId: store.id, input: input() });
    for (const run of [
      () => rotateSigningSecret(db, { webhookId: created.webhook.id, storeIds: [storeA] }),
      () => rotateSigningSecret(db, { webhookId: newId("webhook"), storeIds: [store.id] }),
      () => getSigningSecret(db, { webhookId: created.webhook.id, storeIds: [storeA] }),
      () => getSigningSecret(db, { webhookId: "nope", storeIds: [store.id] }),
    ]) {
      await expect(run()).rejects.toMatchObject({ code: "webhook/not-found" });
    }
    expect((await storedWebhook(created.webhook.id)).signingSecret).toBe(created.signingSecret);
  });
});

describe("listDeliveries", () => {
  it("pages newest first with attempts, filters by status, and scopes to the webhook", async () => {
    const { db } = database;
    const store = await insertStore(db);
    const { webhook } = await upsertWebhook(db, { storeId: store.id, input: input() });
    const other = await upsertWebhook(db, { storeId: store.id, input: input() });
    await sendTestEvent(db, { webhookId: other.webhook.id, storeIds: [store.id] });
    const sent = [];
    for (let i = 0; i < 5; i++)
      sent.push(await sendTestEvent(db, { webhookId: webhook.id, storeIds: [store.id] }));
    // Distinct creation times, two of them equal to exercise the id tie-break.
    const base = Date.now() - 10_000;
    const times = [base, base + 1000, base + 1000, base + 3000, base + 4000];
    for (const [i, d] of sent.entries()) {
      await db
        .update(webhookDeliveries)
        .set({ createdAt: new Date(times[i] as number) })
        .where(eq(webhookDeliveries.id, d.id));
    }
    const delivered = sent[1]?.id as string;
    await db
      .update(webhookDeliveries)
      .set({ status: "delivered", attemptCount: 2, completedAt: new Date() })
      .where(eq(webhookDeliveries.id, delivered));
    for (const n of [2, 1]) {
      await db.insert(deliveryAttempts).values({
        id: newId("deliveryAttempt"),
        deliveryId: delivered,
        attemptNumber: n,
        attemptedAt: new Date(base + n),
        durationMs: n,
        responseStatus: n === 1 ? null : 204,
        error: n === 1 ? "timeout" : null,
        responseBodyExcerpt: n === 1 ? null : "",
      });
    }

    const expected = sent
      .map((d, i) => ({ id: d.id, t: times[i] as number }))
      .sort((x, y) => y.t - x.t || (x.id < y.id ? 1 : -1))
      .map((d) => d.id);
    const seen: string[] = [];
    let after: { createdAt: Date; id: string } | undefined;
    for (let page = 0; page < 5; page++) {
      const result = await listDeliveries(db, {
        webhookId: webhook.id,
        storeIds: [store.id],
        limit: 2,
        after,
      });
      seen.push(...result.deliveries.map((d) => d.id));
      after = result.next;
      if (!after) break;
    }
    expect(seen).toEqual(expected);

    const onlyDelivered = await listDeliveries(db, {
      webhookId: webhook.id,
      storeIds: [store.id],
      status: "delivered",
      limit: 10,
    });
    expect(onlyDelivered.next).toBeUndefined();
    expect(onlyDelivered.deliveries).toHaveLength(1);
    const [d] = onlyDelivered.deliveries;
    expect(d).toMatchObject({ id: delivered, status: "delivered", attemptCount: 2, nextAttemptAt: null });
    expect(d?.completedAt).toEqual(expect.any(String));
    expect(d?.attempts).toEqual([
      {
        attemptNumber: 1,
        attemptedAt: new Date(base + 1).toISOString(),
        durationMs: 1,
        responseStatus: null,
        error: "timeout",
        responseBodyExcerpt: null,
        // Inserted as rows without a request: how attempts from before requests were kept read.
        request: null,
      },
      {
        attemptNumber: 2,
        attemptedAt: new Date(base + 2).toISOString(),
        durationMs: 2,
        responseStatus: 204,
        error: null,
        responseBodyExcerpt: "",
        request: null,
      },
    ]);
    const pending = await listDeliveries(db, {
      webhookId: webhook.id,
      storeIds: [store.id],
      status: "pending",
      limit: 10,
    });
    expect(pending.deliveries).toHaveLength(4);
    await expect(
      listDeliveries(db, { webhookId: webhook.id, storeIds: [storeA], limit: 10 }),
    ).rejects.toMatchObject({ code: "webhook/not-found" });
  });
});
