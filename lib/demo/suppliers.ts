import { and, asc, eq, isNull, sql } from "drizzle-orm";
import { readConfig } from "../config";
import type { Db } from "../db";
import { inventoryItems, locations, productVariants } from "../db/schema";
import { createReceipt } from "../domain/inbound-shipments/receive";
import { createInboundShipment } from "../domain/inbound-shipments/write";
import { creditSupplierClaim, sendSupplierClaim } from "../domain/suppliers/lifecycle";
import { createSupplier } from "../domain/suppliers/suppliers";
import type { CreateReceiptRequest } from "../schemas/inbound-receipts";

/** A 1x1 PNG: the demo's damage photo. */
const PHOTO =
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==";

/**
 * The demo's suppliers (docs/suppliers.md): two per store, the generated shipments shared between them (with
 * unit costs at 40% of the price), and, through the domain, one shipment per supplier received with
 * discrepancies: the first supplier's 2 damaged units (with a photo) stay a drafted claim, the second's 3
 * missing units a claim sent and credited. Only damaged and missing units are received, so no stock moves.
 */
export async function createDemoSuppliers(tx: Db, storeIds: readonly string[]): Promise<number> {
  let made = 0;
  const actor = { name: "Backroom" };
  const publicUrl = readConfig().publicUrl;
  for (const storeId of storeIds) {
    const [location] = await tx
      .select({ id: locations.id })
      .from(locations)
      .where(and(eq(locations.storeId, storeId), isNull(locations.archivedAt)))
      .orderBy(asc(locations.createdAt), asc(locations.id))
      .limit(1);
    const variants = await tx
      .select({ sku: productVariants.sku })
      .from(productVariants)
      .innerJoin(inventoryItems, eq(inventoryItems.variantId, productVariants.id))
      .where(and(eq(productVariants.storeId, storeId), eq(inventoryItems.kind, "PRODUCT")))
      .orderBy(asc(productVariants.id))
      .limit(2);
    if (!location || variants.length < 2) continue;
    const northwind = await createSupplier(tx, storeId, {
      name: "Northwind Textiles",
      email: "claims@northwind.example",
      code: "NWT",
    });
    const harbor = await createSupplier(tx, storeId, {
      name: "Harbor Supply Co.",
      email: "returns@harborsupply.example",
      code: "HSC",
    });
    // The generated shipments, alternately from each supplier, with a purchase order and unit costs.
    await tx.execute(sql`
      with ranked as (
        select id, row_number() over (order by created_at, id) as n from inbound_shipments
        where store_id = ${storeId}
      )
      update inbound_shipments s set
        supplier_id = case when r.n % 2 = 0 then ${northwind.id} else ${harbor.id} end,
        purchase_order_id = 'po_' || substr(md5(s.id), 1, 22),
        purchase_order_name = 'PO-' || lpad(r.n::text, 4, '0')
      from ranked r where r.id = s.id`);
    await tx.execute(sql`
      update inbound_shipment_items i set unit_cost = round(v.price * 0.4, 2)
      from product_variants v, inbound_shipments s
      where v.id = i.variant_id and s.id = i.shipment_id and s.store_id = ${storeId}`);

    const discrepancies: [typeof northwind, Partial<CreateReceiptRequest["lines"][number]>][] = [
      [northwind, { damaged: 2, damaged_reason: "damaged_in_transit", photos: [PHOTO] }],
      [harbor, { missing: 3, missing_reason: "short_shipped" }],
    ];
    for (const [supplier, units] of discrepancies) {
      const shipment = await createInboundShipment(
        tx,
        { storeId, publicUrl },
        {
          location_id: location.id,
          supplier_id: supplier.id,
          purchase_order: `PO-${supplier.code}-0100`,
          carrier: "UPS",
          status: "IN_TRANSIT",
          items: variants.map((variant) => ({ sku: variant.sku as string, quantity: 12, unit_cost: "8.50" })),
        },
      );
      await createReceipt(tx, { storeId, publicUrl, actor, minimal: true }, shipment.id, {
        lines: [{ received: 0, damaged: 0, missing: 0, ...units, item_id: shipment.items[0]?.id as string }],
      });
    }
    const { rows } = await tx.execute<{ id: string }>(
      sql`select id from supplier_claims where supplier_id = ${harbor.id}`,
    );
    const credited = rows[0]?.id;
    if (credited) {
      const context = { storeId, supplierClaimId: credited, actor, publicUrl };
      await sendSupplierClaim(tx, context, { note: "E-mailed with the PDF and CSV" });
      await creditSupplierClaim(tx, context, { credited_amount: "25.50", note: "Credit note CN-1042" });
    }
    made += 2;
  }
  return made;
}
