import { count, eq, sql } from "drizzle-orm";
import type { Db } from "../db";
import { insertInBatches } from "../db/insert-batches";
import * as schema from "../db/schema";
import { recordOpeningBalances } from "../domain/inventory-levels/opening-balances";
import { idFactory } from "../ids";
import { BULK_STORE } from "./catalog-stores";
import { addMs, DAY_MS, pastDate, startOfDay } from "./format";
import {
  generateShipment,
  SHIPMENT_SPREAD,
  type ShipmentLocation,
  type ShipmentStore,
} from "./generate-shipments";
import { generateStoreCatalog } from "./generate-store";
import { createRandom } from "./random";
import type { InboundShipmentItemRow, InboundShipmentRow } from "./types";

/** Fixed seed of the bulk store's own rows, so it has the same id in every database. */
const BULK_STORE_SEED = 0x0b0d_e907;
export const DEFAULT_BULK_SEED = 1_000_003;

export type BulkOptions = {
  shipments: number;
  seed?: number;
  /** Shipments per INSERT statement (and per transaction); default 5,000. */
  batchSize?: number;
  /**
   * Batches in flight at once, each in its own transaction on its own connection. Use 1 on PGlite (one
   * connection); 2 or 3 pays off on PostgreSQL. Default 1.
   */
  concurrency?: number;
  /** Called after each committed batch with the number of shipments inserted so far. */
  onProgress?: (done: number) => void;
  anchor?: Date;
};

export type BulkResult = { storeId: string; shipments: number; items: number; ms: number };

export function bulkStoreId(): string {
  return idFactory(createRandom(BULK_STORE_SEED).fork("ids").bytes)("store");
}

/** Creates the bulk store with its locations, products and inventory unless it exists already. */
async function ensureBulkStore(db: Db, anchor: Date): Promise<ShipmentStore> {
  const storeId = bulkStoreId();
  const [found] = await db
    .select({ id: schema.stores.id })
    .from(schema.stores)
    .where(eq(schema.stores.id, storeId));
  if (!found) {
    const random = createRandom(BULK_STORE_SEED);
    const makeId = idFactory(random.fork("ids").bytes);
    makeId("store"); // the id bulkStoreId() returns
    const catalog = generateStoreCatalog({
      random: random.fork("catalog"),
      makeId,
      storeId,
      template: BULK_STORE,
      anchor,
      productCount: 48,
    });
    const openedAt = addMs(anchor, -400 * DAY_MS);
    await db.transaction(async (tx) => {
      await tx.insert(schema.stores).values({
        id: storeId,
        name: BULK_STORE.name,
        currency: BULK_STORE.currency,
        createdAt: openedAt,
        updatedAt: openedAt,
      });
      await insertInBatches(tx, schema.locations, catalog.locations);
      await insertInBatches(tx, schema.products, catalog.products);
      await insertInBatches(tx, schema.productVariants, catalog.productVariants);
      await insertInBatches(tx, schema.inventoryItems, catalog.inventoryItems);
      await insertInBatches(tx, schema.inventoryLevels, catalog.inventoryLevels);
      await recordOpeningBalances(tx, [storeId]);
    });
  }
  // Read back what is stored, so a store created by an earlier version of this code is reused as it is.
  const locations = await db
    .select({ id: schema.locations.id, name: schema.locations.name })
    .from(schema.locations)
    .where(eq(schema.locations.storeId, storeId));
  const variants = await db
    .select({ id: schema.productVariants.id })
    .from(schema.productVariants)
    .where(eq(schema.productVariants.storeId, storeId));
  if (locations.length === 0 || variants.length === 0) {
    throw new Error(`The bulk store ${storeId} has no locations or no products.`);
  }
  const kinds = new Map(BULK_STORE.locations.map((l) => [l.name, l.kind]));
  return {
    id: storeId,
    currency: BULK_STORE.currency,
    country: BULK_STORE.country,
    priceFactor: BULK_STORE.priceFactor,
    locations: locations.map((l): ShipmentLocation => ({ id: l.id, kind: kinds.get(l.name) ?? "warehouse" })),
    variants,
  };
}

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

