import { and, desc, eq, gte, inArray, lt, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db";
import { bins, inboundReceipts, inventoryItems, inventoryMovements, locations } from "../../db/schema";
import type { InventoryMovementReason } from "../../enums";
import type { InventoryMovement } from "../../schemas/inventory-levels";
import type { KeysetPosition } from "../paging";

/** Reading the append-only inventory ledger: by id, as a filtered page, and as CSV rows. */

/** A receipt's movement also names the receipt's shipment, so the ledger links to the receipt where it is shown. */
function movementQuery(db: Db) {
  return db
    .select({
      id: inventoryMovements.id,
      seq: inventoryMovements.seq,
      inventoryItemId: inventoryMovements.inventoryItemId,
      sku: inventoryItems.sku,
      locationId: inventoryMovements.locationId,
      locationName: locations.name,
      binId: inventoryMovements.binId,
      binCode: bins.code,
      stockState: inventoryMovements.stockState,
      quantityDelta: inventoryMovements.quantityDelta,
      quantityAfter: inventoryMovements.quantityAfter,
      reason: inventoryMovements.reason,
      sourceType: inventoryMovements.sourceType,
      sourceId: inventoryMovements.sourceId,
      receiptShipmentId: inboundReceipts.shipmentId,
      actorKind: inventoryMovements.actorKind,
      actorId: inventoryMovements.actorId,
      actorName: inventoryMovements.actorName,
      idempotencyKey: inventoryMovements.idempotencyKey,
      note: inventoryMovements.note,
      createdAt: inventoryMovements.createdAt,
    })
    .from(inventoryMovements)
    .innerJoin(inventoryItems, eq(inventoryItems.id, inventoryMovements.inventoryItemId))
    .innerJoin(
      locations,
      and(eq(locations.storeId, inventoryMovements.storeId), eq(locations.id, inventoryMovements.locationId)),
    )
    .leftJoin(bins, eq(bins.id, inventoryMovements.binId))
    .leftJoin(
      inboundReceipts,
      and(eq(inventoryMovements.sourceType, "receipt"), eq(inboundReceipts.id, inventoryMovements.sourceId)),
    );
}
type MovementRow = Awaited<ReturnType<ReturnType<typeof movementQuery>["where"]>>[number];

function toMovement(row: MovementRow): InventoryMovement {
  return {
    id: row.id,
    inventory_item_id: row.inventoryItemId,
    sku: row.sku,
    location: { id: row.locationId, name: row.locationName },
    bin: row.binId && row.binCode ? { id: row.binId, code: row.binCode } : null,
    stock_state: row.stockState,
    quantity_delta: row.quantityDelta,
    quantity_after: row.quantityAfter,
    reason: row.reason,
    source: { type: row.sourceType, id: row.sourceId, inbound_shipment_id: row.receiptShipmentId ?? null },
    actor: { type: row.actorKind, id: row.actorId, name: row.actorName },
    idempotency_key: row.idempotencyKey,
    note: row.note,
    created_at: row.createdAt.toISOString(),
  };
}

/** The given movements, in the order given. */
export async function loadMovementsByIds(db: Db, ids: readonly string[]): Promise<InventoryMovement[]> {
  if (ids.length === 0) return [];
  const rows = await movementQuery(db).where(inArray(inventoryMovements.id, [...ids]));
  const byId = new Map(rows.map((row) => [row.id, toMovement(row)]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

export type MovementFilters = {
  storeId: string;
  inventoryItemId?: string;
  locationId?: string;
  reason?: InventoryMovementReason;
  createdAtMin?: Date;
  createdAtMax?: Date;
};

/** The filters of the list and export, from their query (lib/schemas/inventory-levels.ts). */
export function movementFilters(
  storeId: string,
  query: {
    inventory_item_id?: string;
    location_id?: string;
    reason?: InventoryMovementReason;
    created_at_min?: string;
    created_at_max?: string;
  },
): MovementFilters {
  return {
    storeId,
    inventoryItemId: query.inventory_item_id,
    locationId: query.location_id,
    reason: query.reason,
    createdAtMin: query.created_at_min ? new Date(query.created_at_min) : undefined,
    createdAtMax: query.created_at_max ? new Date(query.created_at_max) : undefined,
  };
}

function movementConditions(filters: MovementFilters): (SQL | undefined)[] {
  const conditions: (SQL | undefined)[] = [eq(inventoryMovements.storeId, filters.storeId)];
  if (filters.inventoryItemId !== undefined) {
    conditions.push(eq(inventoryMovements.inventoryItemId, filters.inventoryItemId));
  }
  if (filters.locationId !== undefined)
    conditions.push(eq(inventoryMovements.locationId, filters.locationId));
  if (filters.reason !== undefined) conditions.push(eq(inventoryMovements.reason, filters.reason));
  if (filters.createdAtMin) conditions.push(gte(inventoryMovements.createdAt, filters.createdAtMin));
  if (filters.createdAtMax) conditions.push(lt(inventoryMovements.createdAt, filters.createdAtMax));
  return conditions;
}

/**
 * A page of the ledger, newest first (by `seq`, the insertion order: a request's movements share their
 * created_at), by keyset: per store on inventory_movements_store_seq_idx, per item on
 * inventory_movements_item_seq_idx. The page marker carries the last movement's seq as its id.
 */
export async function listInventoryMovements(
  db: Db,
  params: MovementFilters & { limit: number; after?: KeysetPosition },
): Promise<{ movements: InventoryMovement[]; next?: KeysetPosition }> {
  const conditions = movementConditions(params);
  if (params.after) {
    conditions.push(sql`${inventoryMovements.seq} < ${params.after.id}::bigint`);
  }
  const rows = await movementQuery(db)
    .where(and(...conditions))
    .orderBy(desc(inventoryMovements.seq))
    .limit(params.limit + 1);
  const page = rows.slice(0, params.limit);
  const last = page.at(-1);
  return {
    movements: page.map(toMovement),
    ...(rows.length > params.limit && last
      ? { next: { updatedAt: last.createdAt, id: String(last.seq) } }
      : {}),
  };
}

export const MOVEMENT_EXPORT_COLUMNS = [
  "id",
  "created_at",
  "inventory_item_id",
  "sku",
  "location_id",
  "location_name",
  "quantity_delta",
  "quantity_after",
  "reason",
  "source_type",
  "source_id",
  "actor_type",
  "actor_name",
  "idempotency_key",
  "note",
  "stock_state",
] as const;

/** The ledger as CSV rows (docs/csv.md), the list's order and filters, a batch at a time by keyset. */
export async function* movementExportRows(
  db: Db,
  filters: MovementFilters,
  batchSize = 2000,
): AsyncGenerator<(string | number | null)[][]> {
  let after: KeysetPosition | undefined;
  for (;;) {
    const page = await listInventoryMovements(db, { ...filters, limit: batchSize, after });
    if (page.movements.length > 0) {
      yield page.movements.map((m) => [
        m.id,
        m.created_at,
        m.inventory_item_id,
        m.sku,
        m.location.id,
        m.location.name,
        m.quantity_delta,
        m.quantity_after,
        m.reason,
        m.source.type,
        m.source.id,
        m.actor.type,
        m.actor.name,
        m.idempotency_key,
        m.note,
        m.stock_state,
      ]);
    }
    if (!page.next) return;
    after = page.next;
  }
}
