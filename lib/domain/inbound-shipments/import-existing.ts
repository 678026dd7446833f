import { and, eq, inArray } from "drizzle-orm";
import type { Db } from "../../db";
import { inboundShipmentItems, inboundShipments } from "../../db/schema";
import type { HeaderFields } from "./import-plan";

/**
 * The shipments an import's rows name (by the merchant's `shipment_id`), and the one-string signature of a
 * shipment's imported values that tells an unchanged re-import from an update (docs/csv.md "Import").
 */

/** A shipment's imported values as one string, to tell an unchanged re-import from an update. */
export function signature(
  locationId: string,
  supplierId: string | null,
  header: HeaderFields,
  lines: [variantId: string, quantity: number, unitCost: string | null][],
): string {
  return JSON.stringify([
    locationId,
    supplierId,
    header.purchase_order ?? null,
    header.status ?? "PENDING",
    header.carrier ?? null,
    header.tracking_number ?? null,
    header.tracking_url ?? null,
    header.estimated_arrival_date ?? null,
    header.freight_type ?? null,
    header.payment_terms ?? null,
    Number(header.freight_cost ?? 0).toFixed(2),
    Number(header.duty_cost ?? 0).toFixed(2),
    lines,
  ]);
}

export type StoredShipment = {
  id: string;
  processed: number;
  signature: string;
  /** Its purchase order, whose `po_` id an import that keeps the name keeps. */
  purchaseOrder: { id: string; name: string } | null;
};

/** What importing a shipment does to the stored one with its reference: none, the same, or another. */
export function importAction(stored: StoredShipment | undefined, imported: string) {
  if (!stored) return "create" as const;
  return stored.signature === imported ? ("unchanged" as const) : ("update" as const);
}

export const receivingStarted = (shipmentId: string) =>
  `Shipment ${shipmentId} is already being received; it cannot be replaced by an import.`;

/** The store's shipments with these merchant ids: their id, units already processed and import signature. */
export async function loadExistingShipments(db: Db, storeId: string, shipmentIds: string[]) {
  const found = new Map<string, StoredShipment>();
  for (let i = 0; i < shipmentIds.length; i += 1000) {
    const rows = await db
      .select()
      .from(inboundShipments)
      .where(
        and(
          eq(inboundShipments.storeId, storeId),
          inArray(inboundShipments.shipmentId, shipmentIds.slice(i, i + 1000)),
        ),
      );
    if (rows.length === 0) continue;
    const items = await db
      .select()
      .from(inboundShipmentItems)
      .where(
        inArray(
          inboundShipmentItems.shipmentId,
          rows.map((r) => r.id),
        ),
      )
      .orderBy(inboundShipmentItems.shipmentId, inboundShipmentItems.position);
    const itemsOf = new Map<string, (typeof items)[number][]>();
    for (const item of items) itemsOf.set(item.shipmentId, [...(itemsOf.get(item.shipmentId) ?? []), item]);
    for (const row of rows) {
      const own = itemsOf.get(row.id) ?? [];
      const processed = own.reduce(
        (n, i) => n + i.receivedQuantity + i.damagedQuantity + i.missingQuantity,
        0,
      );
      const header: HeaderFields = {
        location: row.locationId,
        status: row.status === "IN_TRANSIT" ? "IN_TRANSIT" : undefined,
        carrier: row.carrier ?? undefined,
        tracking_number: row.trackingNumber ?? undefined,
        tracking_url: row.trackingUrl ?? undefined,
        estimated_arrival_date: row.estimatedArrivalDate ?? undefined,
        freight_type: row.freightType ?? undefined,
        payment_terms: row.paymentTerms ?? undefined,
        freight_cost: row.freightCost,
        duty_cost: row.dutyCost,
        currency: row.currency,
        purchase_order: row.purchaseOrderName ?? undefined,
      };
      found.set(row.shipmentId as string, {
        id: row.id,
        processed,
        signature: signature(
          row.locationId,
          row.supplierId,
          header,
          own.map((i) => [
            i.variantId,
            i.quantity,
            i.unitCost === null ? null : Number(i.unitCost).toFixed(2),
          ]),
        ),
        purchaseOrder:
          row.purchaseOrderId && row.purchaseOrderName
            ? { id: row.purchaseOrderId, name: row.purchaseOrderName }
            : null,
      });
    }
  }
  return found;
}
