import { and, asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { events, inventoryMovements } from "@/lib/db/schema";
import { flushDueEvents } from "@/lib/domain/events/coalesce";
import type { Receipt } from "@/lib/schemas/inbound-receipts";
import { callRoute } from "@/lib/testing/api";
import { expectProblem, TINY_PNG_BASE64 } from "@/lib/testing/api-helpers";
import { setupApiTestDatabase, type TestStore } from "@/lib/testing/api-setup";
import { postReceipt, type ReceiveArgs, receivableShipment, stockLevel } from "@/lib/testing/receiving";
import { staffSessionCookie } from "@/lib/testing/session";
import { GET, POST } from "./route";

const setup = setupApiTestDatabase();

const shipment = (store: TestStore) => receivableShipment(setup().database.db, store);

const receive = (...args: ReceiveArgs) => postReceipt(POST, ...args);
const level = (store: TestStore, itemId: string) => stockLevel(setup().database.db, store, itemId);

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

  it("answers the serials each line recorded, and a correction's line the serials it took back", async () => {
    const { storeA } = setup();
    const s = await shipment(storeA);
    const [tee, cap] = s.lines as [(typeof s.lines)[0], (typeof s.lines)[0]];
    const received = await receive(storeA, s.id, {
      lines: [
        { sku: tee.sku, received: 4, serials: ["SN-T-1", "SN-T-2", "SN-T-1", "SN-T-3"] },
        { sku: cap.sku, received: 1 },
      ],
    });
    expect(received.status, received.text).toBe(201);
    expect(received.body.receipt.lines.map((line) => line.serials)).toEqual([
      ["SN-T-1", "SN-T-2", "SN-T-3"],
      [],
    ]);
    const fix = await receive(storeA, s.id, {
      corrects_receipt_id: received.body.receipt.id,
      note: "Two were another shipment's",
      lines: [{ sku: tee.sku, received: -2, serials: ["SN-T-3", "SN-T-1"] }],
    });
    expect(fix.status, fix.text).toBe(201);
    expect(fix.body.receipt.lines[0]?.serials).toEqual(["SN-T-3", "SN-T-1"]);

    const listed = await callRoute<{ receipts: Receipt[] }>(
      GET,
      { storeId: storeA.id, inboundShipmentId: s.id },
      { path: `/stores/${storeA.id}/inbound-shipments/${s.id}/receipts`, secret: storeA.secret },
    );
    expect(listed.status).toBe(200);
    // The receipt keeps what it recorded; the correction says what it took back.
    expect(listed.body.receipts.map((receipt) => receipt.lines.map((line) => line.serials))).toEqual([
      [["SN-T-3", "SN-T-1"]],
      [["SN-T-1", "SN-T-2", "SN-T-3"], []],
    ]);
    // A serial already taken back is no longer the corrected receipt's: refused, and nothing recorded.
    const again = await receive(storeA, s.id, {
      corrects_receipt_id: received.body.receipt.id,
      note: "Again",
      lines: [{ sku: tee.sku, received: -1, serials: ["SN-T-1"] }],
    });
    expect(expectProblem(again, 400, "inbound-receipt/invalid-request").errors).toEqual([
      { path: "receipt.lines.0.serials", message: 'The corrected receipt did not record serial "SN-T-1".' },
    ]);
  });

  it("names every problem, writes nothing, 404s another store, and records who received", async () => {
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
    const line = { lines: [{ item_id: s.itemIds[0], received: 1 }] };
    expectProblem(await receive(storeB, s.id, line), 404, "inbound-shipment/not-found");
    const editor = await staffSessionCookie(database.db, [{ storeId: storeA.id, role: "editor" }]);
    const byStaff = await receive(storeA, s.id, line, { cookie: editor.cookie });
    expect(byStaff.body.receipt.received_by.kind).toBe("staff");
    expect(await level(storeA, (s.lines[0] as (typeof s.lines)[0]).itemId)).toBe(1);
  });
});
