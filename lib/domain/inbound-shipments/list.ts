import { type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db";
import { executePrepared } from "../../db/prepared";
import { createdWeekOf } from "../../db/schema";
import type { KeysetPosition } from "../paging";
import { type ShipmentFilters, shipmentConditions } from "./filters";
import { itemFields, SHIPMENT_ITEMS_FROM, shipmentFields } from "./shipment-json";

export type ListInboundShipmentsInput = ShipmentFilters & { limit: number; after?: KeysetPosition };

/**
 * A page as the API sends it: `json` is the JSON text of the shipments array, rendered by the database
 * (see below), and `next` the position of its last row when more rows follow.
 */
export type InboundShipmentPageJson = { json: string; count: number; next?: KeysetPosition };

type PageRow = { json: string | null; count: number; last_updated_at: string | null; last_id: string | null };

const isoUtc = (column: SQL) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * One page of a store's inbound shipments, most recently updated first, by keyset on
 * (updated_at desc, id desc): the page after a position costs the same however deep it is (decisions §4).
 *
 * One statement per page, and the database renders the page's JSON: the index scan stops after
 * limit + 1 rows, each row's items are aggregated beside it, and json_agg writes the response text in C.
 * The server passes that text through instead of parsing and re-serialising tens or hundreds of KB per
 * request, which is most of what a page would otherwise cost (docs/performance.md).
 */
export async function listInboundShipmentsJson(
  db: Db,
  input: ListInboundShipmentsInput & { publicUrl: string },
): Promise<InboundShipmentPageJson> {
  const conditions = shipmentConditions(input);
  if (input.after) {
    // A row comparison, so the index on (store_id, [filter,] updated_at, id) seeks straight to it.
    conditions.push(
      sql`(s.updated_at, s.id) < (${input.after.updatedAt.toISOString()}::timestamptz, ${input.after.id})`,
    );
  }

  const rows = await executePrepared<PageRow>(
    db,
    sql`
    with page as (${pageRows(input, conditions)})
    select
      (select json_agg(json_build_object(${shipmentFields}, 'items', coalesce(items.list, '[]'::json))
          order by s.n)::text
        from page s
        join locations l on l.id = s.location_id
        left join lateral (
          select json_agg(json_build_object(${itemFields(input.publicUrl)})
            order by i.position, i.id) as list
          ${SHIPMENT_ITEMS_FROM}
        ) items on true
        where s.n <= ${input.limit}) as json,
      (select count(*)::int from page) as count,
      (select ${isoUtc(sql`updated_at`)} from page where n = ${input.limit}) as last_updated_at,
      (select id from page where n = ${input.limit}) as last_id`,
  );

  const row = rows[0];
  const hasMore = (row?.count ?? 0) > input.limit;
  return {
    json: row?.json ?? "[]",
    count: Math.min(row?.count ?? 0, input.limit),
    next:
      hasMore && row?.last_updated_at && row.last_id
        ? { updatedAt: new Date(row.last_updated_at), id: row.last_id }
        : undefined,
  };
}

/**
 * The page's rows (limit + 1, numbered in list order). Ordinarily one backward scan of the keyset index for
 * the filters, which stops after limit + 1 matches.
 *
 * A created_at range with an upper bound is answered by week instead: the list is ordered by updated_at,
 * and a scan in that order must step over every row updated after the page that was created after the
 * range (~225,000 index entries for a six-month range ending three months ago on 1M shipments: ~45 ms).
 * A lower bound alone needs no such care: the newest updates are mostly of new shipments, so the scan
 * finds its page at once, and the bound on updated_at (see filters.ts) ends it at the range's old end. Per 7-day bucket of
 * created_at, `inbound_shipments_store_[status_]created_week_updated_idx` gives the bucket's rows already in
 * updated_at order, so each week yields its first limit + 1 keys in a few index pages, and the page is the
 * top limit + 1 of those (~1 ms, docs/performance.md). Weeks are clamped to the store's own first and last,
 * so an open or very wide range costs one probe per week the store has. With a location or search filter
 * the ordinary plan stays: those indexes lead with the filter, and the range is checked on their entries.
 */
function pageRows(input: ListInboundShipmentsInput, conditions: SQL[]): SQL {
  const where = sql.join(conditions, sql` and `);
  const byWeek =
    input.createdAtMax &&
    !input.locationId &&
    !input.q &&
    !input.late &&
    input.arrivingWithinDays === undefined;
  if (!byWeek) {
    return sql`
      select s.*, row_number() over (order by s.updated_at desc, s.id desc) as n
      from inbound_shipments s
      where ${where}
      order by s.updated_at desc, s.id desc
      limit ${input.limit + 1}`;
  }
  const bound = (date: Date | undefined) =>
    date ? createdWeekOf(sql`${date.toISOString()}::timestamptz`) : sql`null::timestamptz`;
  const storeWeeks = sql`from inbound_shipments w where w.store_id = ${input.storeId}`;
  return sql`
    with weeks as (
      select generate_series(
        greatest(${bound(input.createdAtMin)}, (select min(w.created_week) ${storeWeeks})),
        least(${bound(input.createdAtMax)}, (select max(w.created_week) ${storeWeeks})),
        interval '7 days') as week
    ), keys as (
      select k.id
      from weeks b
      cross join lateral (
        select s.updated_at, s.id from inbound_shipments s
        where ${where} and s.created_week = b.week
        order by s.updated_at desc, s.id desc
        limit ${input.limit + 1}
      ) k
      order by k.updated_at desc, k.id desc
      limit ${input.limit + 1}
    )
    select s.*, row_number() over (order by s.updated_at desc, s.id desc) as n
    from inbound_shipments s
    where s.id in (select id from keys)
    order by s.updated_at desc, s.id desc`;
}
