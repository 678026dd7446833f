import { and, eq, isNull, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { inventoryItems, locations, productVariants } from "../../db/schema";
import type { Disposition } from "../../enums";
import type { SupplierClaim } from "../../schemas/suppliers";
import { setupDemoTestDatabase } from "../../testing/demo-database";
import { offTheLedger } from "../../testing/ledger-invariant";
import { returnIn } from "../../testing/return-lifecycle";
import { createReceipt } from "../inbound-shipments/receive";
import { createInboundShipment } from "../inbound-shipments/write";
import { processReturn } from "../returns/process";
import { getSupplierClaim } from "./claim-read";
import { discardSupplierClaim } from "./lifecycle";
import { addManualClaimLine, removeSupplierClaimLine, updateSupplierClaimLine } from "./line-edits";
import { createSupplier } from "./suppliers";

/**
 * Issue 28, "inspect once, route everything": no inspected or discrepant unit leaves the books unexplained.
 * A realistic mix runs through the real domain actions (a shipment received with damaged, missing, wrong and
 * over units; returns processed to restock, refurbish, return-to-vendor and dispose), then the stored
 * receipts and returns are summed against where their units went: stock through the ledger, a stock state
 * through the ledger, or a line of the supplier's claim. Each side is read from its own table, so a path that
 * dropped a unit (a claim line not written, a ledger row missing) makes the sums differ.
 */

const demo = setupDemoTestDatabase({ sizes: { returns: 60, shipments: 20, productsPerStore: 12 } });
const publicUrl = "http://localhost:3000";
const actor = { name: "Books Tester" };

async function fourVariantsAndLocation() {
  const variants = await demo.db
    .select({ id: productVariants.id, sku: productVariants.sku })
    .from(productVariants)
    .innerJoin(inventoryItems, eq(inventoryItems.variantId, productVariants.id))
    .where(and(eq(productVariants.storeId, demo.storeId), eq(inventoryItems.kind, "PRODUCT")))
    .orderBy(productVariants.id)
    .limit(4);
  const [location] = await demo.db
    .select({ id: locations.id })
    .from(locations)
    .where(and(eq(locations.storeId, demo.storeId), isNull(locations.archivedAt)))
    .orderBy(locations.id)
    .limit(1);
  if (variants.length < 4 || !location) throw new Error("the demo store has too little catalog");
  return { skus: variants.map((variant) => variant.sku as string), locationId: location.id };
}

const sumOf = (rows: { n: number | string | null }[]) =>
  rows.reduce((total, row) => total + Number(row.n ?? 0), 0);

describe("inspect once, route everything: the books explain every unit", () => {
  it("sums every discrepant inbound unit into claims and every returned unit into stock or a state", async () => {
    const { db, storeId } = demo;
    const { skus, locationId } = await fourVariantsAndLocation();
    const supplier = await createSupplier(db, storeId, {
      name: `Books supplier ${crypto.randomUUID().slice(0, 8)}`,
      email: "books@supplier.example",
    });

    // --- Inbound: 10 + 5 + 6 + 4 = 25 expected.
    const shipment = await createInboundShipment(
      db,
      { storeId, publicUrl },
      {
        location_id: locationId,
        supplier_id: supplier.id,
        purchase_order: "PO-BOOKS-1",
        items: [
          { sku: skus[0] as string, quantity: 10, unit_cost: "2.00" },
          { sku: skus[1] as string, quantity: 5, unit_cost: "3.00" },
          { sku: skus[2] as string, quantity: 6, unit_cost: "4.00" },
          { sku: skus[3] as string, quantity: 4, unit_cost: "5.00" },
        ],
      },
    );
    const line = (index: number) => shipment.items[index]?.id as string;
    const zero = { received: 0, damaged: 0, missing: 0 };
    // First receipt: damaged in transit, short-shipped, wrong items (damaged and missing), and two over.
    await createReceipt(db, { storeId, publicUrl, actor, minimal: true }, shipment.id, {
      lines: [
        { ...zero, item_id: line(0), received: 7, damaged: 3, damaged_reason: "damaged_in_transit" },
        { ...zero, item_id: line(1), received: 3, missing: 2, missing_reason: "short_shipped" },
        { ...zero, item_id: line(2), received: 8 },
        {
          ...zero,
          item_id: line(3),
          received: 1,
          damaged: 1,
          damaged_reason: "wrong_item",
          missing: 1,
          missing_reason: "wrong_item",
        },
      ],
    });
    // A second receipt of the same shipment: one more over on line 0 and a defective unit beyond line 3.
    await createReceipt(db, { storeId, publicUrl, actor, minimal: true }, shipment.id, {
      lines: [
        { ...zero, item_id: line(0), received: 1 },
        { ...zero, item_id: line(3), received: 1, damaged: 1, damaged_reason: "defective" },
      ],
    });

    // --- Returns: one per disposition, every item of it processed to that disposition.
    const dispositions: Disposition[] = ["restock", "refurbish", "return_to_vendor", "dispose"];
    const processed: { returnId: string; disposition: Disposition }[] = [];
    for (const disposition of dispositions) {
      const { returnId, itemIds } = await returnIn(db, storeId, "delivered", { restockable: true });
      if (disposition === "return_to_vendor") {
        // The supplier's shipment is the latest to bring these items in, so their RTV units are its to credit.
        const { rows: variantSkus } = await db.execute<{ sku: string }>(sql`
          select distinct v.sku from return_items i
          join order_line_items o on o.id = i.order_line_item_id
          join product_variants v on v.id = o.variant_id
          where i.return_id = ${returnId}`);
        await createInboundShipment(
          db,
          { storeId, publicUrl },
          {
            location_id: locationId,
            supplier_id: supplier.id,
            items: variantSkus.map(({ sku }) => ({
              sku,
              quantity: 1,
              unit_cost: "9.00",
            })),
          },
        );
      }
      await processReturn(db, {
        storeId,
        returnId,
        actor,
        publicUrl,
        products: itemIds.map((_id) => ({ _id, processInput: { disposition, locationId } })),
      });
      processed.push({ returnId, disposition });
    }

    // --- Staff edit the draft before sending it: fewer damaged units claimed (one re-reasoned as missing), the
    // over line of line 0 removed, an RTV unit left unclaimed and a unit cost put right. The units not claimed
    // any more stay on their lines as waived, so the sums below still meet.
    const draftId = (
      await db.execute<{ id: string }>(
        sql`select id from supplier_claims where supplier_id = ${supplier.id} and status = 'DRAFT'`,
      )
    ).rows[0]?.id as string;
    const lineContext = (supplierClaimLineId: string) => ({
      storeId,
      supplierClaimId: draftId,
      supplierClaimLineId,
      actor,
      publicUrl,
    });
    const draft = await getSupplierClaim(db, { storeId, supplierClaimId: draftId, publicUrl });
    const lineOf = (test: (line: SupplierClaim["lines"][number]) => boolean) => {
      const found = draft.lines.find(test);
      if (!found) throw new Error("the draft has no such line");
      return found;
    };
    const damagedLine = lineOf((l) => l.reason === "damaged" && l.quantity === 3);
    await updateSupplierClaimLine(db, lineContext(damagedLine.id), { quantity: 1, reason: "missing" });
    await removeSupplierClaimLine(db, lineContext(lineOf((l) => l.reason === "over").id));
    const rtvLine = lineOf((l) => l.reason === "return_to_vendor");
    await updateSupplierClaimLine(db, lineContext(rtvLine.id), {
      unit_cost: "8.50",
      ...(rtvLine.quantity > 1 ? { quantity: rtvLine.quantity - 1 } : {}),
    });
    const edited = await getSupplierClaim(db, { storeId, supplierClaimId: draftId, publicUrl });
    const waived = sumOf(
      (
        await db.execute<{ n: number }>(
          sql`select waived_quantity as n from supplier_claim_lines where claim_id = ${draftId}`,
        )
      ).rows,
    );
    // The edits did something, and the claim counts only what it still claims.
    expect(waived).toBeGreaterThanOrEqual(3);
    expect(edited.unit_count).toBe(draft.unit_count - waived);
    expect(edited.unit_count).toBe(edited.lines.reduce((sum, l) => sum + l.quantity, 0));

    // --- Staff add a line by hand, of an item of this very shipment: no receipt or return recorded its units, so
    // the sums below leave it out (they match each line to its receipt's shipment or its return) and must still
    // meet with it on the claim.
    const byHand = await addManualClaimLine(
      db,
      { storeId, supplierClaimId: draftId, actor, publicUrl },
      { sku: skus[0] as string, reason: "damaged", quantity: 2, unit_cost: "3.00" },
    );
    expect(byHand.lines.filter((l) => l.source === "manual").map((l) => l.quantity)).toEqual([2]);

    // --- Then staff discard the draft (they will not send it): everything it still claimed is waived too, and
    // the sums below must meet all the same, the units counted on its lines as quantity + waived_quantity.
    const discarded = await discardSupplierClaim(
      db,
      { storeId, supplierClaimId: draftId, actor, publicUrl },
      { note: "Settled by phone" },
    );
    const waivedAll = sumOf(
      (
        await db.execute<{ n: number }>(
          sql`select waived_quantity as n from supplier_claim_lines where claim_id = ${draftId}`,
        )
      ).rows,
    );
    expect(discarded).toMatchObject({ status: "DISCARDED", unit_count: 0, lines: [] });
    expect(waivedAll).toBe(draft.unit_count + 2);

    // === Inbound sums, each side from its own table.
    const receiptsOfShipment = sql`(select id from inbound_receipts where shipment_id = ${shipment.id})`;
    const arrived = (
      await db.execute<{ received: string; damaged: string; missing: string }>(sql`
        select coalesce(sum(received), 0) as received, coalesce(sum(damaged), 0) as damaged,
               coalesce(sum(missing), 0) as missing
        from inbound_receipt_lines where receipt_id in ${receiptsOfShipment}`)
    ).rows[0];
    const received = Number(arrived?.received);
    const discrepant = Number(arrived?.damaged) + Number(arrived?.missing);
    // Units beyond each line's expected quantity, from the shipment's lines as received.
    const over = sumOf(
      (
        await db.execute<{ n: number }>(sql`
          select greatest(0, received_quantity + damaged_quantity + missing_quantity - quantity) as n
          from inbound_shipment_items where shipment_id = ${shipment.id}`)
      ).rows,
    );
    // What the test sent, so a path that wrote nothing anywhere cannot balance at zero.
    expect({ received, discrepant, over }).toEqual({ received: 21, discrepant: 8, over: 4 });

    const claimed = (
      await db.execute<{ reason: string; n: string }>(sql`
        select l.reason, sum(l.quantity + l.waived_quantity) as n from supplier_claim_lines l
        join supplier_claims c on c.id = l.claim_id
        where c.supplier_id = ${supplier.id} and l.inbound_shipment_id = ${shipment.id}
        group by l.reason`)
    ).rows;
    const claimedFor = (...reasons: string[]) =>
      sumOf(claimed.filter((row) => reasons.includes(row.reason)).map((row) => ({ n: row.n })));
    const intoStock = sumOf(
      (
        await db.execute<{ n: number }>(sql`
          select quantity_delta as n from inventory_movements
          where source_type = 'receipt' and source_id in ${receiptsOfShipment}`)
      ).rows,
    );
    // Every unit dealt with is in stock through the ledger or on a claim line (claimed, or waived by staff on a
    // draft): damaged, missing or wrong.
    expect(intoStock).toBe(received);
    expect(claimedFor("damaged", "missing", "wrong_item")).toBe(discrepant);
    expect(claimedFor("wrong_item")).toBe(2);
    // Units over expected arrived good (they are in stock) and are claimed as over too.
    expect(claimedFor("over")).toBe(over);
    expect(intoStock + claimedFor("damaged", "missing", "wrong_item")).toBe(received + discrepant);

    // === Return sums: every processed unit is in the ledger, in its disposition's state.
    for (const { returnId, disposition } of processed) {
      const returned = sumOf(
        (
          await db.execute<{ n: number }>(
            sql`select quantity as n from return_items where return_id = ${returnId} and disposition = ${disposition}`,
          )
        ).rows,
      );
      const allReturned = sumOf(
        (
          await db.execute<{ n: number }>(
            sql`select quantity as n from return_items where return_id = ${returnId}`,
          )
        ).rows,
      );
      expect(returned, `${disposition}: every item carries its disposition`).toBe(allReturned);
      expect(returned, disposition).toBeGreaterThan(0);
      const state = disposition === "restock" ? "sellable" : disposition;
      const ledger = (
        await db.execute<{ state: string; n: string }>(sql`
          select stock_state as state, sum(quantity_delta) as n from inventory_movements
          where source_type = 'return' and source_id = ${returnId} group by stock_state`)
      ).rows.map((row) => [row.state, Number(row.n)]);
      expect(ledger, disposition).toEqual([[state, returned]]);
      if (disposition === "return_to_vendor") {
        const rtv = sumOf(
          (
            await db.execute<{ n: number }>(sql`
              select l.quantity + l.waived_quantity as n from supplier_claim_lines l
              join supplier_claims c on c.id = l.claim_id
              where c.supplier_id = ${supplier.id} and c.id = ${draftId} and l.return_id = ${returnId}
                and l.reason = 'return_to_vendor'`)
          ).rows,
        );
        expect(rtv, "every RTV unit joins the supplier's draft (discarded since)").toBe(returned);
      }
    }
    // And the states and levels those rows make are what the ledger says, everywhere.
    expect(await offTheLedger(db)).toEqual([]);
  });
});
