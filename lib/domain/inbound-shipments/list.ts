import { type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db";
import type { InboundShipmentStatus } from "../../enums";
import type { InboundShipment } from "../../schemas/inbound-shipments";
import { absoluteUrl } from "../urls";

export type KeysetPosition = { updatedAt: Date; id: string };

export type ListInboundShipmentsInput = {
  storeId: string;
  status?: InboundShipmentStatus;
  locationId?: string;
  createdAtMin?: Date;
  createdAtMax?: Date;
  limit: number;
  after?: KeysetPosition;
};

export type InboundShipmentPage = { inboundShipments: InboundShipment[]; next?: KeysetPosition };

type ShipmentRow = Omit<InboundShipment, "items" | "freight_cost" | "duty_cost" | "location"> & {
  location_id: string;
  location_name: string;
  currency: string;
  freight_amount: string;
  duty_amount: string;
  items: InboundShipment["items"];
};

const isoUtc = (column: SQL) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * One page of a store's inbound shipments, most recently updated first, by keyset on
 * (updated_at desc, id desc): the page after a position costs the same however deep it is (decisions §4).
 * One statement per page: the index scan stops after limit + 1 rows and each row's items are aggregated
 * beside it, so the database does the joining and the API only shapes JSON.
 */
export async function listInboundShipments(
  db: Db,
  input: ListInboundShipmentsInput,
): Promise<InboundShipmentPage> {
  const conditions: SQL[] = [sql`s.store_id = ${input.storeId}`];
  if (input.status) conditions.push(sql`s.status = ${input.status}`);
  if (input.locationId) conditions.push(sql`s.location_id = ${input.locationId}`);
  if (input.createdAtMin) {
    // updated_at >= created_at (a check constraint), so the bound also applies to updated_at: the index
    // scan in updated_at order then ends where rows get too old, instead of reading to the end.
    const min = input.createdAtMin.toISOString();
    conditions.push(sql`s.created_at >= ${min}::timestamptz and s.updated_at >= ${min}::timestamptz`);
  }
  if (input.createdAtMax)
    conditions.push(sql`s.created_at < ${input.createdAtMax.toISOString()}::timestamptz`);
  if (input.after) {
    // A row comparison, so the index on (store_id, [filter,] updated_at, id) seeks straight to it.
    conditions.push(
      sql`(s.updated_at, s.id) < (${input.after.updatedAt.toISOString()}::timestamptz, ${input.after.id})`,
    );
  }

  const { rows } = await db.execute<ShipmentRow>(sql`
    select s.id, s.shipment_id, s.status, s.location_id, l.name as location_name, s.carrier,
      s.tracking_number, s.tracking_url, s.estimated_arrival_date::text as estimated_arrival_date,
      s.actual_arrival_date::text as actual_arrival_date, s.freight_type, s.payment_terms, s.currency,
      s.freight_cost::text as freight_amount, s.duty_cost::text as duty_amount, s.sku_count, s.item_count,
      s.received_count, ${isoUtc(sql`s.created_at`)} as created_at, ${isoUtc(sql`s.updated_at`)} as updated_at,
      coalesce(items.list, '[]'::json) as items
    from inbound_shipments s
    join locations l on l.id = s.location_id
    left join lateral (
      select json_agg(json_build_object(
          'id', i.id,
          'product', json_build_object(
            'id', p.id,
            'title', p.title || ' - ' || v.title,
            'sku', v.sku,
            'image_url', coalesce(v.image_url, p.image_url)),
          'quantity', i.quantity,
          'received_quantity', i.received_quantity,
          'damaged_quantity', i.damaged_quantity,
          'missing_quantity', i.missing_quantity)
        order by i.position, i.id) as list
      from inbound_shipment_items i
      join product_variants v on v.id = i.variant_id
      join products p on p.id = v.product_id
      where i.shipment_id = s.id
    ) items on true
    where ${sql.join(conditions, sql` and `)}
    order by s.updated_at desc, s.id desc
    limit ${input.limit + 1}`);

  const page = rows.slice(0, input.limit);
  const last = page.at(-1);
  return {
    inboundShipments: page.map((row) => ({
      id: row.id,
      shipment_id: row.shipment_id,
      status: row.status,
      location: { id: row.location_id, name: row.location_name },
      carrier: row.carrier,
      tracking_number: row.tracking_number,
      tracking_url: row.tracking_url,
      estimated_arrival_date: row.estimated_arrival_date,
      actual_arrival_date: row.actual_arrival_date,
      freight_type: row.freight_type,
      payment_terms: row.payment_terms,
      freight_cost: { amount: row.freight_amount, currency: row.currency },
      duty_cost: { amount: row.duty_amount, currency: row.currency },
      items: row.items.map((item) => ({
        ...item,
        product: { ...item.product, image_url: absoluteUrl(item.product.image_url) },
      })),
      sku_count: row.sku_count,
      item_count: row.item_count,
      received_count: row.received_count,
      created_at: row.created_at,
      updated_at: row.updated_at,
    })),
    next:
      rows.length > input.limit && last ? { updatedAt: new Date(last.updated_at), id: last.id } : undefined,
  };
}
