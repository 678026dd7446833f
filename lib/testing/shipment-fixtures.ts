import type { Db } from "../db";
import { inboundShipmentItems, inboundShipments } from "../db/schema";
import { INBOUND_SHIPMENT_STATUSES } from "../enums";
import { newId } from "../ids";
import { insertVariant } from "./fixtures";

/** A tiny deterministic PRNG so property tests can print the seed that failed. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * Inserts `count` shipments with one item each, random statuses and locations, and timestamps drawn from
 * a small set so many rows share an updated_at (the id tie-break must then order them).
 */
export async function insertRandomShipments(
  db: Db,
  options: { storeId: string; locationIds: string[]; count: number; seed: number },
): Promise<void> {
  const random = seededRandom(options.seed);
  const { variant } = await insertVariant(db, options.storeId);
  const base = Date.parse("2026-01-01T00:00:00.000Z");
  const shipments: (typeof inboundShipments.$inferInsert)[] = [];
  const items: (typeof inboundShipmentItems.$inferInsert)[] = [];
  for (let i = 0; i < options.count; i++) {
    const id = newId("inboundShipment");
    const createdAt = new Date(base + Math.floor(random() * 60) * 86_400_000);
    const updatedAt = new Date(createdAt.getTime() + Math.floor(random() * 5) * 3_600_000);
    shipments.push({
      id,
      storeId: options.storeId,
      locationId: options.locationIds[Math.floor(random() * options.locationIds.length)] ?? "",
      status: INBOUND_SHIPMENT_STATUSES[Math.floor(random() * INBOUND_SHIPMENT_STATUSES.length)] ?? "PENDING",
      currency: "USD",
      freightCost: "10.00",
      dutyCost: "2.50",
      skuCount: 1,
      itemCount: 4,
      createdAt,
      updatedAt,
    });
    items.push({ id: newId("shipmentItem"), shipmentId: id, variantId: variant.id, quantity: 4 });
  }
  for (let i = 0; i < shipments.length; i += 500) {
    await db.insert(inboundShipments).values(shipments.slice(i, i + 500));
    await db.insert(inboundShipmentItems).values(items.slice(i, i + 500));
  }
}
