import { describe, expect, it } from "vitest";
import { lineProgress, shipmentProgress } from "@/components/shipments/line-progress";
import {
  emptyPending,
  type PendingAction,
  pendingReducer,
} from "@/components/shipments/receive/pending-receipt";
import { buildReceiptBody } from "@/components/shipments/receive/receipt-body";
import { callRoute } from "@/lib/testing/api";
import { setupApiTestDatabase } from "@/lib/testing/api-setup";
import { postReceipt, receivableShipment, stockLevel } from "@/lib/testing/receiving";
import { GET as listMovements } from "../../../inventory-movements/route";
import { GET as getDiscrepancies } from "../../discrepancies/route";
import { POST } from "./route";

const setup = setupApiTestDatabase();

const pendingOf = (...actions: PendingAction[]) => actions.reduce(pendingReducer, emptyPending("key-dock"));

/**
 * What the dock counts in Receive mode, sent as the page sends it: a damaged unit is one of the units that
 * arrived, so received (into stock) + damaged + missing = the units dealt with, and units beyond the expected
 * quantity are an overage the shipment and the discrepancy report state.
 */
describe("Receive mode's counts, recorded", () => {
  it("sends 10 scanned units with 2 of them damaged as 8 into stock and 2 damaged: the line is dealt with", async () => {
    const { storeA, database } = setup();
    const s = await receivableShipment(database.db, storeA, [10]);
    const [tee] = s.lines as [(typeof s.lines)[0]];
    const itemId = s.itemIds[0] as string;
    const pending = pendingOf(
      { type: "add", itemId, field: "counted", delta: 10 },
      { type: "set", itemId, field: "damaged", value: 2 },
      { type: "reason", itemId, field: "damaged", reason: "damaged_in_transit" },
    );
    const { receipt } = buildReceiptBody(pending, [{ id: itemId }]);
    const answer = await postReceipt(POST, storeA, s.id, receipt);
    expect(answer.status, answer.text).toBe(201);
    expect(answer.body.inbound_shipment).toMatchObject({
      status: "RECEIVED",
      received_count: 8,
      damaged_count: 2,
      missing_count: 0,
    });
    expect(await stockLevel(database.db, storeA, tee.itemId)).toBe(8);
    // The ledger's line names its receipt and the receipt's shipment.
    const ledger = await callRoute<{ inventory_movements: { quantity_delta: number; source: unknown }[] }>(
      listMovements,
      { storeId: storeA.id },
      {
        path: `/stores/${storeA.id}/inventory-movements?inventory_item_id=${tee.itemId}`,
        secret: storeA.secret,
      },
    );
    expect(ledger.body.inventory_movements).toEqual([
      expect.objectContaining({
        quantity_delta: 8,
        source: { type: "receipt", id: answer.body.receipt.id, inbound_shipment_id: s.id },
      }),
    ]);
    const line = answer.body.inbound_shipment.items[0];
    if (!line) throw new Error("the shipment has its line");
    const progress = lineProgress({
      expected: line.quantity,
      received: line.received_quantity,
      damaged: line.damaged_quantity,
      missing: line.missing_quantity,
    });
    expect(progress.received + progress.damaged + progress.missing).toBe(10);
    expect(progress).toMatchObject({ outstanding: 0, overage: 0, state: "short", shortfall: 2 });
  });

  it("states units beyond the expected quantity as an overage, in the shipment and the discrepancy report", async () => {
    const { storeA, database } = setup();
    const s = await receivableShipment(database.db, storeA, [10, 4]);
    const [teeId, capId] = s.itemIds as [string, string];
    const pending = pendingOf(
      { type: "add", itemId: teeId, field: "counted", delta: 12 },
      { type: "add", itemId: capId, field: "counted", delta: 3 },
      { type: "set", itemId: capId, field: "missing", value: 1 },
      { type: "reason", itemId: capId, field: "missing", reason: "short_shipped" },
    );
    const { receipt } = buildReceiptBody(pending, [{ id: teeId }, { id: capId }]);
    const answer = await postReceipt(POST, storeA, s.id, receipt);
    expect(answer.status, answer.text).toBe(201);
    expect(answer.body.inbound_shipment).toMatchObject({
      status: "RECEIVED",
      received_count: 15,
      missing_count: 1,
    });
    const total = shipmentProgress(
      answer.body.inbound_shipment.items.map((item) => ({
        expected: item.quantity,
        received: item.received_quantity,
        damaged: item.damaged_quantity,
        missing: item.missing_quantity,
      })),
    );
    // 16 units dealt with against 14 expected: nothing outstanding, 2 over expected.
    expect(total).toMatchObject({ expected: 14, outstanding: 0, overage: 2, state: "over" });
    expect(total.received + total.damaged + total.missing - total.overage + total.outstanding).toBe(14);
    const report = await callRoute<{
      discrepancies: { item_id: string; overage: number; discrepancy: number }[];
    }>(
      getDiscrepancies,
      { storeId: storeA.id },
      { path: `/stores/${storeA.id}/inbound-shipments/discrepancies`, secret: storeA.secret },
    );
    expect(report.body.discrepancies).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ item_id: teeId, overage: 2, discrepancy: 2 }),
        expect.objectContaining({ item_id: capId, overage: 0, discrepancy: -1 }),
      ]),
    );
  });
});
