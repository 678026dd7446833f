import { sql } from "drizzle-orm";
import type { Db } from "../../db";
import { executePrepared } from "../../db/prepared";
import { isId } from "../../ids";
import type { InboundShipmentDetail } from "../../schemas/inbound-shipments";
import { NotFoundError } from "../errors";
import { itemFields, shipmentFields } from "./shipment-json";

export const INBOUND_SHIPMENT_RESOURCE = "inbound-shipment";

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
  const rows = await executePrepared<{ json: InboundShipmentDetail }>(
    db,
    sql`
    select json_build_object(
        ${shipmentFields},
        'items', coalesce(items.list, '[]'::json),
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
        json_agg(json_build_object(${itemFields(params.publicUrl, true)})
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
