import { and, asc, desc, eq, isNotNull, isNull, sql } from "drizzle-orm";
import { readConfig } from "../config";
import type { Db } from "../db";
import { inventoryItems, inventoryLevels, locations } from "../db/schema";
import { shipTransfer } from "../domain/transfers/lifecycle";
import { createTransfer } from "../domain/transfers/write";

/**
 * The demo's transfer (docs/transfers.md): in each store with two active locations, one transfer in transit
 * from the first to the second, of a few units of the two catalog products its origin holds most of (so the
 * pages and tests built on a product's stock are unlikely to meet it). Shipped by Backroom through the domain,
 * so the ledger, the destination's inbound shipment and the events are what a real transfer leaves.
 */
export async function createDemoTransfers(tx: Db, storeIds: readonly string[]): Promise<number> {
  let made = 0;
  const actor = { name: "Backroom" };
  for (const storeId of storeIds) {
    const active = await tx
      .select({ id: locations.id })
      .from(locations)
      .where(and(eq(locations.storeId, storeId), isNull(locations.archivedAt)))
      .orderBy(asc(locations.createdAt), asc(locations.id));
    const [origin, destination] = active;
    if (!origin || !destination) continue;
    const stocked = await tx
      .select({ id: inventoryItems.id })
      .from(inventoryLevels)
      .innerJoin(inventoryItems, eq(inventoryItems.id, inventoryLevels.inventoryItemId))
      .where(
        and(
          eq(inventoryLevels.locationId, origin.id),
          eq(inventoryItems.kind, "PRODUCT"),
          isNotNull(inventoryItems.variantId),
          sql`${inventoryLevels.quantity} >= 20`,
        ),
      )
      .orderBy(desc(inventoryLevels.quantity), asc(inventoryItems.id))
      .limit(2);
    if (stocked.length === 0) continue;
    const transfer = await createTransfer(
      tx,
      { storeId, actor },
      {
        origin_location_id: origin.id,
        destination_location_id: destination.id,
        note: "Restocking the second location",
        lines: stocked.map((item, index) => ({ inventory_item_id: item.id, quantity: index === 0 ? 6 : 4 })),
      },
    );
    await shipTransfer(tx, { storeId, transferId: transfer.id, actor, publicUrl: readConfig().publicUrl });
    made += 1;
  }
  return made;
}
