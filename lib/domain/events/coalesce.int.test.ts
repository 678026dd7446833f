import { and, asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { Db } from "../../db";
import { eventMarks, events, webhookDeliveries, webhooks } from "../../db/schema";
import { newId } from "../../ids";
import type { InboundShipmentDetail } from "../../schemas/inbound-shipments";
import { setupApiTestDatabase, type TestStore } from "../../testing/api-setup";
import { receivableShipment } from "../../testing/receiving";
import { insertWebhook, newSigningSecret, startReceiver, waitFor } from "../../testing/webhook-deliveries";
import { startDispatcher } from "../../webhooks/dispatcher/dispatcher";
import { updateInboundShipment } from "../inbound-shipments/change";
import { createReceipt } from "../inbound-shipments/receive";
import { COALESCE_WINDOW_MS, DUE_EVENTS, flushDueEvents, nextMarkDueAt } from "./coalesce";

/**
 * Coalesced `inbound_shipment` `updated` events (coalesce.ts): receipts mark the event due, the dispatcher's
 * flush renders one event per window with the latest state, in order with the shipment's other events, and a
 * mark is neither lost by a failed render nor left by a rolled-back receipt.
 */

const setup = setupApiTestDatabase();
const PUBLIC_URL = "http://localhost:3000";

/** Far enough ahead that every mark is due. */
const later = () => new Date(Date.now() + 10 * COALESCE_WINDOW_MS);

function scan(db: Db, store: TestStore, shipmentId: string, upc: string) {
  return createReceipt(
    db,
    { storeId: store.id, publicUrl: PUBLIC_URL, actor: { name: "Dock" }, minimal: true },
    shipmentId,
    { lines: [{ upc, received: 1, damaged: 0, missing: 0 }] },
  );
}

async function shipmentEvents(db: Db, shipmentId: string) {
  const rows = await db
    .select({ id: events.id, type: events.type, payload: events.payload })
    .from(events)
    .where(and(eq(events.subjectId, shipmentId), eq(events.topic, "inbound_shipment")))
    .orderBy(asc(events.seq));
  return rows.map((row) => ({
    id: row.id,
    type: row.type,
    received: (row.payload.inbound_shipment as InboundShipmentDetail).received_count,
  }));
}

const marksOf = (db: Db, shipmentId: string) =>
  db.select().from(eventMarks).where(eq(eventMarks.subjectId, shipmentId));

describe("coalesced inbound_shipment updated events", () => {
  it("gives one event for a burst of receipts, carrying the latest state, with its deliveries", async () => {
    const { database, storeA } = setup();
    const { db } = database;
    const [webhook] = await db
      .insert(webhooks)
      .values({
        id: newId("webhook"),
        storeId: storeA.id,
        url: "https://example.com/hooks",
        topic: "inbound_shipment",
        signingSecret: newSigningSecret(),
      })
      .returning();
    const s = await receivableShipment(db, storeA, [100, 100]);
    const [tee, cap] = s.lines as [(typeof s.lines)[0], (typeof s.lines)[0]];
    await Promise.all(Array.from({ length: 10 }, (_, n) => scan(db, storeA, s.id, (n % 2 ? tee : cap).upc)));
    // Only the created event so far, and one mark, due one window after the first receipt.
    expect((await shipmentEvents(db, s.id)).map((e) => e.type)).toEqual(["created"]);
    const [mark] = await marksOf(db, s.id);
    expect(mark?.dueAt.getTime()).toBe((mark?.markedAt.getTime() ?? 0) + COALESCE_WINDOW_MS);
    expect((await nextMarkDueAt(db))?.getTime()).toBeLessThanOrEqual(mark?.dueAt.getTime() ?? 0);
    // Not yet due: nothing is rendered.
    expect(await flushDueEvents(db, new Date(Date.now() - 60_000))).toBe(0);

    expect(await flushDueEvents(db, later())).toBeGreaterThanOrEqual(1);
    const recorded = await shipmentEvents(db, s.id);
    expect(recorded.map((e) => [e.type, e.received])).toEqual([
      ["created", 0],
      ["updated", 10],
    ]);
    expect(await marksOf(db, s.id)).toEqual([]);
    const deliveries = await db
      .select({ eventId: webhookDeliveries.eventId })
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.webhookId, webhook?.id as string));
    // The created event's delivery, then the coalesced one's.
    expect(deliveries.map((d) => d.eventId).sort()).toEqual(recorded.map((e) => e.id).sort());
    // A flush with nothing due records nothing more.
    expect(await flushDueEvents(db, later())).toBe(0);
  });

  it("renders while receipts run without deadlock, each event a later state than the one before", async () => {
    const { database, storeA } = setup();
    const { db } = database;
    const s = await receivableShipment(db, storeA, [100, 100]);
    const [tee, cap] = s.lines as [(typeof s.lines)[0], (typeof s.lines)[0]];
    const scans = Array.from({ length: 24 }, (_, n) => scan(db, storeA, s.id, (n % 2 ? tee : cap).upc));
    const flushes = Array.from({ length: 6 }, () => flushDueEvents(db, later()));
    await Promise.all([...scans, ...flushes]);
    await flushDueEvents(db, later());
    const received = (await shipmentEvents(db, s.id)).map((e) => e.received);
    expect(received.at(-1)).toBe(24);
    expect(received).toEqual([...received].sort((a, b) => a - b));
    expect(await marksOf(db, s.id)).toEqual([]);
  });

  it("keeps the shipment's events in order: a full-snapshot event satisfies the mark, a later receipt marks again", async () => {
    const { database, storeA } = setup();
    const { db } = database;
    const s = await receivableShipment(db, storeA);
    const [tee] = s.lines as [(typeof s.lines)[0]];
    const context = { storeId: storeA.id, publicUrl: PUBLIC_URL, inboundShipmentId: s.id };
    await scan(db, storeA, s.id, tee.upc);
    // An edit records its event at once, with the received unit in it: no second event with the same state.
    await updateInboundShipment(db, context, { carrier: "UPS" });
    expect(await marksOf(db, s.id)).toEqual([]);
    await scan(db, storeA, s.id, tee.upc);
    await flushDueEvents(db, later());
    await updateInboundShipment(db, context, { carrier: "DHL" });
    expect((await shipmentEvents(db, s.id)).map((e) => [e.type, e.received])).toEqual([
      ["created", 0],
      ["updated", 1],
      ["updated", 2],
      ["updated", 2],
    ]);
  });

  it("leaves no mark for a rolled-back receipt, and keeps it when the render is rolled back", async () => {
    const { database, storeA } = setup();
    const { db } = database;
    const s = await receivableShipment(db, storeA);
    const [tee] = s.lines as [(typeof s.lines)[0]];
    const rollback = new Error("rolled back");
    await expect(
      db.transaction(async (tx) => {
        await scan(tx, storeA, s.id, tee.upc);
        expect(await marksOf(tx, s.id)).toHaveLength(1);
        throw rollback;
      }),
    ).rejects.toBe(rollback);
    expect(await marksOf(db, s.id)).toEqual([]);

    await scan(db, storeA, s.id, tee.upc);
    // A dispatcher that dies mid-render: its transaction never commits, the event is not there, the mark is.
    await expect(
      db.transaction(async (tx) => {
        expect(await flushDueEvents(tx, later())).toBeGreaterThanOrEqual(1);
        throw rollback;
      }),
    ).rejects.toBe(rollback);
    expect(await marksOf(db, s.id)).toHaveLength(1);
    expect((await shipmentEvents(db, s.id)).map((e) => e.type)).toEqual(["created"]);
    // The next dispatcher renders it.
    await flushDueEvents(db, later());
    expect((await shipmentEvents(db, s.id)).map((e) => [e.type, e.received])).toEqual([
      ["created", 0],
      ["updated", 1],
    ]);
  });

  it("is rendered and delivered by the dispatcher one window after the first receipt, woken by the mark", async () => {
    const { database, storeA } = setup();
    const { db } = database;
    const receiver = await startReceiver();
    // A long poll: only the first mark's NOTIFY and its due time can make the dispatcher render in time.
    const dispatcher = startDispatcher({
      database,
      dueEvents: DUE_EVENTS,
      allowPrivate: true,
      pollMs: 30_000,
    });
    try {
      await insertWebhook(db, storeA.id, receiver.url, { topic: "inbound_shipment" });
      const s = await receivableShipment(db, storeA);
      const [tee] = s.lines as [(typeof s.lines)[0]];
      const first = Date.now();
      for (let n = 0; n < 5; n++) await scan(db, storeA, s.id, tee.upc);
      const updates = () =>
        receiver.received
          .map((r) => JSON.parse(r.body) as { type: string; inbound_shipment: InboundShipmentDetail })
          .filter((body) => body.type === "updated" && body.inbound_shipment.id === s.id);
      await waitFor(async () => updates().length > 0, 10_000);
      expect(Date.now() - first).toBeGreaterThanOrEqual(COALESCE_WINDOW_MS - 50);
      // Five scans usually fit in one window and give one event with all five; on a loaded machine they may
      // span two windows (CI once saw [4, 5]). Either way the burst is coalesced and the last event is final.
      await waitFor(async () => updates().at(-1)?.inbound_shipment.received_count === 5, 10_000);
      const counts = updates().map((body) => body.inbound_shipment.received_count);
      expect(counts.length).toBeLessThan(5);
      expect(counts).toEqual([...counts].sort((a, b) => a - b));
    } finally {
      await dispatcher.stop();
      await receiver.close();
    }
  });
});
