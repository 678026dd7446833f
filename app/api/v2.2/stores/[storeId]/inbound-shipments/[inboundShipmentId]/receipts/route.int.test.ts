import { and, asc, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { events, inventoryLevels, inventoryMovements } from "@/lib/db/schema";
import { flushDueEvents } from "@/lib/domain/events/coalesce";
import type { Receipt } from "@/lib/schemas/inbound-receipts";
import type { InboundShipmentDetail } from "@/lib/schemas/inbound-shipments";
import { callRoute } from "@/lib/testing/api";
import { expectProblem, SAME_ORIGIN, TINY_PNG_BASE64 } from "@/lib/testing/api-helpers";
import { setupApiTestDatabase, type TestStore } from "@/lib/testing/api-setup";
import { receivableShipment } from "@/lib/testing/receiving";
import { staffSessionCookie } from "@/lib/testing/session";
import { GET, POST } from "./route";

const setup = setupApiTestDatabase();

const shipment = (store: TestStore) => receivableShipment(setup().database.db, store);

type Answer = { receipt: Receipt; inbound_shipment: InboundShipmentDetail };

function receive(
  store: TestStore,
  id: string,
  receipt: unknown,
  options: { key?: string; cookie?: string; prefer?: string } = {},
) {
  return callRoute<Answer>(
    POST,
    { storeId: store.id, inboundShipmentId: id },
    {
      method: "POST",
      path: `/stores/${store.id}/inbound-shipments/${id}/receipts`,
      body: { receipt },
      secret: options.cookie ? undefined : store.secret,
      headers: {
        ...(options.key ? { "idempotency-key": options.key } : {}),
        ...(options.prefer ? { prefer: options.prefer } : {}),
        ...(options.cookie ? { cookie: options.cookie, ...SAME_ORIGIN } : {}),
      },
    },
  );
}

async function level(store: TestStore, itemId: string) {
  const [row] = await setup()
    .database.db.select({ quantity: inventoryLevels.quantity })
    .from(inventoryLevels)
    .where(
      and(
        eq(inventoryLevels.inventoryItemId, itemId),
        eq(inventoryLevels.locationId, store.locationIds[0] as string),
      ),
    );
  return row?.quantity ?? 0;
}

describe("POST /stores/{storeId}/inbound-shipments/{inboundShipmentId}/receipts", () => {
  it("receives by SKU and scanned UPC: counters, status, stock, ledger, events and the receipts list", async () => {
    const { storeA, database } = setup();
    const s = await shipment(storeA);
    const [tee, cap] = s.lines as [(typeof s.lines)[0], (typeof s.lines)[0]];
    const first = await receive(storeA, s.id, {
      bin: "A-12",
      lines: [
        { sku: tee.sku, received: 6 },
        {
          upc: cap.upc,
          received: 1,
          damaged: 1,
          damaged_reason: "damaged_in_transit",
          photos: [TINY_PNG_BASE64],
        },
      ],
    });
    expect(first.status, first.text).toBe(201);
    expect(first.body.inbound_shipment).toMatchObject({
      status: "PARTIALLY_RECEIVED",
      received_count: 7,
      damaged_count: 1,
      missing_count: 0,
    });
    expect(first.body.receipt).toMatchObject({
      bin: "A-12",
      location: { id: storeA.locationIds[0] },
      received_by: { kind: "api_secret" },
      lines: [
        { sku: tee.sku, received: 6, damaged: 0 },
        { sku: cap.sku, received: 1, damaged: 1, damaged_reason: "damaged_in_transit" },
      ],
    });
    expect(first.body.receipt.lines[1]?.photos).toEqual([expect.stringMatching(/\/comment-images\/img_/)]);
    // Good units join the stock at the destination; damaged ones do not.
    expect(await level(storeA, tee.itemId)).toBe(6);
    expect(await level(storeA, cap.itemId)).toBe(1);
    const moves = await database.db
      .select({ reason: inventoryMovements.reason, sourceId: inventoryMovements.sourceId })
      .from(inventoryMovements)
      .where(eq(inventoryMovements.inventoryItemId, tee.itemId));
    expect(moves).toEqual([{ reason: "received", sourceId: first.body.receipt.id }]);
    const recorded = await database.db
      .select({ topic: events.topic, subject: events.subjectId })
      .from(events)
      .where(eq(events.storeId, storeA.id))
      .orderBy(asc(events.seq));
    expect(recorded.filter((e) => e.subject === s.id).map((e) => e.topic)).toContain("inbound_shipment");
    expect(recorded.some((e) => e.topic === "inventory_item" && e.subject === tee.itemId)).toBe(true);

    // The rest: 4 of the tee, 3 missing caps (short-shipped): every expected unit is covered.
    const second = await receive(storeA, s.id, {
      lines: [
        { item_id: s.itemIds[0], received: 4 },
        { item_id: s.itemIds[1], missing: 2, missing_reason: "short_shipped" },
      ],
    });
    expect(second.body.inbound_shipment).toMatchObject({
      status: "RECEIVED",
      received_count: 11,
      missing_count: 2,
    });
    const listed = await callRoute<{ receipts: Receipt[] }>(
      GET,
      { storeId: storeA.id, inboundShipmentId: s.id },
      { path: `/stores/${storeA.id}/inbound-shipments/${s.id}/receipts`, secret: storeA.secret },
    );
    expect(listed.body.receipts.map((r) => r.id)).toEqual([second.body.receipt.id, first.body.receipt.id]);
  });

  it("records the receipts' inbound_shipment event once due, carrying the shipment as Get answers it then", async () => {
    const { storeA, database } = setup();
    const s = await shipment(storeA);
    const [tee, cap] = s.lines as [(typeof s.lines)[0], (typeof s.lines)[0]];
    const first = await receive(storeA, s.id, { lines: [{ upc: tee.upc, received: 2 }] });
    expect(first.body.inbound_shipment).toBeDefined();
    // A scanner's one-unit receipt asks for the receipt alone.
    const scan = await receive(
      storeA,
      s.id,
      { lines: [{ upc: cap.upc, received: 1 }] },
      { prefer: "return=minimal" },
    );
    expect(scan.status, scan.text).toBe(201);
    expect(scan.headers.get("preference-applied")).toBe("return=minimal");
    expect(scan.body.inbound_shipment).toBeUndefined();
    expect(scan.body.receipt.lines).toMatchObject([{ sku: cap.sku, received: 1 }]);
    const ignored = await receive(
      storeA,
      s.id,
      { lines: [{ upc: cap.upc, received: 1 }] },
      { prefer: "return=full" },
    );
    expect(ignored.headers.get("preference-applied")).toBeNull();
    expect(ignored.body.inbound_shipment?.received_count).toBe(4);

    // The three receipts marked the shipment's `updated` event as due; the dispatcher renders it once.
    await flushDueEvents(database.db, new Date(Date.now() + 60_000));
    const recorded = await database.db
      .select({ id: events.id, type: events.type, payload: events.payload })
      .from(events)
      .where(and(eq(events.subjectId, s.id), eq(events.topic, "inbound_shipment")))
      .orderBy(asc(events.seq));
    expect(recorded.map((e) => e.type)).toEqual(["created", "updated"]);
    const last = recorded[1];
    expect(last?.payload).toMatchObject({ id: last?.id, type: "updated", topic: "inbound_shipment" });
    expect(last?.payload.inbound_shipment).toEqual(ignored.body.inbound_shipment);
  });

  it("keeps an overage as a positive discrepancy, and a correction undoes units without editing", async () => {
    const { storeA } = setup();
    const s = await shipment(storeA);
    const [tee] = s.lines as [(typeof s.lines)[0]];
    const over = await receive(storeA, s.id, { lines: [{ sku: tee.sku, received: 12 }] });
    const line = over.body.inbound_shipment.items.find((item) => item.id === s.itemIds[0]);
    expect(line?.discrepancy).toBe(2);
    expect(over.body.inbound_shipment.status).toBe("PARTIALLY_RECEIVED");

    expectProblem(
      await receive(storeA, s.id, { lines: [{ sku: tee.sku, received: -2 }] }),
      400,
      "inbound-receipt/invalid-request",
    );
    const fix = await receive(storeA, s.id, {
      corrects_receipt_id: over.body.receipt.id,
      note: "Two belonged to another PO",
      lines: [{ sku: tee.sku, received: -2 }],
    });
    expect(fix.status, fix.text).toBe(201);
    expect(fix.body.receipt.corrects_receipt_id).toBe(over.body.receipt.id);
    expect(fix.body.inbound_shipment.received_count).toBe(10);
    expect(await level(storeA, tee.itemId)).toBe(10);
    const tooFar = await receive(storeA, s.id, {
      corrects_receipt_id: over.body.receipt.id,
      lines: [{ sku: tee.sku, received: -11 }],
    });
    expectProblem(tooFar, 409, "inbound-receipt/below-zero");
    expect(await level(storeA, tee.itemId)).toBe(10);
  });

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

  it("names every problem, writes nothing, and refuses viewers and other stores", async () => {
    const { storeA, storeB, database } = setup();
    const s = await shipment(storeA);
    const bad = await receive(storeA, s.id, {
      lines: [
        { sku: "NO-SUCH", received: 1 },
        { upc: (s.lines[0] as (typeof s.lines)[0]).upc, damaged: 1 },
        { item_id: s.itemIds[1], missing: 1, missing_reason: "other" },
      ],
    });
    const problem = expectProblem(bad, 400, "inbound-receipt/invalid-request");
    expect((problem.errors as { path: string }[]).map((e) => e.path)).toEqual(
      expect.arrayContaining(["receipt.lines.1.damaged_reason", "receipt.lines.2.note"]),
    );
    const unknown = await receive(storeA, s.id, { lines: [{ sku: "NO-SUCH", received: 1 }] });
    expect(expectProblem(unknown, 400, "inbound-receipt/invalid-request").errors).toEqual([
      { path: "receipt.lines.0.sku", message: "No line of this shipment has this SKU." },
    ]);
    const viewer = await staffSessionCookie(database.db, [{ storeId: storeA.id, role: "viewer" }]);
    const line = { lines: [{ item_id: s.itemIds[0], received: 1 }] };
    expect((await receive(storeA, s.id, line, { cookie: viewer.cookie })).status).toBe(403);
    expectProblem(await receive(storeB, s.id, line), 404, "inbound-shipment/not-found");
    const editor = await staffSessionCookie(database.db, [{ storeId: storeA.id, role: "editor" }]);
    const byStaff = await receive(storeA, s.id, line, { cookie: editor.cookie });
    expect(byStaff.body.receipt.received_by.kind).toBe("staff");
    expect(await level(storeA, (s.lines[0] as (typeof s.lines)[0]).itemId)).toBe(1);
  });
});
