import { sql } from "drizzle-orm";
import type { Db } from "../../db";
import type { Actor } from "../actor";
import { addReturnToVendorUnits } from "./draft";

/**
 * A processed return's return-to-vendor units join their supplier's open claim (docs/suppliers.md), in the
 * processing's transaction. The supplier is the one whose shipment brought the item in most recently (a
 * shipment with a supplier and a line of the item's variant). Units of an item that no supplier's shipment
 * brought in stay in the `return_to_vendor` stock state without a claim line: staff add them to a claim by hand
 * once they know whom to send them to.
 */
export async function claimReturnedToVendor(
  tx: Db,
  context: { storeId: string; actor: Actor; publicUrl: string },
  input: { returnId: string; units: readonly { inventoryItemId: string; quantity: number }[] },
): Promise<void> {
  if (input.units.length === 0) return;
  const itemIds = [...new Set(input.units.map((unit) => unit.inventoryItemId))];
  const { rows } = await tx.execute<{
    id: string;
    variant_id: string | null;
    supplier_id: string | null;
  }>(sql`
    select ii.id, ii.variant_id,
      (select s.supplier_id from inbound_shipment_items i join inbound_shipments s on s.id = i.shipment_id
        where i.variant_id = ii.variant_id and s.store_id = ${context.storeId} and s.supplier_id is not null
        order by s.created_at desc, s.id desc limit 1) as supplier_id
    from inventory_items ii
    where ii.store_id = ${context.storeId} and ii.id in (${sql.join(
      itemIds.map((id) => sql`${id}`),
      sql`, `,
    )})`);
  const byItem = new Map(rows.map((row) => [row.id, row]));
  for (const unit of input.units) {
    const found = byItem.get(unit.inventoryItemId);
    if (!found?.variant_id || !found.supplier_id) continue;
    await addReturnToVendorUnits(tx, context, {
      supplierId: found.supplier_id,
      returnId: input.returnId,
      variantId: found.variant_id,
      quantity: unit.quantity,
      note: `Returned by a customer on ${input.returnId}`,
    });
  }
}
