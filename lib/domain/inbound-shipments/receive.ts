import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../../db";
import { retryOnDeadlock } from "../../db/errors";
import { inboundReceiptLines, inboundReceipts, inboundShipments, locations } from "../../db/schema";
import { isId, newId } from "../../ids";
import type { CreateReceiptRequest, Receipt } from "../../schemas/inbound-receipts";
import type { InboundShipmentDetail } from "../../schemas/inbound-shipments";
import type { Actor } from "../actor";
import { type FieldIssue, NotFoundError, ValidationError } from "../errors";
import { decodeImage } from "../images/decode";
import { imageUrl, storeImage } from "../images/stored";
import { indexReceivedIdentifiers, unindexCorrectedIdentifiers } from "../inspection/custody-index";
import { draftReceiptClaims } from "../suppliers/receipt-claims";
import { getInboundShipment, INBOUND_SHIPMENT_RESOURCE } from "./get";
import { binNamed, checkLots } from "./receipt-bin";
import {
  addToLineCounters,
  addToShipmentCounts,
  type ItemRow,
  loadNamedLines,
  moveReceivedStock,
  RECEIPT_RESOURCE,
} from "./receipt-effects";

/**
 * Receiving (docs/receiving.md): one receipt is, in one transaction under the shipment's row lock, the receipt
 * and its lines, the lines' and shipment's counters and status, a `received` ledger movement per line with good
 * units (the level of the line's product at the shipment's destination), the `inventory_item` events, and the
 * mark that the shipment's `inbound_shipment` `updated` event is due (rendered once per window, coalesce.ts).
 * Two receipts of one shipment run one after the other, so no unit is lost.
 */

function invalid(errors: FieldIssue[]): ValidationError {
  return new ValidationError(RECEIPT_RESOURCE, errors, "The receipt does not fit this shipment.");
}

/** Finds each request line's shipment line by id, SKU or UPC; every line that matches none is named. */
function matchLines(items: ItemRow[], input: CreateReceiptRequest): ItemRow[] {
  const errors: FieldIssue[] = [];
  const seen = new Map<string, number>();
  const matched = input.lines.map((line, index) => {
    const path = `receipt.lines.${index}`;
    const item = items.find((candidate) =>
      line.item_id !== undefined
        ? candidate.id === line.item_id
        : line.sku !== undefined
          ? candidate.sku === line.sku
          : candidate.upc === line.upc,
    );
    if (!item) {
      const key = line.item_id !== undefined ? "item_id" : line.sku !== undefined ? "sku" : "upc";
      errors.push({
        path: `${path}.${key}`,
        message: `No line of this shipment has this ${key === "item_id" ? "id" : key.toUpperCase()}.`,
      });
    } else if (seen.has(item.id)) {
      errors.push({
        path,
        message: `The same shipment line as line ${seen.get(item.id)}: send its units once.`,
      });
    } else {
      seen.set(item.id, index);
    }
    if (
      input.corrects_receipt_id === undefined &&
      (line.received < 0 || line.damaged < 0 || line.missing < 0)
    ) {
      errors.push({
        path,
        message: "Negative quantities belong in a correcting receipt (corrects_receipt_id).",
      });
    }
    return item as ItemRow;
  });
  if (errors.length > 0) throw invalid(errors);
  return matched;
}

/** Photos are decoded before the transaction (decoding is the slow part) and stored in it as images. */
function decodePhotos(input: CreateReceiptRequest) {
  return input.lines.map((line, index) =>
    (line.photos ?? []).map((photo, n) =>
      decodeImage(photo, (reason) =>
        invalid([{ path: `receipt.lines.${index}.photos.${n}`, message: reason }]),
      ),
    ),
  );
}

