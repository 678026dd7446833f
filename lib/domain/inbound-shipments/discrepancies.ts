import { type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db";
import type { Discrepancy } from "../../schemas/inbound-receipts";
import type { KeysetPosition } from "../paging";
import { LINE_QUANTITY_COLUMNS } from "./export";
import { type ShipmentFilters, shipmentConditions } from "./filters";

/**
 * The discrepancy report (docs/receiving.md): shipment lines with damaged or missing units, or an overage,
 * most recently updated shipment first, with the reasons their receipts gave. Same filters as the list.
 */

export type DiscrepancyFilters = ShipmentFilters;

type Row = {
  item_id: string;
  quantity: number;
  received_quantity: number;
  damaged_quantity: number;
  missing_quantity: number;
  shipment: string;
  shipment_id: string | null;
  status: string;
  updated_at: string | Date;
  location_id: string;
  location_name: string;
  sku: string | null;
  title: string;
  damaged_reasons: Discrepancy["damaged_reasons"] | null;
  missing_reasons: Discrepancy["missing_reasons"] | null;
};

/** A shipment line (`i`) with damaged or missing units, or an overage: the report's rows, and the alert's. */
export const DISCREPANCY_LINE = sql`(i.damaged_quantity > 0 or i.missing_quantity > 0 or i.received_quantity > i.quantity)`;

function where(filters: DiscrepancyFilters, after?: KeysetPosition): SQL {
  const parts = [...shipmentConditions(filters), DISCREPANCY_LINE];
  if (after)
    parts.push(sql`(s.updated_at, i.id) < (${after.updatedAt.toISOString()}::timestamptz, ${after.id})`);
  return sql.join(parts, sql` and `);
}

async function page(
  db: Db,
  filters: DiscrepancyFilters,
  limit: number,
  after?: KeysetPosition,
): Promise<Row[]> {
  const { rows } = await db.execute<Row>(sql`
    select i.id as item_id, i.quantity, i.received_quantity, i.damaged_quantity, i.missing_quantity,
      s.id as shipment, s.shipment_id, s.status, s.updated_at, s.location_id, l.name as location_name,
      v.sku, coalesce(p.title || ' - ' || v.title, p.title) as title,
      (select array_agg(distinct r.damaged_reason) from inbound_receipt_lines r
        where r.shipment_item_id = i.id and r.damaged_reason is not null) as damaged_reasons,
      (select array_agg(distinct r.missing_reason) from inbound_receipt_lines r
        where r.shipment_item_id = i.id and r.missing_reason is not null) as missing_reasons
    from inbound_shipments s
    join inbound_shipment_items i on i.shipment_id = s.id
    join locations l on l.id = s.location_id
    join product_variants v on v.id = i.variant_id
    join products p on p.id = v.product_id
    where ${where(filters, after)}
    order by s.updated_at desc, i.id desc
    limit ${limit}`);
  return rows;
}

const iso = (value: string | Date) => new Date(value).toISOString();

function toDiscrepancy(row: Row): Discrepancy {
  return {
    inbound_shipment: {
      id: row.shipment,
      shipment_id: row.shipment_id,
      status: row.status,
      location: { id: row.location_id, name: row.location_name },
      updated_at: iso(row.updated_at),
    },
    item_id: row.item_id,
    sku: row.sku,
    title: row.title,
    expected: row.quantity,
    received: row.received_quantity,
    damaged: row.damaged_quantity,
    missing: row.missing_quantity,
    overage: Math.max(0, row.received_quantity - row.quantity),
    discrepancy: row.received_quantity - row.quantity,
    damaged_reasons: row.damaged_reasons ?? [],
    missing_reasons: row.missing_reasons ?? [],
  };
}

const positionOf = (row: Row): KeysetPosition => ({ updatedAt: new Date(row.updated_at), id: row.item_id });

/** How many lines the report lists for `filters` (the digest's count links to the report with the same). */
export async function countDiscrepancies(db: Db, filters: DiscrepancyFilters): Promise<number> {
  const { rows } = await db.execute<{ count: number }>(sql`
    select count(*)::int as count from inbound_shipments s
    join inbound_shipment_items i on i.shipment_id = s.id
    where ${where(filters)}`);
  return Number(rows[0]?.count ?? 0);
}

export async function listDiscrepancies(
  db: Db,
  params: DiscrepancyFilters & { limit: number; after?: KeysetPosition },
): Promise<{ discrepancies: Discrepancy[]; next?: KeysetPosition }> {
  const rows = await page(db, params, params.limit + 1, params.after);
  const shown = rows.slice(0, params.limit);
  const last = shown.at(-1);
  return {
    discrepancies: shown.map(toDiscrepancy),
    ...(rows.length > params.limit && last ? { next: positionOf(last) } : {}),
  };
}

export const DISCREPANCY_EXPORT_COLUMNS = [
  "inbound_shipment_id",
  "shipment_id",
  "status",
  "location_name",
  "item_id",
  ...LINE_QUANTITY_COLUMNS,
  "overage",
  "discrepancy",
  "damaged_reasons",
  "missing_reasons",
  "shipment_updated_at",
] as const;

/** The whole report as CSV rows, 1,000 lines a query. */
export async function* discrepancyExportRows(db: Db, filters: DiscrepancyFilters) {
  let after: KeysetPosition | undefined;
  for (;;) {
    const rows = await page(db, filters, 1_000, after);
    if (rows.length === 0) return;
    yield rows.map((row) => {
      const d = toDiscrepancy(row);
      return [
        d.inbound_shipment.id,
        d.inbound_shipment.shipment_id,
        d.inbound_shipment.status,
        d.inbound_shipment.location.name,
        d.item_id,
        d.sku,
        d.title,
        d.expected,
        d.received,
        d.damaged,
        d.missing,
        d.overage,
        d.discrepancy,
        d.damaged_reasons.join(" "),
        d.missing_reasons.join(" "),
        d.inbound_shipment.updated_at,
      ];
    });
    if (rows.length < 1_000) return;
    after = positionOf(rows.at(-1) as Row);
  }
}

/** The list's query (snake_case) as filters. */
export { shipmentFiltersOf as discrepancyFilters } from "./filters";
