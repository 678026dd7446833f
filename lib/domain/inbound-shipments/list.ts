import { and, asc, desc, eq, gte, inArray, lt, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db";
import {
  inboundShipmentItems,
  inboundShipments,
  locations,
  products,
  productVariants,
} from "../../db/schema";
import type { InboundShipmentStatus } from "../../enums";
import type { InboundShipment } from "../../schemas/inbound-shipments";
import { absoluteUrl } from "../urls";

export type KeysetPosition = { updatedAt: Date; id: string };

export type ListInboundShipmentsInput = {
  storeId: string;
  status?: InboundShipmentStatus;
  locationId?: string;
  createdAtMin?: Date;
  createdAtMax?: Date;
  limit: number;
  after?: KeysetPosition;
};

export type InboundShipmentPage = { inboundShipments: InboundShipment[]; next?: KeysetPosition };

/**
 * One page of a store's inbound shipments, most recently updated first, by keyset on
 * (updated_at desc, id desc): the page after a position costs the same however deep it is (decisions §4).
 * Two queries per page: the shipments, then all their items.
 */
export async function listInboundShipments(
  db: Db,
  input: ListInboundShipmentsInput,
): Promise<InboundShipmentPage> {
  const s = inboundShipments;
  const conditions: SQL[] = [eq(s.storeId, input.storeId)];
  if (input.status) conditions.push(eq(s.status, input.status));
  if (input.locationId) conditions.push(eq(s.locationId, input.locationId));
  if (input.createdAtMin) conditions.push(gte(s.createdAt, input.createdAtMin));
  if (input.createdAtMax) conditions.push(lt(s.createdAt, input.createdAtMax));
  if (input.after) {
    // A row comparison, so the index on (store_id, [filter,] updated_at desc, id desc) seeks straight to it.
    conditions.push(
      sql`(${s.updatedAt}, ${s.id}) < (${input.after.updatedAt.toISOString()}::timestamptz, ${input.after.id})`,
    );
  }
  const rows = await db
    .select({ shipment: s, locationName: locations.name })
    .from(s)
    .innerJoin(locations, eq(locations.id, s.locationId))
    .where(and(...conditions))
    .orderBy(desc(s.updatedAt), desc(s.id))
    .limit(input.limit + 1);

  const page = rows.slice(0, input.limit);
  const itemsByShipment = await loadItems(
    db,
    page.map((row) => row.shipment.id),
  );
  const last = page.at(-1);
  return {
    inboundShipments: page.map(({ shipment, locationName }) => ({
      id: shipment.id,
      shipment_id: shipment.shipmentId,
      status: shipment.status,
      location: { id: shipment.locationId, name: locationName },
      carrier: shipment.carrier,
      tracking_number: shipment.trackingNumber,
      tracking_url: shipment.trackingUrl,
      estimated_arrival_date: shipment.estimatedArrivalDate,
      actual_arrival_date: shipment.actualArrivalDate,
      freight_type: shipment.freightType,
      payment_terms: shipment.paymentTerms,
      freight_cost: { amount: shipment.freightCost, currency: shipment.currency },
      duty_cost: { amount: shipment.dutyCost, currency: shipment.currency },
      items: itemsByShipment.get(shipment.id) ?? [],
      sku_count: shipment.skuCount,
      item_count: shipment.itemCount,
      received_count: shipment.receivedCount,
      created_at: shipment.createdAt.toISOString(),
      updated_at: shipment.updatedAt.toISOString(),
    })),
    next:
      rows.length > input.limit && last
        ? { updatedAt: last.shipment.updatedAt, id: last.shipment.id }
        : undefined,
  };
}

async function loadItems(db: Db, shipmentIds: string[]): Promise<Map<string, InboundShipment["items"]>> {
  const byShipment = new Map<string, InboundShipment["items"]>();
  if (shipmentIds.length === 0) return byShipment;
  const rows = await db
    .select({
      item: inboundShipmentItems,
      productId: products.id,
      productTitle: products.title,
      productImage: products.imageUrl,
      variantTitle: productVariants.title,
      sku: productVariants.sku,
      variantImage: productVariants.imageUrl,
    })
    .from(inboundShipmentItems)
    .innerJoin(productVariants, eq(productVariants.id, inboundShipmentItems.variantId))
    .innerJoin(products, eq(products.id, productVariants.productId))
    .where(inArray(inboundShipmentItems.shipmentId, shipmentIds))
    .orderBy(
      asc(inboundShipmentItems.shipmentId),
      asc(inboundShipmentItems.position),
      asc(inboundShipmentItems.id),
    );
  for (const row of rows) {
    const list = byShipment.get(row.item.shipmentId) ?? [];
    list.push({
      id: row.item.id,
      product: {
        id: row.productId,
        title: row.variantTitle ? `${row.productTitle} - ${row.variantTitle}` : row.productTitle,
        sku: row.sku,
        image_url: absoluteUrl(row.variantImage ?? row.productImage),
      },
      quantity: row.item.quantity,
      received_quantity: row.item.receivedQuantity,
      damaged_quantity: row.item.damagedQuantity,
      missing_quantity: row.item.missingQuantity,
    });
    byShipment.set(row.item.shipmentId, list);
  }
  return byShipment;
}
