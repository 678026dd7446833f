import { and, count, eq, inArray, isNull, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { Db } from "../../db";
import { events, webhookDeliveries, webhooks } from "../../db/schema";
import { seedDemoData } from "../../demo/load";
import { type ExtraEventType, WEBHOOK_TOPICS, type WebhookTopic } from "../../enums";
import { newId } from "../../ids";
import { createTestDatabase, type TestDatabase } from "../../testing/database";
import { demoReturnIds, newSigningSecret } from "../../testing/webhook-deliveries";
import { notifyDeliveriesSql } from "../../webhooks/channel";
import { notifyDispatchers } from "../../webhooks/enqueue";
import { recordBackfillEvents } from "./backfill";
import { recordEvent, recordReturnEvent } from "./record";
import { EVENT_TOPICS } from "./topics";

/**
 * The outbox for any topic: only WEBHOOK_TOPICS can be recorded, an event reaches exactly the enabled
 * webhooks of its store and topic, and a transaction sends one NOTIFY however many events it records.
 * A second topic exists only in this file's database (`fake_topic`, added to the enum in beforeAll), to
 * show that the fan-out filters on topic and that the runtime check does not trust the database.
 */

const FAKE_TOPIC = "fake_topic";

let database: TestDatabase;
let storeA: string;
let storeB: string;
let databaseTopics: string[];

beforeAll(async () => {
  database = await createTestDatabase();
  const summary = await seedDemoData(database.db, { returns: 12, shipments: 1, productsPerStore: 3 });
  storeA = summary.stores[0]?.id as string;
  storeB = summary.stores[1]?.id as string;
  const { rows } = await database.db.execute<{ topic: string }>(
    sql`select unnest(enum_range(null::webhook_topic))::text as topic`,
  );
  databaseTopics = rows.map((row) => row.topic);
  await database.db.execute(sql.raw(`alter type webhook_topic add value if not exists '${FAKE_TOPIC}'`));
}, 120_000);
afterAll(async () => {
  await database?.close();
});

async function insertWebhook(
  storeId: string,
  topic: string,
  disabled = false,
  extraEventTypes: ExtraEventType[] = [],
) {
  const [row] = await database.db
    .insert(webhooks)
    .values({
      id: newId("webhook"),
      storeId,
      url: "https://example.com/hooks",
      // Only this test's database knows FAKE_TOPIC, so the type has to be told.
      topic: topic as WebhookTopic,
      signingSecret: newSigningSecret(),
      extraEventTypes,
      ...(disabled ? { disabledAt: new Date(), disabledReason: "test" } : {}),
    })
    .returning();
  if (!row) throw new Error("no webhook inserted");
  return row;
}

async function deliveredTo(eventIds: readonly string[]) {
  const rows = await database.db
    .select({ webhookId: webhookDeliveries.webhookId, trigger: webhookDeliveries.trigger })
    .from(webhookDeliveries)
    .where(inArray(webhookDeliveries.eventId, [...eventIds]));
  return rows;
}

async function eventCount() {
  const [row] = await database.db.select({ n: count() }).from(events);
  return row?.n ?? 0;
}

/** NOTIFY statements among the calls of a spied `execute`. */
function notifies(execute: { mock: { calls: unknown[][] } }): number {
  return execute.mock.calls.filter(([query]) => query === notifyDeliveriesSql).length;
}

describe("topics", () => {
  it("has a snapshot source for every topic, and the database enum holds exactly WEBHOOK_TOPICS", () => {
    expect(Object.keys(EVENT_TOPICS).sort()).toEqual([...WEBHOOK_TOPICS].sort());
    expect(databaseTopics.sort()).toEqual([...WEBHOOK_TOPICS].sort());
  });

  it("refuses a topic outside WEBHOOK_TOPICS at runtime, even one the database accepts, and writes nothing", async () => {
    const before = await eventCount();
    for (const topic of ["order", FAKE_TOPIC]) {
      await expect(
        database.db.transaction((tx) =>
          recordEvent(tx, {
            storeId: storeA,
            topic: topic as WebhookTopic,
            type: "updated",
            subject: { id: "whatever" },
            payload: { webhook: { id: "whatever" } },
          }),
        ),
      ).rejects.toThrow(new TypeError(`Unknown event topic "${topic}"`));
    }
    expect(await eventCount()).toBe(before);
  });

  it("refuses a topic outside WEBHOOK_TOPICS at type level", () => {
    // Never called: the point is that tsc rejects it (an unused @ts-expect-error fails the typecheck).
    const attempt = (tx: Db) =>
      recordEvent(tx, {
        storeId: storeA,
        // @ts-expect-error "order" is not (yet) one of WEBHOOK_TOPICS
        topic: "order",
        type: "updated",
        subject: { id: "whatever" },
        payload: { webhook: { id: "whatever" } },
      });
    expect(attempt).toBeTypeOf("function");
  });
});

describe("fan-out", () => {
  it("delivers a change only to the enabled webhooks of its store and topic", async () => {
    const subscribed = await insertWebhook(storeA, "return");
    const disabled = await insertWebhook(storeA, "return", true);
    const otherTopic = await insertWebhook(storeA, FAKE_TOPIC);
    const otherStore = await insertWebhook(storeB, "return");
    const [returnId] = await demoReturnIds(database.db, storeA, 1);

    const event = await database.db.transaction((tx) =>
      recordReturnEvent(tx, { storeId: storeA, returnId: returnId as string, type: "updated" }),
    );

    const expected = await database.db
      .select({ id: webhooks.id })
      .from(webhooks)
      .where(and(eq(webhooks.storeId, storeA), eq(webhooks.topic, "return"), isNull(webhooks.disabledAt)));
    const received = await deliveredTo([event.id]);
    expect(received.map((d) => d.webhookId).sort()).toEqual(expected.map((w) => w.id).sort());
    expect(received.map((d) => d.webhookId)).toContain(subscribed.id);
    for (const bystander of [disabled, otherTopic, otherStore]) {
      expect(received.map((d) => d.webhookId)).not.toContain(bystander.id);
    }
    expect(new Set(received.map((d) => d.trigger))).toEqual(new Set(["event"]));
    expect(event.deliveries).toBe(expected.length);
  });

  it("sends our other event types to a return webhook only when it opted in, and to every webhook of our topics", async () => {
    const plain = await insertWebhook(storeB, "return");
    const optedIn = await insertWebhook(storeB, "return", false, ["deleted"]);
    const ourTopic = await insertWebhook(storeB, "inventory_item");
    const record = (topic: "return" | "inventory_item") =>
      database.db.transaction((tx) =>
        recordEvent(tx, {
          storeId: storeB,
          topic,
          type: "deleted",
          subject: { id: "subject" },
          payload: { webhook: { id: "whk_none" } },
        }),
      );
    const toReturnWebhooks = (await deliveredTo([(await record("return")).id])).map((d) => d.webhookId);
    expect(toReturnWebhooks).toEqual([optedIn.id]);
    expect(toReturnWebhooks).not.toContain(plain.id);
    const toItemWebhooks = (await deliveredTo([(await record("inventory_item")).id])).map((d) => d.webhookId);
    expect(toItemWebhooks).toContain(ourTopic.id);
  });

  it("delivers a backfill to its one webhook only, disabled or not, with the webhook's topic", async () => {
    const target = await insertWebhook(storeA, "return", true);
    const bystander = await insertWebhook(storeA, "return");
    const backfill = await database.db.transaction((tx) =>
      recordBackfillEvents(tx, { storeId: storeA, webhookId: target.id, topic: target.topic }),
    );
    const [storeReturns] = await database.db
      .execute<{ n: number }>(sql`select count(*)::int as n from returns where store_id = ${storeA}`)
      .then((result) => result.rows);
    expect(backfill.events).toBe(storeReturns?.n);
    const rows = await database.db
      .select({ webhookId: webhookDeliveries.webhookId, topic: events.topic, type: events.type })
      .from(webhookDeliveries)
      .innerJoin(events, eq(events.id, webhookDeliveries.eventId))
      .where(inArray(webhookDeliveries.webhookId, [target.id, bystander.id]));
    expect(rows).toHaveLength(backfill.events);
    expect(
      rows.every((r) => r.webhookId === target.id && r.topic === "return" && r.type === "backfill"),
    ).toBe(true);
  });
});

describe("notify", () => {
  it("sends one NOTIFY per transaction however many events and deliveries it records", async () => {
    await insertWebhook(storeA, "return");
    const returnIds = await demoReturnIds(database.db, storeA, 4);
    const target = await insertWebhook(storeA, "return");
    for (let round = 0; round < 2; round++) {
      await database.db.transaction(async (tx) => {
        const execute = vi.spyOn(tx, "execute");
        for (const returnId of returnIds) {
          const event = await recordReturnEvent(tx, { storeId: storeA, returnId, type: "updated" });
          expect(event.deliveries).toBeGreaterThanOrEqual(2);
        }
        await recordBackfillEvents(tx, { storeId: storeA, webhookId: target.id, topic: "return" });
        // A second transaction is not taken for the first: each one notifies once.
        expect(notifies(execute)).toBe(1);
      });
    }
  });

  it("notifies at every call outside a transaction (re-enabling a webhook)", async () => {
    const execute = vi.spyOn(database.db, "execute");
    try {
      await notifyDispatchers(database.db);
      await notifyDispatchers(database.db);
      expect(notifies(execute)).toBe(2);
    } finally {
      execute.mockRestore();
    }
  });

  it("sends nothing for a change no webhook receives", async () => {
    const [returnId] = await demoReturnIds(database.db, storeB, 1);
    await database.db
      .update(webhooks)
      .set({ disabledAt: new Date(), disabledReason: "test" })
      .where(eq(webhooks.storeId, storeB));
    await database.db.transaction(async (tx) => {
      const execute = vi.spyOn(tx, "execute");
      const event = await recordReturnEvent(tx, {
        storeId: storeB,
        returnId: returnId as string,
        type: "updated",
      });
      expect(event.deliveries).toBe(0);
      expect(notifies(execute)).toBe(0);
    });
  });
});
