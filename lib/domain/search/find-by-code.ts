import { type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db";
import type { CodeMatch } from "../../enums";
import type { SearchResult } from "../../schemas/search";
import { escapeLike } from "../inventory-items/list-inventory-items";
import type { KeysetPosition } from "../paging";

/**
 * One search box for the dock and the desk (docs/search.md): a scanned or typed code, matched exactly (or, for
 * suggestions while typing, by any part) against
 * every kind of identifier a store's staff hold in their hands, each lookup through its own index. Results are
 * the returns, inbound shipments, inventory items and locations found (every code Backroom prints on a label
 * among them: license plates, shipment line and carton codes, location ids, bin codes, which find the bin's
 * location), most recently updated first, keyset-paged.
 */

type Row = {
  type: SearchResult["type"];
  id: string;
  title: string;
  subtitle: string;
  matched: SearchResult["matched"];
  updated_at: string | Date;
};

function candidates(storeId: string, q: string, match: CodeMatch): SQL {
  // `contains` (the top bar's suggestions as someone types): any part of the same codes, any case. No index
  // finds a part, so each kind is a scan bounded by the store.
  const pattern = `%${escapeLike(q)}%`;
  const is = (exact: SQL, column: SQL) => (match === "contains" ? sql`${column} ilike ${pattern}` : exact);
  const codes = [...new Set([q, q.toUpperCase()])];
  const list = sql.join(
    codes.map((code) => sql`${code}`),
    sql`, `,
  );
  const orderNames = sql.join(
    [...new Set([q, `#${q.replace(/^#/, "")}`])].map((name) => sql`${name}`),
    sql`, `,
  );
  const returnRow = (matched: string) => sql`'return' as type, r.id,
    'Return for ' || o.name as title,
    r.status || ' · ' || o.customer_given_name || ' ' || o.customer_surname as subtitle,
    ${matched} as matched, r.updated_at`;
  const shipmentRow = sql`'inbound_shipment' as type, s.id, coalesce(s.shipment_id, s.id) as title,
    s.status || ' · ' || l.name as subtitle`;
  // A carton label reads `<units>*<line id>` (lib/domain/labels): its line is what it was printed for.
  const lineCode = q.replace(/^\d{1,6}\*/, "");
  const locationRow = sql`'location' as type, loc.id, loc.name as title,
    coalesce(nullif(concat_ws(', ', loc.city, loc.country), ''), 'Location') as subtitle`;
  const itemRow = sql`'inventory_item' as type, ii.id, coalesce(ii.name, ii.sku, ii.id) as title,
    coalesce(ii.sku, '') || ' · ' || lower(ii.kind::text) as subtitle`;
  return sql`
    select ${returnRow("id")} from returns r join orders o on o.id = r.order_id
      where r.store_id = ${storeId} and ${is(sql`r.id = ${q}`, sql`r.id`)}
    union all select ${returnRow("order_name")} from orders o join returns r on r.order_id = o.id
      where o.store_id = ${storeId} and ${is(sql`o.name in (${orderNames})`, sql`o.name`)}
    union all select ${returnRow("tracking_number")} from return_shipments rs
      join returns r on r.id = rs.return_id join orders o on o.id = r.order_id
      where r.store_id = ${storeId} and ${is(sql`rs.tracker in (${list})`, sql`rs.tracker`)}
    union all select ${returnRow("item_identifier")} from return_items ri
      join returns r on r.id = ri.return_id join orders o on o.id = r.order_id
      where r.store_id = ${storeId} and ${is(sql`ri.external_identifier = ${q}`, sql`ri.external_identifier`)}
    union all select 'return' as type, r.id, 'Return for ' || o.name as title,
      'Plate ' || ri.license_plate || ' · ' || coalesce(li.product_name, 'item') as subtitle,
      'license_plate' as matched, r.updated_at
      from return_items ri join returns r on r.id = ri.return_id join orders o on o.id = r.order_id
      left join order_line_items li on li.id = ri.order_line_item_id
      where r.store_id = ${storeId} and ${is(sql`ri.license_plate in (${list})`, sql`ri.license_plate`)}
    union all select ${shipmentRow}, 'shipment_line', s.updated_at from inbound_shipment_items si
      join inbound_shipments s on s.id = si.shipment_id join locations l on l.id = s.location_id
      where s.store_id = ${storeId} and ${is(sql`si.id = ${lineCode}`, sql`si.id`)}
    union all select ${locationRow}, 'id', loc.updated_at from locations loc
      where loc.store_id = ${storeId} and ${is(sql`loc.id = ${q}`, sql`loc.id`)}
    union all select 'location' as type, loc.id, loc.name as title,
      'Bin ' || b.code || coalesce(' · ' || b.zone, '') as subtitle, 'bin_code' as matched, b.updated_at
      from bins b join locations loc on loc.store_id = b.store_id and loc.id = b.location_id
      where b.store_id = ${storeId} and ${is(sql`lower(b.code) = lower(${q})`, sql`b.code`)}
    union all select ${shipmentRow}, 'id', s.updated_at from inbound_shipments s join locations l on l.id = s.location_id
      where s.store_id = ${storeId} and ${is(sql`s.id = ${q}`, sql`s.id`)}
    union all select ${shipmentRow}, 'tracking_number', s.updated_at from inbound_shipments s
      join locations l on l.id = s.location_id where s.store_id = ${storeId}
        and ${is(sql`s.tracking_number in (${list})`, sql`s.tracking_number`)}
    union all select ${shipmentRow}, 'shipment_id', s.updated_at from inbound_shipments s
      join locations l on l.id = s.location_id where s.store_id = ${storeId}
        and ${is(sql`s.shipment_id in (${list})`, sql`s.shipment_id`)}
    union all select ${itemRow}, 'id', ii.updated_at from inventory_items ii
      where ii.store_id = ${storeId} and ${is(sql`ii.id = ${q}`, sql`ii.id`)}
    union all select ${itemRow}, 'sku', ii.updated_at from inventory_items ii
      where ii.store_id = ${storeId} and ${is(sql`ii.sku in (${list})`, sql`ii.sku`)}
    union all select ${itemRow}, 'upc', ii.updated_at from product_variants v
      join inventory_items ii on ii.variant_id = v.id and ii.kind = 'PRODUCT'
      where v.store_id = ${storeId} and ${is(sql`v.upc in (${list})`, sql`v.upc`)}`;
}

export async function findByCode(
  db: Db,
  params: { storeId: string; q: string; match?: CodeMatch; limit: number; after?: KeysetPosition },
): Promise<{ results: SearchResult[]; next?: KeysetPosition }> {
  const after = params.after
    ? sql`where (c.updated_at, c.id) < (${params.after.updatedAt.toISOString()}::timestamptz, ${params.after.id})`
    : sql``;
  // A thing found by two codes at once (a return by its tracking number and its id) is listed once.
  const { rows } = await db.execute<Row>(sql`
    select * from (
      select distinct on (c.type, c.id) c.* from (${candidates(params.storeId, params.q, params.match ?? "exact")}) c
      order by c.type, c.id, c.matched
    ) c ${after}
    order by c.updated_at desc, c.id desc
    limit ${params.limit + 1}`);
  const page = rows.slice(0, params.limit);
  const last = page.at(-1);
  return {
    results: page.map((row) => ({ ...row, updated_at: new Date(row.updated_at).toISOString() })),
    ...(rows.length > params.limit && last
      ? { next: { updatedAt: new Date(last.updated_at), id: last.id } }
      : {}),
  };
}
