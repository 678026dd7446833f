import { sql } from "drizzle-orm";
import type { Db } from "../../db";
import type { SupplierScorecard, SupplierScorecardMonth } from "../../schemas/suppliers";
import { getSupplier } from "./suppliers";

/**
 * A supplier's scorecard (docs/suppliers.md), from what is stored: per UTC month of a shipment's creation, on
 * time against its ETA (arrival: the shipment's actual arrival date, else its first receipt's day), fill rate
 * (good units received ÷ expected), damage rate (damaged ÷ units that arrived) and overage rate (units beyond
 * the expected ÷ expected); per month of a claim's drafting, claims opened, still open, claimed and recovered.
 */

type MonthRow = {
  month: string;
  shipments: number;
  arrived_with_eta: number;
  on_time: number;
  expected_units: number;
  received_units: number;
  damaged_units: number;
  over_units: number;
  claims_opened: number;
  claims_open: number;
  claimed_amount: string;
  recovered_amount: string;
};

const ratio = (part: number, whole: number) =>
  whole > 0 ? Math.round((part / whole) * 10000) / 10000 : null;

export async function supplierScorecard(
  db: Db,
  params: { storeId: string; supplierId: string; months?: number; now?: Date },
): Promise<SupplierScorecard> {
  const supplier = await getSupplier(db, params);
  const months = params.months ?? 6;
  const now = (params.now ?? new Date()).toISOString();
  const { rows } = await db.execute<MonthRow>(sql`
    with bounds as (
      select date_trunc('month', ${now}::timestamptz at time zone 'UTC') - make_interval(months => ${months - 1})
        as first_month,
        date_trunc('month', ${now}::timestamptz at time zone 'UTC') as last_month
    ),
    series as (
      select generate_series(b.first_month, b.last_month, interval '1 month') as month from bounds b
    ),
    ships as (
      select s.id, date_trunc('month', s.created_at at time zone 'UTC') as month, s.estimated_arrival_date as eta,
        coalesce(s.actual_arrival_date,
          (select min(r.created_at at time zone 'UTC')::date from inbound_receipts r where r.shipment_id = s.id))
          as arrived
      from inbound_shipments s, bounds b
      where s.supplier_id = ${params.supplierId} and s.store_id = ${params.storeId}
        and s.created_at at time zone 'UTC' >= b.first_month
    ),
    ship_months as (
      select month, count(*)::int as shipments,
        count(*) filter (where eta is not null and arrived is not null)::int as arrived_with_eta,
        count(*) filter (where eta is not null and arrived is not null and arrived <= eta)::int as on_time
      from ships group by month
    ),
    unit_months as (
      select sh.month, sum(i.quantity)::int as expected_units, sum(i.received_quantity)::int as received_units,
        sum(i.damaged_quantity)::int as damaged_units,
        sum(greatest(0, i.received_quantity + i.damaged_quantity + i.missing_quantity - i.quantity))::int
          as over_units
      from ships sh join inbound_shipment_items i on i.shipment_id = sh.id
      group by sh.month
    ),
    claim_months as (
      select date_trunc('month', c.created_at at time zone 'UTC') as month, count(*)::int as claims_opened,
        count(*) filter (where c.status in ('DRAFT', 'SENT'))::int as claims_open,
        sum(c.total_amount) as claimed, sum(coalesce(c.credited_amount, 0)) as recovered
      from supplier_claims c, bounds b
      where c.supplier_id = ${params.supplierId} and c.store_id = ${params.storeId}
        and c.created_at at time zone 'UTC' >= b.first_month
      group by 1
    )
    select to_char(series.month, 'YYYY-MM') as month,
      coalesce(sm.shipments, 0) as shipments, coalesce(sm.arrived_with_eta, 0) as arrived_with_eta,
      coalesce(sm.on_time, 0) as on_time, coalesce(um.expected_units, 0) as expected_units,
      coalesce(um.received_units, 0) as received_units, coalesce(um.damaged_units, 0) as damaged_units,
      coalesce(um.over_units, 0) as over_units, coalesce(cm.claims_opened, 0) as claims_opened,
      coalesce(cm.claims_open, 0) as claims_open, coalesce(cm.claimed, 0)::numeric(14, 2)::text as claimed_amount,
      coalesce(cm.recovered, 0)::numeric(14, 2)::text as recovered_amount
    from series
    left join ship_months sm on sm.month = series.month
    left join unit_months um on um.month = series.month
    left join claim_months cm on cm.month = series.month
    order by series.month`);
  const { rows: currency } = await db.execute<{ currency: string }>(
    sql`select currency from stores where id = ${params.storeId}`,
  );
  return {
    supplier,
    currency: currency[0]?.currency ?? "USD",
    months: rows.map(
      (row): SupplierScorecardMonth => ({
        ...row,
        fill_rate: ratio(row.received_units, row.expected_units),
        damage_rate: ratio(row.damaged_units, row.received_units + row.damaged_units),
        overage_rate: ratio(row.over_units, row.expected_units),
        on_time_rate: ratio(row.on_time, row.arrived_with_eta),
      }),
    ),
  };
}
