import { type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db";
import { type ShipmentFilters, shipmentConditions } from "./filters";

/**
 * The store's inbound shipments with their lines as CSV rows, for the Export button of the shipments list
 * (docs/csv.md): one row per line (a shipment without lines is one row with empty line columns), in the
 * list's order and with its filters. Rows come a batch of shipments at a time by keyset, so a 1M-shipment
 * export starts at once and never holds more than one batch.
 */

/** A shipment line's columns in both CSV exports (this one and the discrepancy report): product and quantities. */
export const LINE_QUANTITY_COLUMNS = [
  "sku",
  "product_title",
  "expected_quantity",
  "received_quantity",
  "damaged_quantity",
  "missing_quantity",
] as const;

export const SHIPMENT_EXPORT_COLUMNS = [
  "id",
  "shipment_id",
  "status",
  "location_id",
  "location_name",
  "carrier",
  "tracking_number",
  "tracking_url",
  "estimated_arrival_date",
  "actual_arrival_date",
  "freight_type",
  "payment_terms",
  "freight_cost",
  "duty_cost",
  "currency",
  "created_at",
  "updated_at",
  "line_id",
  ...LINE_QUANTITY_COLUMNS,
] as const;

export type ShipmentExportFilters = ShipmentFilters;

/** Shipments whose keys are read at once, and per details query (several run at the same time). */
const KEYS_PER_ROUND = 4000;
const SHIPMENTS_PER_QUERY = 1000;

/**
 * Every line of every matching shipment, a batch at a time. Each round reads the next 4,000 shipment keys by
 * keyset (an index scan), then their lines in four queries that run together on the pool's connections while the
 * first batches are already being sent: the database's random reads of lines overlap each other and the
 * response (1M shipments: docs/performance.md). Batches still leave in the list's order.
 */
export async function* shipmentExportRows(
  db: Db,
  filters: ShipmentExportFilters,
  sizes: { perRound: number; perQuery: number } = { perRound: KEYS_PER_ROUND, perQuery: SHIPMENTS_PER_QUERY },
): AsyncGenerator<string> {
  const { perRound, perQuery } = sizes;
  let after: { updatedAt: string; id: string } | undefined;
  for (;;) {
    const conditions = shipmentConditions(filters);
    if (after) conditions.push(sql`(s.updated_at, s.id) < (${after.updatedAt}::timestamptz, ${after.id})`);
    const { rows: keys } = await db.execute<{ id: string; position_updated_at: string }>(sql`
      select s.id, s.updated_at::text as position_updated_at from inbound_shipments s
      where ${sql.join(conditions, sql` and `)}
      order by s.updated_at desc, s.id desc
      limit ${perRound}`);
    if (keys.length === 0) return;
    const pending: Promise<string>[] = [];
    for (let start = 0; start < keys.length; start += perQuery) {
      pending.push(
        exportLines(
          db,
          keys.slice(start, start + perQuery).map((k) => k.id),
        ),
      );
    }
    for (const batch of pending) yield await batch;
    const last = keys.at(-1) as { id: string; position_updated_at: string };
    after = { updatedAt: last.position_updated_at, id: last.id };
    if (keys.length < perRound) return;
  }
}

/**
 * The CSV text of these shipments (one line per shipment line), in the list's order, rendered by the database:
 * the rows never become JavaScript objects, which was the export's cost (docs/performance.md). Text cells follow
 * lib/api/csv.ts exactly: a leading =, +, -, @, tab or carriage return gets an apostrophe, and a cell holding a
 * quote, comma or line break is quoted with its quotes doubled (RFC 4180). Numbers and dates are written as is.
 */
async function exportLines(db: Db, ids: string[]): Promise<string> {
  const cells: SQL[] = [
    text(sql`s.id`),
    text(sql`s.shipment_id`),
    sql`s.status::text`,
    text(sql`s.location_id`),
    text(sql`l.name`),
    text(sql`s.carrier`),
    text(sql`s.tracking_number`),
    text(sql`s.tracking_url`),
    sql`coalesce(s.estimated_arrival_date::text, '')`,
    sql`coalesce(s.actual_arrival_date::text, '')`,
    text(sql`s.freight_type`),
    text(sql`s.payment_terms`),
    sql`s.freight_cost::text`,
    sql`s.duty_cost::text`,
    text(sql`s.currency::text`),
    sql`to_char(s.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`,
    sql`to_char(s.updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`,
    text(sql`i.id`),
    text(sql`v.sku`),
    text(
      sql`case when i.id is null then null when coalesce(v.title, '') = '' then p.title else p.title || ' - ' || v.title end`,
    ),
    sql`coalesce(i.quantity::text, '')`,
    sql`coalesce(i.received_quantity::text, '')`,
    sql`coalesce(i.damaged_quantity::text, '')`,
    sql`coalesce(i.missing_quantity::text, '')`,
  ];
  const { rows } = await db.execute<{ csv: string | null }>(sql`
      select string_agg(${sql.join(cells, sql` || ',' || `)}, E'\n'
          order by s.updated_at desc, s.id desc, i.position, i.id) || E'\n' as csv
      from inbound_shipments s
      join locations l on l.id = s.location_id
      left join inbound_shipment_items i on i.shipment_id = s.id
      left join product_variants v on v.id = i.variant_id
      left join products p on p.id = v.product_id
      where s.id in (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )})`);
  return rows[0]?.csv ?? "";
}

/**
 * lib/api/csv.ts's FORMULA_START as a PostgreSQL regex, passed as a parameter: written inline in this template
 * literal, `\-` lost its backslash and `+-@` became a range that took in the digits, so every tracking
 * number starting with a digit came back as '1Z… (found by the import/export round-trip property test).
 */
const FORMULA_START_SQL = "^[-=+@\t\r]";

/** A text cell as lib/api/csv.ts writes it: empty for null, formulas defused, quoted when it must be. */
function text(value: SQL): SQL {
  return sql`(select case
      when d.v is null then ''
      when d.v ~ '[",\r\n]' then '"' || replace(d.v, '"', '""') || '"'
      else d.v end
    from (select case when c.v ~ ${FORMULA_START_SQL} then '''' || c.v else c.v end as v
      from (select (${value})::text as v) c) d)`;
}
