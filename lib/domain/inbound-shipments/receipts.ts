import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../../db";
import {
  inboundReceiptLines,
  inboundReceipts,
  inboundShipmentItems,
  locations,
  products,
  productVariants,
} from "../../db/schema";
import type { Receipt } from "../../schemas/inbound-receipts";
import { imageUrl } from "../images/stored";
import type { KeysetPosition } from "../paging";

/** Receipts as the API reads them: each with its lines, the line's SKU and product title, photo URLs. */

type ReceiptRow = typeof inboundReceipts.$inferSelect & { locationName: string };

async function withLines(db: Db, publicUrl: string, rows: ReceiptRow[]): Promise<Receipt[]> {
  if (rows.length === 0) return [];
  const lines = await db
    .select({
      line: inboundReceiptLines,
      sku: productVariants.sku,
      title: sql<string>`coalesce(${products.title} || ' - ' || ${productVariants.title}, ${products.title})`,
      inventoryItemId: sql<string | null>`(select ii.id from inventory_items ii
        where ii.variant_id = ${productVariants.id} and ii.kind = 'PRODUCT' order by ii.id limit 1)`,
    })
    .from(inboundReceiptLines)
    .innerJoin(inboundShipmentItems, eq(inboundShipmentItems.id, inboundReceiptLines.shipmentItemId))
    .innerJoin(productVariants, eq(productVariants.id, inboundShipmentItems.variantId))
    .innerJoin(products, eq(products.id, productVariants.productId))
    .where(
      inArray(
        inboundReceiptLines.receiptId,
        rows.map((row) => row.id),
      ),
    )
    .orderBy(asc(inboundReceiptLines.position));
  const linesOf = new Map<string, Receipt["lines"]>();
  for (const { line, sku, title, inventoryItemId } of lines) {
    const list = linesOf.get(line.receiptId) ?? [];
    list.push({
      id: line.id,
      item_id: line.shipmentItemId,
      sku,
      title,
      inventory_item_id: inventoryItemId,
      received: line.received,
      damaged: line.damaged,
      damaged_reason: line.damagedReason,
      missing: line.missing,
      missing_reason: line.missingReason,
      note: line.note,
      lot_number: line.lotNumber,
      expiration_date: line.expirationDate,
      photos: line.photoIds.map((id) => imageUrl(id, publicUrl)),
      serials: line.serials,
    });
    linesOf.set(line.receiptId, list);
  }
  return rows.map((row) => ({
    id: row.id,
    inbound_shipment_id: row.shipmentId,
    location: { id: row.locationId, name: row.locationName },
    bin: row.bin,
    bin_id: row.binId,
    note: row.note,
    corrects_receipt_id: row.correctsReceiptId,
    received_by: { kind: row.receivedByApiKeyId ? "api_secret" : "staff", name: row.receivedByName },
    created_at: row.createdAt.toISOString(),
    lines: linesOf.get(row.id) ?? [],
  }));
}

const receiptColumns = { receipt: inboundReceipts, locationName: locations.name };
const flatten = (rows: { receipt: typeof inboundReceipts.$inferSelect; locationName: string }[]) =>
  rows.map((row) => ({ ...row.receipt, locationName: row.locationName }));

/** A shipment's receipts, newest first, keyset-paged on (created_at, id). The caller checked the shipment. */
export async function listReceipts(
  db: Db,
  params: { publicUrl: string; shipmentId: string; limit: number; after?: KeysetPosition },
): Promise<{ receipts: Receipt[]; next?: KeysetPosition }> {
  const rows = await db
    .select(receiptColumns)
    .from(inboundReceipts)
    .innerJoin(locations, eq(locations.id, inboundReceipts.locationId))
    .where(
      and(
        eq(inboundReceipts.shipmentId, params.shipmentId),
        params.after
          ? sql`(${inboundReceipts.createdAt}, ${inboundReceipts.id}) < (${params.after.updatedAt.toISOString()}::timestamptz, ${params.after.id})`
          : undefined,
      ),
    )
    .orderBy(desc(inboundReceipts.createdAt), desc(inboundReceipts.id))
    .limit(params.limit + 1);
  const page = flatten(rows.slice(0, params.limit));
  const last = page.at(-1);
  return {
    receipts: await withLines(db, params.publicUrl, page),
    ...(rows.length > params.limit && last ? { next: { updatedAt: last.createdAt, id: last.id } } : {}),
  };
}
