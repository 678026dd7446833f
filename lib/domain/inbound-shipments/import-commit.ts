import { eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../../db";
import { insertInBatches } from "../../db/insert-batches";
import { inboundShipmentItems, inboundShipments, stores } from "../../db/schema";
import { newId } from "../../ids";
import { recordEvents } from "../events/record";
import { loadInboundShipmentDetails } from "./get";
import type { ImportPlan, PlannedShipment } from "./import-plan";
import { summarizeShipmentItems } from "./status";

/**
 * Writes a checked shipments import (import-plan.ts) in one transaction: all of the file or none of it. Lines are
 * written a batch at a time and `onProgress` hears after each, so the app can show a progress bar; each created
 * or updated shipment records its `inbound_shipment` event in the same transaction.
 */

export type ImportSummary = { created: number; updated: number; unchanged: number; lines: number };

const BATCH_LINES = 2000;

export async function commitShipmentImport(
  db: Db,
  context: { storeId: string; publicUrl: string },
  plan: ImportPlan,
  onProgress: (done: number, total: number) => void = () => {},
): Promise<ImportSummary> {
  const toWrite = plan.shipments.filter((s) => s.action !== "unchanged");
  const total = toWrite.reduce((n, s) => n + s.lines.length, 0);
  const summary: ImportSummary = {
    created: toWrite.filter((s) => s.action === "create").length,
    updated: toWrite.filter((s) => s.action === "update").length,
    unchanged: plan.shipments.length - toWrite.length,
    lines: total,
  };
  await db.transaction(async (tx) => {
    const [store] = await tx
      .select({ currency: stores.currency })
      .from(stores)
      .where(eq(stores.id, context.storeId));
    const created: string[] = [];
    const updated: string[] = [];
    let done = 0;
    for (let start = 0; start < toWrite.length; ) {
      // A batch is whole shipments adding up to about BATCH_LINES lines.
      const batch: PlannedShipment[] = [];
      let lines = 0;
      while (start < toWrite.length && (batch.length === 0 || lines < BATCH_LINES)) {
        const next = toWrite[start++] as PlannedShipment;
        batch.push(next);
        lines += next.lines.length;
      }
      const replaced = batch.flatMap((s) => (s.existingId ? [s.existingId] : []));
      if (replaced.length > 0) {
        await tx.delete(inboundShipmentItems).where(inArray(inboundShipmentItems.shipmentId, replaced));
      }
      const rows = batch.map((s) => shipmentRow(s, context.storeId, store?.currency ?? "USD"));
      for (const row of rows.filter((r) => r.existing)) {
        const { id, storeId: _store, ...set } = row.values;
        await tx
          .update(inboundShipments)
          .set({
            ...set,
            updatedAt: sql`greatest(now(), ${inboundShipments.updatedAt} + interval '1 millisecond')`,
          })
          .where(eq(inboundShipments.id, id));
        updated.push(id);
      }
      const fresh = rows.filter((r) => !r.existing).map((r) => r.values);
      await insertInBatches(tx, inboundShipments, fresh);
      created.push(...fresh.map((r) => r.id));
      await insertInBatches(
        tx,
        inboundShipmentItems,
        rows.flatMap((row, i) =>
          (batch[i] as PlannedShipment).lines.map((line, position) => ({
            id: newId("shipmentItem"),
            shipmentId: row.values.id,
            variantId: line.variantId,
            position,
            quantity: line.quantity,
          })),
        ),
      );
      done += lines;
      onProgress(done, total);
    }
    for (const [type, ids] of [
      ["created", created],
      ["updated", updated],
    ] as const) {
      for (let i = 0; i < ids.length; i += 500) {
        const details = await loadInboundShipmentDetails(tx, ids.slice(i, i + 500), context.publicUrl);
        await recordEvents(tx, {
          storeId: context.storeId,
          topic: "inbound_shipment",
          type,
          events: details.map((shipment) => ({
            subject: { id: shipment.id },
            payload: { inbound_shipment: shipment },
          })),
        });
      }
    }
  });
  return summary;
}

function shipmentRow(planned: PlannedShipment, storeId: string, storeCurrency: string) {
  const counts = summarizeShipmentItems(
    planned.lines.map((l) => ({
      variantId: l.variantId,
      quantity: l.quantity,
      receivedQuantity: 0,
      damagedQuantity: 0,
      missingQuantity: 0,
    })),
  );
  const inTransit = planned.header.status === "IN_TRANSIT";
  const values = {
    id: planned.existingId ?? newId("inboundShipment"),
    storeId,
    locationId: planned.locationId,
    shipmentId: planned.shipmentId,
    status: inTransit ? ("IN_TRANSIT" as const) : ("PENDING" as const),
    carrier: planned.header.carrier ?? null,
    trackingNumber: planned.header.tracking_number ?? null,
    trackingUrl: planned.header.tracking_url ?? null,
    shippedAt: inTransit ? new Date() : null,
    estimatedArrivalDate: planned.header.estimated_arrival_date ?? null,
    freightType: planned.header.freight_type ?? null,
    paymentTerms: planned.header.payment_terms ?? null,
    currency: planned.header.currency ?? storeCurrency,
    freightCost: planned.header.freight_cost ?? "0",
    dutyCost: planned.header.duty_cost ?? "0",
    skuCount: counts.skuCount,
    itemCount: counts.itemCount,
    receivedCount: 0,
  };
  return { existing: planned.existingId !== undefined, values };
}
