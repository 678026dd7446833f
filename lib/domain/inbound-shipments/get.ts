import { and, eq, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db";
import { executePrepared } from "../../db/prepared";
import { inboundShipments } from "../../db/schema";
import { isId } from "../../ids";
import type { InboundShipmentDetail } from "../../schemas/inbound-shipments";
import { NotFoundError } from "../errors";
import { itemFields, SHIPMENT_ITEMS_FROM, shipmentFields } from "./shipment-json";

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
  const rows = await executePrepared<{ json: InboundShipmentDetail }>(db, inboundShipmentDetailQuery(params));
  const row = rows[0];
  if (!row) throw notFound;
  return row.json;
}

/** The store of a shipment the path names with its store: 404 unless it is that store's (checked before a body is read). */
export async function findInboundShipmentStore(
  db: Db,
  params: { storeId: string; inboundShipmentId: string },
): Promise<string> {
  const notFound = new NotFoundError(INBOUND_SHIPMENT_RESOURCE, params.inboundShipmentId);
  if (!isId("inboundShipment", params.inboundShipmentId)) throw notFound;
  const rows = await db
    .select({ id: inboundShipments.id })
    .from(inboundShipments)
    .where(
      and(eq(inboundShipments.storeId, params.storeId), eq(inboundShipments.id, params.inboundShipmentId)),
    );
  if (rows.length === 0) throw notFound;
  return params.storeId;
}

/** Several shipments (already known to be readable) in the detail view, in the order given; vanished ones are left out. */
export async function loadInboundShipmentDetails(
  db: Db,
  ids: readonly string[],
  publicUrl: string,
): Promise<InboundShipmentDetail[]> {
  if (ids.length === 0) return [];
  const { rows } = await db.execute<{ json: InboundShipmentDetail }>(
    detailQuery(
      publicUrl,
      sql`s.id in (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )})`,
    ),
  );
  const byId = new Map(rows.map((row) => [row.json.id, row.json]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** The detail of one shipment as a query answering one row with a `json` column (an event renders it in place). */
export function inboundShipmentDetailQuery(params: {
  storeId: string;
  inboundShipmentId: string;
  publicUrl: string;
}): SQL {
  return detailQuery(
    params.publicUrl,
    sql`s.store_id = ${params.storeId} and s.id = ${params.inboundShipmentId}`,
  );
}

function detailQuery(publicUrl: string, where: SQL): SQL {
  return sql`
    select json_build_object(
        ${shipmentFields},
        'items', coalesce(items.list, '[]'::json),
        'custom_volume_cubic_meters', null,
        -- The shipment's purchase order, in the published order reference's meaning (docs/suppliers.md).
        'purchase_orders', case when s.purchase_order_id is null then '[]'::json
          else json_build_array(json_build_object('id', s.purchase_order_id, 'name', s.purchase_order_name)) end,
        'supplier', (select json_build_object('id', sp.id, 'name', sp.name) from suppliers sp
          where sp.id = s.supplier_id),
        -- A shipment a transfer created links it (docs/transfers.md): the published field's own meaning.
        'transfer_orders', coalesce((select json_agg(json_build_object('id', t.id, 'name', 'Transfer from ' || o.name))
          from transfers t join locations o on o.id = t.origin_location_id
          where t.inbound_shipment_id = s.id), '[]'::json),
        'files', '[]'::json,
        'damaged_count', coalesce(items.damaged, 0),
        'missing_count', coalesce(items.missing, 0)
      ) as json
    from inbound_shipments s
    join locations l on l.id = s.location_id
    left join lateral (
      select
        json_agg(json_build_object(${itemFields(publicUrl, true)})
          order by i.position, i.id) as list,
        sum(i.damaged_quantity)::int as damaged,
        sum(i.missing_quantity)::int as missing
      ${SHIPMENT_ITEMS_FROM}
    ) items on true
    where ${where}`;
}
