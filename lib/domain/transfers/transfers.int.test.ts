import { and, eq, isNull, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { inventoryItems, inventoryLevels, locations } from "../../db/schema";
import { setupDemoTestDatabase } from "../../testing/demo-database";
import { offTheLedger } from "../../testing/ledger-invariant";
import { moveBinStock } from "../bins/bin-stock";
import { createBin, updateBin } from "../bins/bins";
import { applyCycleCount } from "../cycle-counts/apply";
import { recordCycleCounts } from "../cycle-counts/counting";
import { createCycleCount } from "../cycle-counts/create";
import { submitCycleCount, updateCycleCountSettings } from "../cycle-counts/review";
import { ConflictError } from "../errors";
import { cancelInboundShipment } from "../inbound-shipments/change";
import { getInboundShipment } from "../inbound-shipments/get";
import { createReceipt } from "../inbound-shipments/receive";
import { applyInventoryMovements } from "../inventory-levels/movements";
import { cancelTransfer, shipTransfer } from "./lifecycle";
import { getTransfer } from "./read";
import { createTransfer } from "./write";

const demo = setupDemoTestDatabase();
const staff = { name: "Dock Tester" };
const publicUrl = "http://localhost:3000";

/** A catalog product with `units` or more unbinned at an active location, and another active location. */
async function stockedProduct(units: number) {
  const [row] = await demo.db
    .select({ itemId: inventoryLevels.inventoryItemId, originId: inventoryLevels.locationId })
    .from(inventoryLevels)
    .innerJoin(inventoryItems, eq(inventoryItems.id, inventoryLevels.inventoryItemId))
    .innerJoin(locations, eq(locations.id, inventoryLevels.locationId))
    .where(
      and(
        eq(inventoryLevels.storeId, demo.storeId),
        eq(inventoryItems.kind, "PRODUCT"),
        sql`${inventoryItems.variantId} is not null`,
        sql`${inventoryLevels.quantity} >= ${units}`,
        isNull(locations.archivedAt),
        sql`not exists (select 1 from bin_stock s where s.inventory_item_id = ${inventoryLevels.inventoryItemId} and s.quantity > 0)`,
        sql`not exists (select 1 from transfer_lines tl where tl.inventory_item_id = ${inventoryLevels.inventoryItemId})`,
      ),
    )
    .orderBy(sql`random()`)
    .limit(1);
  if (!row) throw new Error("no stocked product without bins");
  const [other] = await demo.db
    .select({ id: locations.id })
    .from(locations)
    .where(
      and(
        eq(locations.storeId, demo.storeId),
        isNull(locations.archivedAt),
        sql`${locations.id} <> ${row.originId}`,
      ),
    )
    .limit(1);
  if (!other) throw new Error("the demo store has one active location");
  return { ...row, destinationId: other.id };
}

async function levelOf(itemId: string, locationId: string): Promise<number> {
  const [row] = await demo.db
    .select({ quantity: inventoryLevels.quantity })
    .from(inventoryLevels)
    .where(and(eq(inventoryLevels.inventoryItemId, itemId), eq(inventoryLevels.locationId, locationId)));
  return row?.quantity ?? 0;
}

async function binQuantity(itemId: string, binId: string): Promise<number> {
  const { rows } = await demo.db.execute<{ quantity: number }>(sql`
    select quantity from bin_stock where inventory_item_id = ${itemId} and bin_id = ${binId}`);
  return rows[0]?.quantity ?? 0;
}

const context = (transferId: string) => ({ storeId: demo.storeId, transferId, actor: staff, publicUrl });

async function draft(stock: Awaited<ReturnType<typeof stockedProduct>>, quantity: number) {
  return createTransfer(
    demo.db,
    { storeId: demo.storeId, actor: staff },
    {
      origin_location_id: stock.originId,
      destination_location_id: stock.destinationId,
      lines: [{ inventory_item_id: stock.itemId, quantity }],
    },
  );
}

describe("a transfer's life", () => {
  it("ships 10 units out of the origin, is received in the destination's shipment with one damaged, and closes", async () => {
    const stock = await stockedProduct(10);
    const [originBefore, destinationBefore] = [
      await levelOf(stock.itemId, stock.originId),
      await levelOf(stock.itemId, stock.destinationId),
    ];
    const created = await draft(stock, 10);
    expect(created).toMatchObject({ status: "DRAFT", unit_count: 10, inbound_shipment_id: null });
    expect(await levelOf(stock.itemId, stock.originId)).toBe(originBefore);

    const shipped = await shipTransfer(demo.db, context(created.id));
    expect(shipped.status).toBe("IN_TRANSIT");
    expect(await levelOf(stock.itemId, stock.originId)).toBe(originBefore - 10);
    const shipmentId = shipped.inbound_shipment_id as string;
    const shipment = await getInboundShipment(demo.db, {
      storeId: demo.storeId,
      inboundShipmentId: shipmentId,
      publicUrl,
    });
    expect(shipment).toMatchObject({
      status: "IN_TRANSIT",
      shipment_id: created.id,
      location: { id: stock.destinationId },
      item_count: 10,
      transfer_orders: [{ id: created.id }],
    });
    // Its units already left the origin: only the transfer may cancel the shipment.
    await expect(
      cancelInboundShipment(demo.db, { storeId: demo.storeId, inboundShipmentId: shipmentId, publicUrl }),
    ).rejects.toMatchObject({ code: "inbound-shipment/owned-by-transfer" });

    const line = shipment.items[0]?.id as string;
    await createReceipt(demo.db, { storeId: demo.storeId, publicUrl, actor: staff }, shipmentId, {
      lines: [{ item_id: line, received: 4, damaged: 0, missing: 0 }],
    });
    expect((await getTransfer(demo.db, context(created.id))).status).toBe("PARTIALLY_RECEIVED");
    await expect(cancelTransfer(demo.db, context(created.id))).rejects.toMatchObject({
      code: "transfer/wrong-status",
    });
    await createReceipt(demo.db, { storeId: demo.storeId, publicUrl, actor: staff }, shipmentId, {
      lines: [{ item_id: line, received: 5, damaged: 1, damaged_reason: "damaged_in_transit", missing: 0 }],
    });
    const closed = await getTransfer(demo.db, context(created.id));
    expect(closed).toMatchObject({ status: "CLOSED", received_count: 9, damaged_count: 1, missing_count: 0 });
    expect(closed.lines[0]).toMatchObject({ quantity: 10, received: 9, damaged: 1, missing: 0 });
    expect(closed.closed_at).not.toBeNull();
    expect(await levelOf(stock.itemId, stock.destinationId)).toBe(destinationBefore + 9);
    expect(await levelOf(stock.itemId, stock.originId)).toBe(originBefore - 10);
    expect(await offTheLedger(demo.db)).toEqual([]);
  });

  it("cancelled in transit, returns its units to the origin and removes the destination's shipment", async () => {
    const stock = await stockedProduct(3);
    const before = await levelOf(stock.itemId, stock.originId);
    const created = await draft(stock, 3);
    const shipped = await shipTransfer(demo.db, context(created.id));
    const cancelled = await cancelTransfer(demo.db, context(created.id));
    expect(cancelled).toMatchObject({
      status: "CANCELLED",
      inbound_shipment_id: null,
      cancelled_by: "Dock Tester",
    });
    expect(await levelOf(stock.itemId, stock.originId)).toBe(before);
    await expect(
      getInboundShipment(demo.db, {
        storeId: demo.storeId,
        inboundShipmentId: shipped.inbound_shipment_id as string,
        publicUrl,
      }),
    ).rejects.toMatchObject({ status: 404 });
    const { rows } = await demo.db.execute<{ reason: string; delta: number }>(sql`
      select reason, quantity_delta as delta from inventory_movements
      where source_type = 'transfer' and source_id = ${created.id} order by seq`);
    expect(rows).toEqual([
      { reason: "transfer_out", delta: -3 },
      { reason: "transfer_cancelled", delta: 3 },
    ]);
    await expect(shipTransfer(demo.db, context(created.id))).rejects.toMatchObject({
      code: "transfer/wrong-status",
    });
  });

  it("refuses units the origin holds only in bins, and moves nothing", async () => {
    const stock = await stockedProduct(2);
    const level = await levelOf(stock.itemId, stock.originId);
    const bin = await createBin(
      demo.db,
      { storeId: demo.storeId, locationId: stock.originId },
      { code: `TR-${stock.itemId.slice(-6)}` },
    );
    await moveBinStock(demo.db, {
      storeId: demo.storeId,
      inventoryItemId: stock.itemId,
      move: { location_id: stock.originId, from_bin_id: null, to_bin_id: bin.id, quantity: level - 1 },
      actor: staff,
    });
    const created = await draft(stock, 2);
    const refusal = await shipTransfer(demo.db, context(created.id)).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(ConflictError);
    expect(refusal).toMatchObject({
      code: "transfer/not-enough-stock",
      errors: [{ path: "transfer.lines.0.quantity" }],
    });
    expect((await getTransfer(demo.db, context(created.id))).status).toBe("DRAFT");
    expect(await levelOf(stock.itemId, stock.originId)).toBe(level);
  });
});

describe("shipping from chosen bins", () => {
  it("takes each line's units from the bins named and the rest unbinned, through the ledger; refuses bad bins", async () => {
    // 5 units go into bins; at least 3 stay unbinned.
    const stock = await stockedProduct(8);
    const level = await levelOf(stock.itemId, stock.originId);
    const suffix = stock.itemId.slice(-6);
    const bin = (locationId: string, code: string) =>
      createBin(demo.db, { storeId: demo.storeId, locationId }, { code: `${code}-${suffix}` });
    const [shelf, spare, archived, elsewhere] = [
      await bin(stock.originId, "SF"),
      await bin(stock.originId, "SP"),
      await bin(stock.originId, "SA"),
      await bin(stock.destinationId, "SE"),
    ];
    for (const [to, quantity] of [
      [shelf, 3],
      [spare, 1],
      [archived, 1],
    ] as const) {
      await moveBinStock(demo.db, {
        storeId: demo.storeId,
        inventoryItemId: stock.itemId,
        move: { location_id: stock.originId, from_bin_id: null, to_bin_id: to.id, quantity },
        actor: staff,
      });
    }
    await updateBin(demo.db, { storeId: demo.storeId, binId: archived.id }, { archived: true });
    const created = await draft(stock, 4);
    const ship = (fromBins: { bin_id: string; quantity: number }[]) =>
      shipTransfer(demo.db, {
        ...context(created.id),
        ship: { lines: [{ inventory_item_id: stock.itemId, from_bins: fromBins }] },
      }).catch((error: unknown) => error);

    expect(await ship([{ bin_id: elsewhere.id, quantity: 1 }])).toMatchObject({
      status: 400,
      errors: [{ path: "lines.0.from_bins.0.bin_id", message: expect.stringMatching(/not at the origin/) }],
    });
    expect(
      await ship([
        { bin_id: shelf.id, quantity: 3 },
        { bin_id: spare.id, quantity: 2 },
      ]),
    ).toMatchObject({
      status: 400,
      errors: [{ path: "lines.0.from_bins", message: "The bins give 5 units; the line ships 4." }],
    });
    expect(await ship([{ bin_id: archived.id, quantity: 1 }])).toMatchObject({
      code: "bin/archived",
      errors: [{ path: "lines.0.from_bins.0.bin_id" }],
    });
    expect(await ship([{ bin_id: spare.id, quantity: 2 }])).toMatchObject({
      code: "transfer/not-enough-stock",
      errors: [
        {
          path: "lines.0.from_bins.0.quantity",
          message: `Bin SP-${suffix}: The bin holds 1 of these units; 2 cannot leave it.`,
        },
      ],
    });
    expect(await levelOf(stock.itemId, stock.originId)).toBe(level);

    // 3 from the shelf, 1 from the unbinned remainder.
    const shipped = await ship([{ bin_id: shelf.id, quantity: 3 }]);
    expect(shipped).toMatchObject({ status: "IN_TRANSIT" });
    expect(await levelOf(stock.itemId, stock.originId)).toBe(level - 4);
    expect(await binQuantity(stock.itemId, shelf.id)).toBe(0);
    expect(await binQuantity(stock.itemId, spare.id)).toBe(1);
    const { rows } = await demo.db.execute<{ bin_id: string | null; delta: number; actor_name: string }>(sql`
      select bin_id, quantity_delta as delta, actor_name from inventory_movements
      where source_type = 'transfer' and source_id = ${created.id} order by seq`);
    expect(rows).toEqual([
      { bin_id: shelf.id, delta: -3, actor_name: "Dock Tester" },
      { bin_id: null, delta: -1, actor_name: "Dock Tester" },
    ]);
    expect(await offTheLedger(demo.db)).toEqual([]);
  });
});

describe("transfers under concurrency", () => {
  it("ships or cancels a transfer once, however many requests race", async () => {
    const stock = await stockedProduct(5);
    const before = await levelOf(stock.itemId, stock.originId);
    const created = await draft(stock, 5);
    const outcomes = await Promise.allSettled([
      shipTransfer(demo.db, context(created.id)),
      shipTransfer(demo.db, context(created.id)),
      cancelTransfer(demo.db, context(created.id)),
      shipTransfer(demo.db, context(created.id)),
      cancelTransfer(demo.db, context(created.id)),
    ]);
    for (const outcome of outcomes)
      if (outcome.status === "rejected")
        expect(outcome.reason).toMatchObject({ code: "transfer/wrong-status" });
    const after = await getTransfer(demo.db, context(created.id));
    const { rows } = await demo.db.execute<{ reason: string }>(sql`
      select reason from inventory_movements where source_type = 'transfer' and source_id = ${created.id}`);
    const out = rows.filter((row) => row.reason === "transfer_out").length;
    const back = rows.filter((row) => row.reason === "transfer_cancelled").length;
    expect(out).toBeLessThanOrEqual(1);
    expect(back).toBeLessThanOrEqual(out);
    expect(await levelOf(stock.itemId, stock.originId)).toBe(
      after.status === "IN_TRANSIT" ? before - 5 : before,
    );
    expect(await offTheLedger(demo.db)).toEqual([]);
  });

  it("keeps level = sum(bins) + unbinned = sum(ledger) with counts, transfers, receipts, bin moves and adjustments at once", async () => {
    const stock = await stockedProduct(14);
    const bin = await createBin(
      demo.db,
      { storeId: demo.storeId, locationId: stock.originId },
      { code: `TC-${stock.itemId.slice(-6)}` },
    );
    // A transfer already in transit whose shipment receipts race the rest.
    const receiving = await shipTransfer(demo.db, context((await draft(stock, 4)).id));
    const shipmentId = receiving.inbound_shipment_id as string;
    const shipment = await getInboundShipment(demo.db, {
      storeId: demo.storeId,
      inboundShipmentId: shipmentId,
      publicUrl,
    });
    const line = shipment.items[0]?.id as string;
    const racing = await draft(stock, 3);
    const another = await draft(stock, 2);
    const receipt = (received: number) =>
      createReceipt(demo.db, { storeId: demo.storeId, publicUrl, actor: staff }, shipmentId, {
        lines: [{ item_id: line, received, damaged: 0, missing: 0 }],
      });
    const move = (from: string | null, to: string | null, quantity: number) =>
      moveBinStock(demo.db, {
        storeId: demo.storeId,
        inventoryItemId: stock.itemId,
        move: { location_id: stock.originId, from_bin_id: from, to_bin_id: to, quantity },
        actor: staff,
      });
    await move(null, bin.id, 2);
    // A count of the bin, started (its snapshot taken) while everything else lands on the same item.
    const count = await createCycleCount(demo.db, {
      storeId: demo.storeId,
      request: { location_id: stock.originId, scope: { type: "bins", bin_ids: [bin.id] } },
      actor: staff,
    });
    const countBin = (quantity: number) =>
      recordCycleCounts(demo.db, {
        storeId: demo.storeId,
        cycleCountId: count.cycle_count.id,
        counts: { bin_id: bin.id, entries: [{ inventory_item_id: stock.itemId, quantity, mode: "set" }] },
      });
    const [counted] = await Promise.allSettled([
      countBin(3),
      shipTransfer(demo.db, context(racing.id)),
      cancelTransfer(demo.db, context(racing.id)),
      // Shipped partly out of the bin being counted and moved into and out of.
      shipTransfer(demo.db, {
        ...context(another.id),
        ship: { lines: [{ inventory_item_id: stock.itemId, from_bins: [{ bin_id: bin.id, quantity: 1 }] }] },
      }),
      receipt(2),
      receipt(1),
      move(null, bin.id, 3),
      move(bin.id, null, 1),
      applyInventoryMovements(demo.db, {
        storeId: demo.storeId,
        changes: [
          { inventoryItemId: stock.itemId, locationId: stock.originId, adjustBy: 2, reason: "correction" },
        ],
        source: { type: "adjustment" },
        actor: staff,
      }),
      cancelTransfer(demo.db, context(another.id)),
    ]);
    expect(counted.status).toBe("fulfilled");
    expect(await offTheLedger(demo.db)).toEqual([]);
    // The transfers' units: out once per shipped transfer, back once per cancelled one.
    for (const id of [racing.id, another.id]) {
      const transfer = await getTransfer(demo.db, context(id));
      const { rows } = await demo.db.execute<{ total: number }>(sql`
        select coalesce(sum(quantity_delta), 0)::int as total from inventory_movements
        where source_type = 'transfer' and source_id = ${id}`);
      expect(rows[0]?.total).toBe(transfer.status === "IN_TRANSIT" ? -transfer.unit_count : 0);
    }
    expect((await getTransfer(demo.db, context(receiving.id))).received_count).toBe(3);

    // The count applied while the last unit of the transfer is received and units move into its bin: its
    // variance is against its own snapshot, so neither is overwritten.
    await updateCycleCountSettings(demo.db, demo.storeId, {
      auto_accept_units: 100,
      auto_accept_value: null,
    });
    const submitted = await submitCycleCount(demo.db, demo.storeId, count.cycle_count.id);
    const variance = submitted.lines.reduce((sum, l) => sum + (l.variance ?? 0), 0);
    const binBefore = await binQuantity(stock.itemId, bin.id);
    const applying = await Promise.allSettled([
      applyCycleCount(demo.db, {
        storeId: demo.storeId,
        cycleCountId: count.cycle_count.id,
        actor: { userId: "usr_admin", name: "Admin" },
      }),
      receipt(1),
      move(null, bin.id, 1),
    ]);
    expect(applying.filter((outcome) => outcome.status === "rejected")).toEqual([]);
    expect(await offTheLedger(demo.db)).toEqual([]);
    expect(await binQuantity(stock.itemId, bin.id)).toBe(binBefore + variance + 1);
    const { rows } = await demo.db.execute<{ total: number }>(sql`
      select coalesce(sum(quantity_delta), 0)::int as total from inventory_movements
      where source_type = 'cycle_count' and source_id = ${count.cycle_count.id}`);
    expect(rows[0]?.total).toBe(variance);
    expect((await getTransfer(demo.db, context(receiving.id))).status).toBe("CLOSED");
  });
});