/** One INSERT ... SELECT FROM unnest(...) per table: a handful of array parameters instead of one per value. */
async function insertBatch(
  db: Db,
  storeId: string,
  shipments: InboundShipmentRow[],
  items: InboundShipmentItemRow[],
) {
  const col = <T>(pick: (s: InboundShipmentRow) => T) => sql.param(shipments.map(pick));
  const itemCol = <T>(pick: (s: InboundShipmentItemRow) => T) => sql.param(items.map(pick));
  await db.transaction(async (tx) => {
    // The rows are regenerated from the seed if lost: no need to wait for the WAL flush at each commit.
    await tx.execute(sql`set local synchronous_commit = off`);
    await tx.execute(sql`
      insert into inbound_shipments (id, store_id, location_id, shipment_id, status, carrier, tracking_number,
        tracking_url, shipped_at, estimated_arrival_date, actual_arrival_date, freight_type, payment_terms,
        currency, freight_cost, duty_cost, sku_count, item_count, received_count, covered_count, created_at, updated_at)
      select u.id, ${storeId}::text, u.location_id, u.shipment_id, u.status, u.carrier, u.tracking_number,
        u.tracking_url, u.shipped_at, u.eta, u.ata, u.freight_type, u.payment_terms, ${BULK_STORE.currency}::char(3),
        u.freight_cost, u.duty_cost, u.sku_count, u.item_count, u.received_count, u.covered_count, u.created_at, u.updated_at
      from unnest(
        ${col((s) => s.id)}::text[], ${col((s) => s.locationId)}::text[], ${col((s) => s.shipmentId ?? null)}::text[],
        ${col((s) => s.status)}::text[]::inbound_shipment_status[], ${col((s) => s.carrier ?? null)}::text[],
        ${col((s) => s.trackingNumber ?? null)}::text[], ${col((s) => s.trackingUrl ?? null)}::text[],
        ${col((s) => iso(s.shippedAt))}::timestamptz[], ${col((s) => s.estimatedArrivalDate ?? null)}::date[],
        ${col((s) => s.actualArrivalDate ?? null)}::date[], ${col((s) => s.freightType ?? null)}::text[],
        ${col((s) => s.paymentTerms ?? null)}::text[], ${col((s) => s.freightCost ?? "0")}::numeric[],
        ${col((s) => s.dutyCost ?? "0")}::numeric[], ${col((s) => s.skuCount ?? 0)}::int[],
        ${col((s) => s.itemCount ?? 0)}::int[], ${col((s) => s.receivedCount ?? 0)}::int[],
        ${col((s) => s.coveredCount ?? 0)}::int[],
        ${col((s) => iso(s.createdAt))}::timestamptz[], ${col((s) => iso(s.updatedAt))}::timestamptz[]
      ) as u(id, location_id, shipment_id, status, carrier, tracking_number, tracking_url, shipped_at, eta, ata,
        freight_type, payment_terms, freight_cost, duty_cost, sku_count, item_count, received_count, covered_count,
        created_at, updated_at)`);
    await tx.execute(sql`
      insert into inbound_shipment_items (id, shipment_id, variant_id, position, quantity, received_quantity,
        damaged_quantity, missing_quantity)
      select * from unnest(
        ${itemCol((i) => i.id)}::text[], ${itemCol((i) => i.shipmentId)}::text[], ${itemCol((i) => i.variantId)}::text[],
        ${itemCol((i) => i.position ?? 0)}::int[], ${itemCol((i) => i.quantity)}::int[],
        ${itemCol((i) => i.receivedQuantity ?? 0)}::int[], ${itemCol((i) => i.damagedQuantity ?? 0)}::int[],
        ${itemCol((i) => i.missingQuantity ?? 0)}::int[]
      )`);
  });
}

/**
 * Adds `shipments` inbound shipments (about 3.2 items each, over the year before the anchor) to the
 * "Bulk Depot" store, creating the store first if needed. Counts and status come from the domain
 * functions, as in the demo. Each batch commits on its own, so progress survives an interruption.
 */
export async function seedLargeStore(db: Db, options: BulkOptions): Promise<BulkResult> {
  const started = performance.now();
  const total = Math.max(0, Math.floor(options.shipments));
  const batchSize = Math.max(1, Math.floor(options.batchSize ?? 5_000));
  const concurrency = Math.max(1, Math.floor(options.concurrency ?? 1));
  const anchor = options.anchor ?? startOfDay(new Date());
  const store = await ensureBulkStore(db, anchor);
  const [existing] = await db
    .select({ n: count() })
    .from(schema.inboundShipments)
    .where(eq(schema.inboundShipments.storeId, store.id));
  const before = existing?.n ?? 0;

  // A stream per run that depends on what is already there, so running again appends new ids.
  const random = createRandom(options.seed ?? DEFAULT_BULK_SEED).fork(`bulk:${before}`);
  const makeId = idFactory(random.fork("ids").bytes);
  const dates = new Float64Array(total);
  for (let i = 0; i < total; i++) dates[i] = pastDate(random, anchor, SHIPMENT_SPREAD).getTime();
  dates.sort();

  let done = 0;
  let items = 0;
  let failure: { error: unknown } | undefined;
  const inFlight = new Set<Promise<void>>();
  for (let start = 0; start < total; start += batchSize) {
    const end = Math.min(total, start + batchSize);
    const shipments: InboundShipmentRow[] = [];
    const batchItems: InboundShipmentItemRow[] = [];
    for (let i = start; i < end; i++) {
      const generated = generateShipment(
        random,
        makeId,
        store,
        new Date(dates[i] as number),
        anchor,
        before + i + 1,
      );
      shipments.push(generated.shipment);
      for (const item of generated.items) batchItems.push(item);
    }
    items += batchItems.length;
    const task: Promise<void> = insertBatch(db, store.id, shipments, batchItems).then(
      () => {
        inFlight.delete(task);
        done += shipments.length;
        options.onProgress?.(done);
      },
      (error: unknown) => {
        inFlight.delete(task);
        failure ??= { error };
      },
    );
    inFlight.add(task);
    // Generating the next batch overlaps with the inserts in flight; wait only when the pipe is full.
    if (inFlight.size >= concurrency) await Promise.race(inFlight);
    if (failure) break;
  }
  await Promise.all(inFlight);
  if (failure) throw failure.error;
  // Fresh statistics, or the planner keeps the estimates of an empty table and skips the keyset indexes.
  await db.execute(sql`analyze inbound_shipments, inbound_shipment_items`);
  return { storeId: store.id, shipments: done, items, ms: Math.round(performance.now() - started) };
}