export async function createReceipt(
  db: Db,
  context: {
    storeId: string;
    publicUrl: string;
    actor: Actor;
    idempotencyKey?: string;
    /** Answer the receipt without the shipment (`Prefer: return=minimal`). */
    minimal?: boolean;
  },
  inboundShipmentId: string,
  input: CreateReceiptRequest,
): Promise<{ receipt: Receipt; inboundShipment?: InboundShipmentDetail }> {
  if (!isId("inboundShipment", inboundShipmentId))
    throw new NotFoundError(INBOUND_SHIPMENT_RESOURCE, inboundShipmentId);
  const photos = decodePhotos(input);
  // Lock order: the receipt's lines, then their stock, then the shipment (see receiveLines). Editing a shipment
  // locks it before its lines, so the two can deadlock; PostgreSQL then rolls one back and it runs again.
  return retryOnDeadlock(() =>
    db.transaction((tx) => receiveLines(tx, context, inboundShipmentId, input, photos)),
  );
}

/**
 * The receipt's transaction. The shipment's row lock, which serialises every receipt of the shipment, is taken
 * last and held only for the counts, the status and the event: the lines' counters move by atomic increments
 * under each line's own lock, and the stock under its item's, so scans of different lines overlap (a 500-line
 * shipment is received by several people at once) and scans of one line still sum exactly.
 */
