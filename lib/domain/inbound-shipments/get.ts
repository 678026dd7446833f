import { sql } from "drizzle-orm";
import type { Db } from "../../db";
import { executePrepared } from "../../db/prepared";
import { isId } from "../../ids";
import type { InboundShipmentDetail } from "../../schemas/inbound-shipments";
import { NotFoundError } from "../errors";

export const INBOUND_SHIPMENT_RESOURCE = "inbound-shipment";

const isoUtc = (column: string) =>
  sql.raw(`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);

/**
 * One shipment of the store in the real service's detail view, its JSON rendered by the database in one
 * statement like the list's (lib/domain/inbound-shipments/list.ts). A shipment of another store, an
 * unknown id or a malformed one is the same 404.
 */
export async function getInboundShipment(
  db: Db,
  params: { storeId: string; inboundShipmentId: string; publicUrl: string },
): Promise<InboundShipmentDetail> {
  const notFound = new NotFoundError(INBOUND_SHIPMENT_RESOURCE, params.inboundShipmentId);
  if (!isId("inboundShipment", params.inboundShipmentId)) throw notFound;
  const imageUrl = sql`case when left(img.url, 1) = '/' then ${params.publicUrl} || img.url else img.url end`;
  const rows = await executePrepared<{ json: InboundShipmentDetail }>(
    db,
    sql`
    select json_build_object(
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
        'items', coalesce(items.list, '[]'::json),
        'sku_count', s.sku_count,
        'item_count', s.item_count,
        'received_count', s.received_count,
        'created_at', ${isoUtc("s.created_at")},
        'updated_at', ${isoUtc("s.updated_at")},
        'custom_volume_cubic_meters', null,
        'purchase_orders', '[]'::json,
        'transfer_orders', '[]'::json,
        'files', '[]'::json,
        'damaged_count', coalesce(items.damaged, 0),
        'missing_count', coalesce(items.missing, 0)
      ) as json
    from inbound_shipments s
    join locations l on l.id = s.location_id
    left join lateral (
      select
        json_agg(json_build_object(
            'id', i.id,
            'product', json_build_object(
              'id', p.id,
              'title', case when coalesce(v.title, '') = '' then p.title else p.title || ' - ' || v.title end,
              'sku', v.sku,
              'image_url', ${imageUrl},
              'upc', v.upc),
            'quantity', i.quantity,
            'received_quantity', i.received_quantity,
            'damaged_quantity', i.damaged_quantity,
            'missing_quantity', i.missing_quantity,
            'discrepancy', i.received_quantity - i.quantity)
          order by i.position, i.id) as list,
        sum(i.damaged_quantity)::int as damaged,
        sum(i.missing_quantity)::int as missing
      from inbound_shipment_items i
      join product_variants v on v.id = i.variant_id
      join products p on p.id = v.product_id
      cross join lateral (select coalesce(v.image_url, p.image_url) as url) img
      where i.shipment_id = s.id
    ) items on true
    where s.store_id = ${params.storeId} and s.id = ${params.inboundShipmentId}`,
  );
  const row = rows[0];
  if (!row) throw notFound;
  return row.json;
}
