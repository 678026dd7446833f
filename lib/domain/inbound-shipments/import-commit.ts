import { eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../../db";
import { isUniqueViolation, retryOnDeadlock } from "../../db/errors";
import { insertInBatches } from "../../db/insert-batches";
import { inboundShipmentItems, inboundShipments, stores } from "../../db/schema";
import { newId, newPurchaseOrderId } from "../../ids";
import { recordEvents } from "../events/record";
import { loadInboundShipmentDetails } from "./get";
import { importAction, loadExistingShipments, receivingStarted } from "./import-existing";
import { type ImportPlan, importSignature, type PlannedShipment } from "./import-plan";
import { summarizeShipmentItems } from "./status";

/**
 * Writes a checked shipments import (import-plan.ts) in one transaction: all of the file or none of it. Lines are
 * written a batch at a time and `onProgress` hears after each, so the app can show a progress bar; each created
 * or updated shipment records its `inbound_shipment` event in the same transaction.
 *
 * Retry-safe under concurrency: the store's imports take turns (a transaction-level advisory lock), and each
 * matches its shipments again by reference once it has its turn, so a file imported twice at once creates its
 * shipments once and the second import reports them unchanged (or updated), as if it had come later. A shipment
 * that an API create gives one of the file's references meanwhile breaks the unique reference index; the
 * import then runs again and matches it.
 */

export type ImportSummary = { created: number; updated: number; unchanged: number; lines: number };

const BATCH_LINES = 2000;
const ATTEMPTS = 3;

export async function commitShipmentImport(
  db: Db,
  context: { storeId: string; publicUrl: string },
  plan: ImportPlan,
  onProgress: (done: number, total: number) => void = () => {},
): Promise<ImportSummary> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await retryOnDeadlock(() => writeImport(db, context, plan, onProgress));
    } catch (error) {
      if (attempt >= ATTEMPTS || !isUniqueViolation(error, "inbound_shipments_store_shipment_id_key"))
        throw error;
    }
  }
}

/** The planned shipments matched again against the store as it is now: the check may be out of date. */
async function matchAgain(tx: Db, storeId: string, planned: PlannedShipment[]): Promise<PlannedShipment[]> {
  const stored = await loadExistingShipments(
    tx,
    storeId,
    planned.map((s) => s.shipmentId),
  );
  return planned.map((shipment) => {
    const found = stored.get(shipment.shipmentId);
    if (found && found.processed > 0) {
      throw new Error(`line ${shipment.line} (shipment_id): ${receivingStarted(shipment.shipmentId)}`);
    }
    return {
      ...shipment,
      action: importAction(found, importSignature(shipment)),
      existingId: found?.id,
      existingPurchaseOrder: found?.purchaseOrder ?? null,
    };
  });
}

function writeImport(
  db: Db,
  context: { storeId: string; publicUrl: string },
  plan: ImportPlan,
  onProgress: (done: number, total: number) => void,
): Promise<ImportSummary> {
  return db.transaction(async (tx) => {
    await tx.execute(
      sql`select pg_advisory_xact_lock(hashtext('inbound-shipment-import'), hashtext(${context.storeId}))`,
    );
    const shipments = await matchAgain(tx, context.storeId, plan.shipments);
    const toWrite = shipments.filter((s) => s.action !== "unchanged");
    const total = toWrite.reduce((n, s) => n + s.lines.length, 0);
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
            unitCost: line.unitCost ?? null,
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
    return {
      created: created.length,
      updated: updated.length,
      unchanged: shipments.length - toWrite.length,
      lines: total,
    };
  });
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
  const purchaseOrder = planned.header.purchase_order;
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
    supplierId: planned.supplierId,
    purchaseOrderName: purchaseOrder ?? null,
    // A purchase order the file keeps keeps its `po_` id (docs/suppliers.md); a new one gets one.
    purchaseOrderId: purchaseOrder
      ? planned.existingPurchaseOrder?.name === purchaseOrder
        ? planned.existingPurchaseOrder.id
        : newPurchaseOrderId()
      : null,
    skuCount: counts.skuCount,
    itemCount: counts.itemCount,
    receivedCount: 0,
  };
  return { existing: planned.existingId !== undefined, values };
}
