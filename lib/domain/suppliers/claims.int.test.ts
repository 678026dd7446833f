import { and, eq, isNull, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { inventoryItems, locations, productVariants } from "../../db/schema";
import type { CreateReceiptRequest } from "../../schemas/inbound-receipts";
import { setupDemoTestDatabase } from "../../testing/demo-database";
import { ConflictError, ValidationError } from "../errors";
import { createReceipt } from "../inbound-shipments/receive";
import { createInboundShipment } from "../inbound-shipments/write";
import { getSupplierClaim } from "./claim-read";
import { addReturnToVendorUnits } from "./draft";
import { creditSupplierClaim, rejectSupplierClaim, sendSupplierClaim } from "./lifecycle";
import { supplierScorecard } from "./scorecard";
import { createSupplier } from "./suppliers";

const demo = setupDemoTestDatabase();
const staff = { name: "Dock Tester" };
const publicUrl = "http://localhost:3000";
const PNG =
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==";

/** Two catalog SKUs with an inventory item and an active location to receive them at. */
async function catalog() {
  const variants = await demo.db
    .select({ id: productVariants.id, sku: productVariants.sku })
    .from(productVariants)
    .innerJoin(inventoryItems, eq(inventoryItems.variantId, productVariants.id))
    .where(and(eq(productVariants.storeId, demo.storeId), eq(inventoryItems.kind, "PRODUCT")))
    .orderBy(productVariants.id)
    .limit(2);
  const [location] = await demo.db
    .select({ id: locations.id })
    .from(locations)
    .where(and(eq(locations.storeId, demo.storeId), isNull(locations.archivedAt)))
    .limit(1);
  if (variants.length < 2 || !location) throw new Error("the demo store has too little catalog");
  return { variants: variants as { id: string; sku: string }[], locationId: location.id };
}

let supplierCount = 0;
async function newSupplier() {
  supplierCount += 1;
  return createSupplier(demo.db, demo.storeId, {
    name: `Claims test supplier ${supplierCount} ${crypto.randomUUID().slice(0, 6)}`,
    email: "claims@supplier.example",
  });
}

async function shipmentFrom(supplierId: string, extra: { eta?: string } = {}) {
  const { variants, locationId } = await catalog();
  return createInboundShipment(
    demo.db,
    { storeId: demo.storeId, publicUrl },
    {
      location_id: locationId,
      supplier_id: supplierId,
      purchase_order: `PO-${crypto.randomUUID().slice(0, 8)}`,
      ...(extra.eta ? { estimated_arrival_date: extra.eta } : {}),
      items: [
        { sku: variants[0]?.sku as string, quantity: 10, unit_cost: "4.25" },
        { sku: variants[1]?.sku as string, quantity: 5, unit_cost: "10.00" },
      ],
    },
  );
}

type Line = Partial<CreateReceiptRequest["lines"][number]> & { item_id: string };
const receive = (shipmentId: string, lines: Line[]) =>
  createReceipt(demo.db, { storeId: demo.storeId, publicUrl, actor: staff, minimal: true }, shipmentId, {
    lines: lines.map((line) => ({ received: 0, damaged: 0, missing: 0, ...line })),
  });

async function draftOf(supplierId: string) {
  const { rows } = await demo.db.execute<{ id: string }>(
    sql`select id from supplier_claims where supplier_id = ${supplierId} and status = 'DRAFT'`,
  );
  const id = rows[0]?.id;
  if (!id) throw new Error("no draft claim");
  return getSupplierClaim(demo.db, { storeId: demo.storeId, supplierClaimId: id, publicUrl });
}

describe("supplier claims", () => {
  it("a shipment names its purchase order in the published purchase_orders", async () => {
    const supplier = await newSupplier();
    const shipment = await shipmentFrom(supplier.id);
    expect(shipment.purchase_orders).toEqual([
      { id: expect.stringMatching(/^po_/), name: expect.any(String) },
    ]);
    expect(shipment.supplier).toEqual({ id: supplier.id, name: supplier.name });
    expect(shipment.items[0]?.unit_cost).toEqual({ amount: "4.25", currency: expect.any(String) });
  });

  it("a receipt's damaged, missing, wrong and over units become lines of one draft, in its transaction", async () => {
    const supplier = await newSupplier();
    const shipment = await shipmentFrom(supplier.id);
    const [first, second] = shipment.items;
    const { receipt } = await receive(shipment.id, [
      // 12 dealt with of 10 expected: 9 good, 2 damaged with a photo, 1 wrong item; 2 over.
      {
        item_id: first?.id as string,
        received: 9,
        damaged: 2,
        damaged_reason: "damaged_in_transit",
        photos: [PNG],
      },
      { item_id: second?.id as string, received: 3, missing: 2, missing_reason: "short_shipped" },
    ]);
    const claim = await draftOf(supplier.id);
    expect(claim.status).toBe("DRAFT");
    const lines = claim.lines.map((line) => [line.reason, line.quantity, line.unit_cost.amount]);
    expect(lines).toEqual([
      ["damaged", 2, "4.25"],
      ["over", 1, "4.25"],
      ["missing", 2, "10.00"],
    ]);
    expect(claim.lines[0]?.receipt_id).toBe(receipt.id);
    expect(claim.lines[0]?.photos).toHaveLength(1);
    expect(claim.lines[0]?.photos[0]).toMatch(/\/comment-images\/img_/);
    expect(claim.total.amount).toBe("32.75"); // 2 × 4.25 + 1 × 4.25 + 2 × 10.00
    expect(claim.history.map((event) => [event.kind, event.actor])).toEqual([["drafted", "Dock Tester"]]);

    // A wrong item joins the same draft (a second receipt of another shipment of the supplier).
    const other = await shipmentFrom(supplier.id);
    await receive(other.id, [
      { item_id: other.items[1]?.id as string, damaged: 1, damaged_reason: "wrong_item" },
    ]);
    const joined = await draftOf(supplier.id);
    expect(joined.id).toBe(claim.id);
    expect(joined.lines.at(-1)).toMatchObject({
      reason: "wrong_item",
      quantity: 1,
      inbound_shipment_id: other.id,
    });
    expect(joined.total.amount).toBe("42.75");
    expect(joined.history.map((event) => event.kind)).toEqual(["drafted", "lines_added"]);
  });

  it("the claim is written in the receipt's transaction: rolled back with it", async () => {
    const supplier = await newSupplier();
    const shipment = await shipmentFrom(supplier.id);
    const rollback = new Error("roll the receipt back");
    await expect(
      demo.db.transaction(async (tx) => {
        await createReceipt(tx, { storeId: demo.storeId, publicUrl, actor: staff }, shipment.id, {
          lines: [
            {
              item_id: shipment.items[0]?.id as string,
              received: 0,
              damaged: 1,
              missing: 0,
              damaged_reason: "defective",
            },
          ],
        });
        const drafted = await tx.execute(
          sql`select 1 from supplier_claims where supplier_id = ${supplier.id}`,
        );
        expect(drafted.rows).toHaveLength(1);
        throw rollback;
      }),
    ).rejects.toBe(rollback);
    const { rows } = await demo.db.execute(
      sql`select 1 from supplier_claims where supplier_id = ${supplier.id}`,
    );
    expect(rows).toHaveLength(0);
  });

  it("send, credit and reject move only from their status, each recorded with its actor", async () => {
    const supplier = await newSupplier();
    const shipment = await shipmentFrom(supplier.id);
    await receive(shipment.id, [
      { item_id: shipment.items[0]?.id as string, received: 8, damaged: 2, damaged_reason: "defective" },
    ]);
    const { id } = await draftOf(supplier.id);
    const context = { storeId: demo.storeId, supplierClaimId: id, publicUrl };
    const boss = { name: "Claims Lead" };
    await expect(
      creditSupplierClaim(demo.db, { ...context, actor: boss }, { credited_amount: "8.50" }),
    ).rejects.toMatchObject({ code: "supplier-claim/wrong-status" });
    const sent = await sendSupplierClaim(demo.db, { ...context, actor: boss }, { note: "Sent by e-mail" });
    expect(sent.status).toBe("SENT");
    await expect(sendSupplierClaim(demo.db, { ...context, actor: boss }, {})).rejects.toBeInstanceOf(
      ConflictError,
    );

    // Units claimed after sending open a new draft.
    await receive(shipment.id, [
      { item_id: shipment.items[1]?.id as string, missing: 1, missing_reason: "short_shipped" },
    ]);
    expect((await draftOf(supplier.id)).id).not.toBe(id);

    expect(() =>
      creditSupplierClaim(demo.db, { ...context, actor: boss }, { credited_amount: "-1" }),
    ).toThrow(ValidationError);
    const credited = await creditSupplierClaim(
      demo.db,
      { ...context, actor: boss },
      { credited_amount: "8.50" },
    );
    expect(credited).toMatchObject({ status: "CREDITED", credited: { amount: "8.50" } });
    await expect(
      rejectSupplierClaim(demo.db, { ...context, actor: boss }, { note: "too late" }),
    ).rejects.toMatchObject({ code: "supplier-claim/wrong-status" });
    expect(credited.history.map((event) => [event.kind, event.actor, event.amount?.amount ?? null])).toEqual([
      ["drafted", "Dock Tester", null],
      ["sent", "Claims Lead", null],
      ["credited", "Claims Lead", "8.50"],
    ]);
    const events = await demo.db.execute<{ type: string }>(
      sql`select type from events where topic = 'supplier_claim' and subject_id = ${id} order by seq`,
    );
    expect(events.rows.map((row) => row.type)).toEqual(["created", "updated", "updated"]);

    const next = await draftOf(supplier.id);
    const nextContext = { storeId: demo.storeId, supplierClaimId: next.id, publicUrl, actor: boss };
    await sendSupplierClaim(demo.db, nextContext, {});
    const rejected = await rejectSupplierClaim(demo.db, nextContext, { note: "Not their fault" });
    expect(rejected).toMatchObject({ status: "REJECTED", credited: null });
  });

  it("return-to-vendor units join the supplier's open draft", async () => {
    const supplier = await newSupplier();
    const shipment = await shipmentFrom(supplier.id);
    await receive(shipment.id, [
      { item_id: shipment.items[0]?.id as string, received: 9, damaged: 1, damaged_reason: "defective" },
    ]);
    const { variants } = await catalog();
    const claimId = await demo.db.transaction((tx) =>
      addReturnToVendorUnits(
        tx,
        { storeId: demo.storeId, actor: staff, publicUrl },
        { supplierId: supplier.id, returnId: "ret_test", variantId: variants[0]?.id as string, quantity: 2 },
      ),
    );
    const claim = await draftOf(supplier.id);
    expect(claim.id).toBe(claimId);
    expect(claim.lines.at(-1)).toMatchObject({
      reason: "return_to_vendor",
      quantity: 2,
      return_id: "ret_test",
      unit_cost: { amount: "4.25" },
    });
  });

  it("the scorecard's figures on a small known dataset", async () => {
    const supplier = await newSupplier();
    // Two shipments this month: one received on time (ETA in the future), one late (ETA long past).
    const onTime = await shipmentFrom(supplier.id, { eta: "2999-01-01" });
    const late = await shipmentFrom(supplier.id, { eta: "2000-01-01" });
    await receive(onTime.id, [
      { item_id: onTime.items[0]?.id as string, received: 10 },
      { item_id: onTime.items[1]?.id as string, received: 4, damaged: 1, damaged_reason: "defective" },
    ]);
    await receive(late.id, [{ item_id: late.items[0]?.id as string, received: 12 }]);
    const { rows } = await demo.db.execute<{ id: string }>(
      sql`select id from supplier_claims where supplier_id = ${supplier.id}`,
    );
    const context = {
      storeId: demo.storeId,
      supplierClaimId: rows[0]?.id as string,
      publicUrl,
      actor: staff,
    };
    await sendSupplierClaim(demo.db, context, {});
    await creditSupplierClaim(demo.db, context, { credited_amount: "15.00" });

    const card = await supplierScorecard(demo.db, {
      storeId: demo.storeId,
      supplierId: supplier.id,
      months: 2,
    });
    expect(card.months).toHaveLength(2);
    expect(card.months[0]).toMatchObject({ shipments: 0, fill_rate: null });
    expect(card.months[1]).toMatchObject({
      shipments: 2,
      arrived_with_eta: 2,
      on_time: 1,
      on_time_rate: 0.5,
      expected_units: 30, // 2 × (10 + 5)
      received_units: 26, // 10 + 4 + 12
      damaged_units: 1,
      over_units: 2,
      fill_rate: 0.8667,
      damage_rate: 0.037, // 1 of 27 arrived
      overage_rate: 0.0667,
      claims_opened: 1,
      claims_open: 0,
      claimed_amount: "18.50", // 1 damaged × 10.00 + 2 over × 4.25
      recovered_amount: "15.00",
    });
  });
});
