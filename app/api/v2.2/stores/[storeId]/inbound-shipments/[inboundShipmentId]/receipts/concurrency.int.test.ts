import { and, asc, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { events } from "@/lib/db/schema";
import { flushDueEvents } from "@/lib/domain/events/coalesce";
import type { InboundShipmentDetail } from "@/lib/schemas/inbound-shipments";
import { setupApiTestDatabase, type TestStore } from "@/lib/testing/api-setup";
import { postReceipt, type ReceiveArgs, receivableShipment, stockLevel } from "@/lib/testing/receiving";
import { POST } from "./route";

/**
 * Receipts of one shipment arriving at once (route.int.test.ts has the rest): no unit lost, no deadlock, the
 * status and the coalesced event from every receipt, and a retried scan received once.
 */

const setup = setupApiTestDatabase();

const shipment = (store: TestStore) => receivableShipment(setup().database.db, store);
const receive = (...args: ReceiveArgs) => postReceipt(POST, ...args);
const level = (store: TestStore, itemId: string) => stockLevel(setup().database.db, store, itemId);

describe("POST /stores/{storeId}/inbound-shipments/{inboundShipmentId}/receipts at once", () => {
  it("loses no unit when receipts of one line arrive at once, and a retried scan is received once", async () => {
    const { storeA } = setup();
    const s = await shipment(storeA);
    const [tee] = s.lines as [(typeof s.lines)[0]];
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => receive(storeA, s.id, { lines: [{ sku: tee.sku, received: 1 }] })),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(8).fill(201));
    expect(await level(storeA, tee.itemId)).toBe(8);
    const scan = { lines: [{ upc: (s.lines[0] as (typeof s.lines)[0]).upc, received: 1 }] };
    const once = await receive(storeA, s.id, scan, { key: "scan-42" });
    const again = await receive(storeA, s.id, scan, { key: "scan-42" });
    expect(again.body.receipt.id).toBe(once.body.receipt.id);
    expect(await level(storeA, tee.itemId)).toBe(9);
  });

  it("derives the status from concurrent receipts with overage, damage and a correction as from the lines", async () => {
    const { storeA, database } = setup();
    const s = await receivableShipment(database.db, storeA, [4, 4]);
    const [tee, cap] = s.lines as [(typeof s.lines)[0], (typeof s.lines)[0]];
    // Ten at once: the tee gets 5 (one over), the cap 3 damaged and 2 missing (one over): 8 of 8 covered.
    const answers = await Promise.all([
      ...Array.from({ length: 5 }, () => receive(storeA, s.id, { lines: [{ sku: tee.sku, received: 1 }] })),
      ...Array.from({ length: 3 }, () =>
        receive(storeA, s.id, { lines: [{ upc: cap.upc, damaged: 1, damaged_reason: "defective" }] }),
      ),
      ...Array.from({ length: 2 }, () =>
        receive(storeA, s.id, { lines: [{ upc: cap.upc, missing: 1, missing_reason: "short_shipped" }] }),
      ),
    ]);
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(201));
    const coveredCounts = async () => {
      const { rows } = await database.db.execute<{ stored: number; from_lines: number; status: string }>(sql`
        select s.covered_count as stored, s.status,
          (select sum(least(i.quantity, i.received_quantity + i.damaged_quantity + i.missing_quantity))::int
            from inbound_shipment_items i where i.shipment_id = s.id) as from_lines
        from inbound_shipments s where s.id = ${s.id}`);
      return rows[0];
    };
    expect(await coveredCounts()).toEqual({ stored: 8, from_lines: 8, status: "RECEIVED" });

    // Two of the tee's units taken back: 1 over becomes 1 short, so the shipment is partly received again.
    const fix = await receive(storeA, s.id, {
      corrects_receipt_id: answers[0]?.body.receipt.id,
      lines: [{ sku: tee.sku, received: -2 }],
    });
    expect(fix.status, fix.text).toBe(201);
    expect(fix.body.inbound_shipment.status).toBe("PARTIALLY_RECEIVED");
    expect(await coveredCounts()).toEqual({ stored: 7, from_lines: 7, status: "PARTIALLY_RECEIVED" });
  });

  it("sums receipts naming the same lines in opposite orders at once, and their event has the sum", async () => {
    const { storeA, database } = setup();
    const s = await receivableShipment(database.db, storeA, [100, 100]);
    const [tee, cap] = s.lines as [(typeof s.lines)[0], (typeof s.lines)[0]];
    // Half name the tee first, half the cap: the lines are locked in id order, so none deadlocks.
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, n) =>
        receive(storeA, s.id, {
          lines:
            n % 2 === 0
              ? [
                  { sku: tee.sku, received: 1 },
                  { upc: cap.upc, received: 2 },
                ]
              : [
                  { upc: cap.upc, received: 2 },
                  { sku: tee.sku, received: 1 },
                ],
        }),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(12).fill(201));
    expect(await level(storeA, tee.itemId)).toBe(12);
    expect(await level(storeA, cap.itemId)).toBe(24);
    await flushDueEvents(database.db, new Date(Date.now() + 60_000));
    const recorded = await database.db
      .select({ payload: events.payload })
      .from(events)
      .where(
        and(eq(events.subjectId, s.id), eq(events.topic, "inbound_shipment"), eq(events.type, "updated")),
      )
      .orderBy(asc(events.seq));
    // One coalesced event, rendered after all twelve committed: the shipment with every unit.
    expect(recorded.map((e) => (e.payload.inbound_shipment as InboundShipmentDetail).received_count)).toEqual(
      [36],
    );
  });
});