async function receiveLines(
  tx: Db,
  context: Parameters<typeof createReceipt>[1],
  inboundShipmentId: string,
  input: CreateReceiptRequest,
  photos: ReturnType<typeof decodePhotos>,
): Promise<{ receipt: Receipt; inboundShipment?: InboundShipmentDetail }> {
  const { storeId, actor } = context;
  const [shipment] = await tx
    .select({
      locationId: inboundShipments.locationId,
      supplierId: inboundShipments.supplierId,
      locationName: locations.name,
      locationArchived: sql<boolean>`${locations.archivedAt} is not null`,
    })
    .from(inboundShipments)
    .innerJoin(
      locations,
      and(eq(locations.storeId, inboundShipments.storeId), eq(locations.id, inboundShipments.locationId)),
    )
    .where(and(eq(inboundShipments.id, inboundShipmentId), eq(inboundShipments.storeId, storeId)));
  if (!shipment) throw new NotFoundError(INBOUND_SHIPMENT_RESOURCE, inboundShipmentId);
  if (input.corrects_receipt_id !== undefined) {
    const [corrected] = await tx
      .select({ id: inboundReceipts.id })
      .from(inboundReceipts)
      .where(
        and(
          eq(inboundReceipts.id, input.corrects_receipt_id),
          eq(inboundReceipts.shipmentId, inboundShipmentId),
        ),
      );
    if (!corrected) {
      throw invalid([
        { path: "receipt.corrects_receipt_id", message: "No receipt of this shipment has this id." },
      ]);
    }
  }
  const matched = matchLines(await loadNamedLines(tx, inboundShipmentId, input), input);
  checkLots(input, matched);
  const bin = await binNamed(tx, storeId, shipment.locationId, input.bin);
  const covered = await addToLineCounters(tx, input, matched);

  const receiptId = newId("receipt");
  const lineRows = [];
  for (const [index, line] of input.lines.entries()) {
    const photoIds: string[] = [];
    for (const photo of photos[index] ?? []) photoIds.push(await storeImage(tx, storeId, photo));
    lineRows.push({
      id: newId("receiptLine"),
      receiptId,
      shipmentItemId: (matched[index] as ItemRow).id,
      position: index,
      received: line.received,
      damaged: line.damaged,
      damagedReason: line.damaged_reason ?? null,
      missing: line.missing,
      missingReason: line.missing_reason ?? null,
      note: line.note ?? null,
      lotNumber: line.lot_number ?? null,
      expirationDate: line.expiration_date ?? null,
      photoIds,
      serials: [...new Set(line.serials ?? [])],
    });
  }
  // The receipt and its lines in one statement (the lines' foreign key is checked at its end).
  const receiptRow = tx.$with("receipt").as(
    tx
      .insert(inboundReceipts)
      .values({
        id: receiptId,
        storeId,
        shipmentId: inboundShipmentId,
        locationId: shipment.locationId,
        bin: input.bin ?? null,
        binId: bin?.id ?? null,
        note: input.note ?? null,
        correctsReceiptId: input.corrects_receipt_id ?? null,
        receivedByUserId: actor.userId ?? null,
        receivedByApiKeyId: actor.apiKeyId ?? null,
        receivedByName: actor.name,
      })
      .returning({ createdAt: inboundReceipts.createdAt }),
  );
  const receiptLines = tx.$with("receipt_lines").as(tx.insert(inboundReceiptLines).values(lineRows));
  const [written] = await tx
    .with(receiptRow, receiptLines)
    .select({ createdAt: receiptRow.createdAt })
    .from(receiptRow);
  await indexReceivedIdentifiers(tx, {
    storeId,
    inboundShipmentId,
    receiptId,
    locationId: shipment.locationId,
    bin: bin?.code ?? input.bin ?? null,
    recordedAt: written?.createdAt ?? new Date(),
    lines: input.lines,
  });
  if (input.corrects_receipt_id !== undefined) {
    const unknown = await unindexCorrectedIdentifiers(tx, {
      storeId,
      correctedReceiptId: input.corrects_receipt_id,
      lines: input.lines,
    });
    if (unknown.length > 0) {
      throw invalid(
        unknown.map(({ line, serial }) => ({
          path: `receipt.lines.${line}.serials`,
          message: `The corrected receipt did not record serial ${JSON.stringify(serial)}.`,
        })),
      );
    }
  }
  await moveReceivedStock(
    tx,
    {
      ...context,
      receiptId,
      locationId: shipment.locationId,
      locationActive: !shipment.locationArchived,
      bin,
    },
    input,
    matched,
  );
  // Discrepant units join the supplier's draft claim in this transaction (docs/suppliers.md).
  await draftReceiptClaims(
    tx,
    { ...context, supplierId: shipment.supplierId, shipmentId: inboundShipmentId, receiptId },
    lineRows.map((row, index) => ({
      item: matched[index] as ItemRow,
      line: input.lines[index] as CreateReceiptRequest["lines"][number],
      photoIds: row.photoIds,
    })),
  );

  // The shipment's lock, last, in one statement: its counts, status and the mark that its `updated` event is
  // due. The event itself is rendered once per window by the dispatcher, with the latest state
  // (lib/domain/events/coalesce.ts): a full 500-line snapshot per scan is what bounded receiving.
  await addToShipmentCounts(tx, {
    storeId,
    shipmentId: inboundShipmentId,
    received: input.lines.reduce((sum, line) => sum + line.received, 0),
    covered,
  });
  // The receipt as written: what listReceipts reads back later.
  const receipt: Receipt = {
    id: receiptId,
    inbound_shipment_id: inboundShipmentId,
    location: { id: shipment.locationId, name: shipment.locationName },
    bin: input.bin ?? null,
    bin_id: bin?.id ?? null,
    note: input.note ?? null,
    corrects_receipt_id: input.corrects_receipt_id ?? null,
    received_by: { kind: actor.apiKeyId ? "api_secret" : "staff", name: actor.name },
    created_at: (written?.createdAt ?? new Date()).toISOString(),
    lines: lineRows.map((row, index) => ({
      id: row.id,
      item_id: row.shipmentItemId,
      sku: (matched[index] as ItemRow).sku,
      title: (matched[index] as ItemRow).title,
      inventory_item_id: (matched[index] as ItemRow).inventoryItemId,
      received: row.received,
      damaged: row.damaged,
      damaged_reason: row.damagedReason,
      missing: row.missing,
      missing_reason: row.missingReason,
      note: row.note,
      lot_number: row.lotNumber,
      expiration_date: row.expirationDate,
      photos: row.photoIds.map((id) => imageUrl(id, context.publicUrl)),
      serials: row.serials,
    })),
  };
  // A scanner sending one unit at a time asks for the receipt alone: the detail of a 500-line shipment is
  // ~150 KB to render and send for every scan.
  if (context.minimal) return { receipt };
  const detail = { storeId, inboundShipmentId, publicUrl: context.publicUrl };
  return { receipt, inboundShipment: await getInboundShipment(tx, detail) };
}
