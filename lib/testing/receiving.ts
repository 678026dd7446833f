import { and, eq } from "drizzle-orm";
import type { RouteHandler } from "../api/route";
import type { Db } from "../db";
import { inventoryItems, inventoryLevels, productVariants } from "../db/schema";
import { createInboundShipment } from "../domain/inbound-shipments/write";
import { newId } from "../ids";
import type { Receipt } from "../schemas/inbound-receipts";
import type { InboundShipmentDetail } from "../schemas/inbound-shipments";
import { callRoute } from "./api";
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

export type ReceiptAnswer = { receipt: Receipt; inbound_shipment: InboundShipmentDetail };

/** What a receipt test passes: the store, the shipment's id, the receipt body and how it is sent. */
export type ReceiveArgs = [
  store: TestStore,
  id: string,
  receipt: unknown,
  options?: { key?: string; cookie?: string; prefer?: string },
];

/** POST …/receipts through the route's handler, as the store's API secret or, given a cookie, as staff. */
export function postReceipt(handler: RouteHandler, ...[store, id, receipt, options = {}]: ReceiveArgs) {
  return callRoute<ReceiptAnswer>(
    handler,
    { storeId: store.id, inboundShipmentId: id },
    {
      method: "POST",
      path: `/stores/${store.id}/inbound-shipments/${id}/receipts`,
      body: { receipt },
      ...(options.cookie ? { cookie: options.cookie } : { secret: store.secret }),
      headers: {
        ...(options.key ? { "idempotency-key": options.key } : {}),
        ...(options.prefer ? { prefer: options.prefer } : {}),
      },
    },
  );
}

/** The stock level of an inventory item at the store's first location (0 when it has none). */
export async function stockLevel(db: Db, store: TestStore, itemId: string): Promise<number> {
  const [row] = await db
    .select({ quantity: inventoryLevels.quantity })
    .from(inventoryLevels)
    .where(
      and(
        eq(inventoryLevels.inventoryItemId, itemId),
        eq(inventoryLevels.locationId, store.locationIds[0] as string),
      ),
    );
  return row?.quantity ?? 0;
}
