import { type SQL, sql } from "drizzle-orm";
import type { CodeMatch, InboundShipmentStatus } from "../../enums";
import { escapeLike } from "../inventory-items/list-inventory-items";

/**
 * The inbound-shipment list's filters (docs/inbound-shipments.md), as SQL over `inbound_shipments s`: one
 * definition for the list, its CSV export and the discrepancy report, so the three always select the same rows.
 */
export type ShipmentFilters = {
  storeId: string;
  status?: InboundShipmentStatus;
  locationId?: string;
  createdAtMin?: Date;
  createdAtMax?: Date;
  /** A tracking number, merchant shipment id or SKU, matched exactly (as typed, or upper-cased as scanned). */
  q?: string;
  /** `contains`: `q` is any part of a tracking number, shipment id, merchant shipment id, SKU or UPC, any case. */
  match?: CodeMatch;
  /** Not yet received and expected before today (UTC). */
  late?: boolean;
  /** Not yet received and expected from today (UTC) to today + N days. */
  arrivingWithinDays?: number;
};

const OUTSTANDING = sql`s.status in ('PENDING', 'IN_TRANSIT', 'PARTIALLY_RECEIVED')`;

export function shipmentConditions(filters: ShipmentFilters): SQL[] {
  const conditions: SQL[] = [sql`s.store_id = ${filters.storeId}`];
  if (filters.status) conditions.push(sql`s.status = ${filters.status}`);
  if (filters.locationId) conditions.push(sql`s.location_id = ${filters.locationId}`);
  if (filters.createdAtMin) {
    // updated_at >= created_at (a check constraint), so the bound also applies to updated_at: the index
    // scan in updated_at order then ends where rows get too old, instead of reading to the end.
    const min = filters.createdAtMin.toISOString();
    conditions.push(sql`s.created_at >= ${min}::timestamptz and s.updated_at >= ${min}::timestamptz`);
  }
  if (filters.createdAtMax) {
    conditions.push(sql`s.created_at < ${filters.createdAtMax.toISOString()}::timestamptz`);
  }
  if (filters.q && filters.match === "contains") {
    conditions.push(containsCondition(filters.storeId, filters.q));
  } else if (filters.q) {
    // The matching shipments first, each through its own index, so a rare code costs a few lookups and not
    // a walk of the store's shipments in list order.
    const codes = [...new Set([filters.q, filters.q.toUpperCase()])];
    const list = sql.join(
      codes.map((code) => sql`${code}`),
      sql`, `,
    );
    conditions.push(sql`s.id in (
      select m.id from inbound_shipments m where m.store_id = ${filters.storeId} and m.tracking_number in (${list})
      union select m.id from inbound_shipments m where m.store_id = ${filters.storeId} and m.shipment_id in (${list})
      union select i.shipment_id from inbound_shipment_items i join product_variants v on v.id = i.variant_id
        where v.store_id = ${filters.storeId} and (v.sku in (${list}) or v.upc in (${list})))`);
  }
  if (filters.late) {
    conditions.push(sql`${OUTSTANDING} and s.estimated_arrival_date < (now() at time zone 'UTC')::date`);
  }
  if (filters.arrivingWithinDays !== undefined) {
    conditions.push(sql`${OUTSTANDING} and s.estimated_arrival_date >= (now() at time zone 'UTC')::date
      and s.estimated_arrival_date <= (now() at time zone 'UTC')::date + ${filters.arrivingWithinDays}::int`);
  }
  return conditions;
}

/**
 * A part of a code, in any case: what the list's search box sends as someone types. Unlike an exact code no
 * B-tree index can find it, so each candidate set is a scan of the store's shipments (or lines), bounded by
 * the store; the list's keyset order then reads only the matches.
 */
function containsCondition(storeId: string, q: string): SQL {
  const pattern = `%${escapeLike(q)}%`;
  return sql`s.id in (
    select m.id from inbound_shipments m where m.store_id = ${storeId}
      and (m.tracking_number ilike ${pattern} or m.shipment_id ilike ${pattern} or m.id ilike ${pattern})
    union select i.shipment_id from inbound_shipment_items i join product_variants v on v.id = i.variant_id
      where v.store_id = ${storeId} and (v.sku ilike ${pattern} or v.upc ilike ${pattern}))`;
}

/** The list's query parameters (snake_case, validated by listInboundShipmentsQuerySchema) as filters. */
export function shipmentFiltersOf(
  storeId: string,
  query: {
    status?: InboundShipmentStatus;
    location_id?: string;
    created_at_min?: string;
    created_at_max?: string;
    q?: string;
    match?: CodeMatch;
    late?: "true" | "false";
    arriving_within_days?: number;
  },
): ShipmentFilters {
  return {
    storeId,
    status: query.status,
    locationId: query.location_id,
    createdAtMin: query.created_at_min ? new Date(query.created_at_min) : undefined,
    createdAtMax: query.created_at_max ? new Date(query.created_at_max) : undefined,
    q: query.q,
    match: query.match,
    late: query.late === "true",
    arrivingWithinDays: query.arriving_within_days,
  };
}
