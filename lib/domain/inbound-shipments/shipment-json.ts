import { type SQL, sql } from "drizzle-orm";

/**
 * The JSON fields of a shipment and of its lines, as the list and the detail view both render them in SQL
 * (aliases: `s` shipment, `l` location; `i` line, `v` variant, `p` product, `img.url` its image). One place,
 * so the two views cannot drift apart.
 */

const isoUtc = (column: string) =>
  sql.raw(`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);

/** The list view's fields but `items`, for `json_build_object(…)`. */
export const shipmentFields: SQL = sql`
  'id', s.id,
  'shipment_id', s.shipment_id,
  'status', s.status,
  'location', json_build_object('id', l.id, 'name', l.name),
  'carrier', s.carrier,
  'tracking_number', s.tracking_number,
  'tracking_url', s.tracking_url,
  'estimated_arrival_date', s.estimated_arrival_date::text,
  'actual_arrival_date', s.actual_arrival_date::text,
  'freight_type', s.freight_type,
  'payment_terms', s.payment_terms,
  'freight_cost', json_build_object('amount', s.freight_cost::text, 'currency', s.currency),
  'duty_cost', json_build_object('amount', s.duty_cost::text, 'currency', s.currency),
  'sku_count', s.sku_count,
  'item_count', s.item_count,
  'received_count', s.received_count,
  'created_at', ${isoUtc("s.created_at")},
  'updated_at', ${isoUtc("s.updated_at")}`;

/** Stored image paths ("/demo/...") become absolute URLs on this server. */
function imageUrl(publicUrl: string): SQL {
  return sql`case when left(img.url, 1) = '/' then ${publicUrl} || img.url else img.url end`;
}

/**
 * The rows `itemFields` reads: shipment `s`'s items `i` with their variant `v`, product `p` and image
 * `img.url` (the variant's own, else the product's), for a lateral join.
 */
export const SHIPMENT_ITEMS_FROM = sql`from inbound_shipment_items i
  join product_variants v on v.id = i.variant_id
  join products p on p.id = v.product_id
  cross join lateral (select coalesce(v.image_url, p.image_url) as url) img
  where i.shipment_id = s.id`;

/** A line's fields in the list view; `detail` adds the product's UPC and lot tracking, and the line's discrepancy. */
export function itemFields(publicUrl: string, detail = false): SQL {
  return sql`
    'id', i.id,
    'product', json_build_object(
      'id', p.id,
      'title', case when coalesce(v.title, '') = '' then p.title else p.title || ' - ' || v.title end,
      'sku', v.sku,
      'image_url', ${imageUrl(publicUrl)}${detail ? sql`, 'upc', v.upc, 'tracks_lots', p.tracks_lots` : sql``}),
    'quantity', i.quantity,
    'received_quantity', i.received_quantity,
    'damaged_quantity', i.damaged_quantity,
    'missing_quantity', i.missing_quantity${
      detail
        ? sql`, 'discrepancy', i.received_quantity - i.quantity,
          'unit_cost', case when i.unit_cost is null then null
            else json_build_object('amount', i.unit_cost::text, 'currency', s.currency) end`
        : sql``
    }`;
}
