import { eq } from "drizzle-orm";
import type { Db } from "../db";
import { inventoryItems, productVariants } from "../db/schema";
import { createInboundShipment } from "../domain/inbound-shipments/write";
import { newId } from "../ids";
import type { TestStore } from "./api-setup";
import { insertVariant } from "./fixtures";

export type ReceivableLine = { sku: string; upc: string; itemId: string; quantity: number };

/**
 * A shipment to the store's first location of new catalog products, each with a UPC and the PRODUCT inventory
 * item its received units go to; `quantities` are the lines' expected units (10 and 4 by default).
 */
export async function receivableShipment(db: Db, store: TestStore, quantities: number[] = [10, 4]) {
  const lines: ReceivableLine[] = [];
  for (const [n, quantity] of quantities.entries()) {
    const { variant } = await insertVariant(db, store.id);
    const upc = `0${Date.now().toString().slice(-10)}${n}`;
    await db.update(productVariants).set({ upc }).where(eq(productVariants.id, variant.id));
    const itemId = newId("inventoryItem");
    await db.insert(inventoryItems).values({
      id: itemId,
      storeId: store.id,
      variantId: variant.id,
      sku: variant.sku,
      name: "Trail Tee - Forest / M",
      kind: "PRODUCT",
    });
    lines.push({ sku: variant.sku as string, upc, itemId, quantity });
  }
  const created = await createInboundShipment(
    db,
    { storeId: store.id, publicUrl: "http://localhost:3000" },
    {
      location_id: store.locationIds[0] as string,
      items: lines.map((l) => ({ sku: l.sku, quantity: l.quantity })),
    },
  );
  return { id: created.id, lines, itemIds: created.items.map((item) => item.id) };
}
