import { type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db";
import type { StoreOverview } from "../../schemas/overview";

export const OVERVIEW_WEEKS = 12;
export const TOP_REASONS = 8;
const DAY_MS = 86_400_000;

/** The Mondays (UTC, `YYYY-MM-DD`) of the 12 weeks ending with the one holding `now`, oldest first. */
export function overviewWeeks(now: Date): string[] {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const monday = today - ((new Date(today).getUTCDay() + 6) % 7) * DAY_MS;
  return Array.from({ length: OVERVIEW_WEEKS }, (_, index) =>
    new Date(monday - (OVERVIEW_WEEKS - 1 - index) * 7 * DAY_MS).toISOString().slice(0, 10),
  );
}

/** A week of the series from SQL's rows by week (at most 12), 0 where a week had none. */
function fill<T extends { week: string }>(weeks: string[], rows: T[], empty: Omit<T, "week">): T[] {
  const byWeek = new Map(rows.map((row) => [row.week, row]));
  return weeks.map((week) => byWeek.get(week) ?? ({ week, ...empty } as T));
}

/** `date_trunc('week', …)` of a timestamptz in UTC, named by its Monday: the calendar of `overviewWeeks`. */
const weekOf = (column: SQL) => sql`to_char(date_trunc('week', ${column} at time zone 'UTC'), 'YYYY-MM-DD')`;

/** Returns created per week by type (served by returns_store_created_idx, an index-only range scan). */
export async function returnsByWeek(db: Db, storeId: string, weeks: string[]) {
  const { rows } = await db.execute<StoreOverview["returnsByWeek"][number]>(sql`
    select ${weekOf(sql`r.created_at`)} as week,
      count(*) filter (where r.type = 'return')::int as "return",
      count(*) filter (where r.type = 'claim')::int as "claim",
      count(*) filter (where r.type = 'warranty')::int as "warranty"
    from returns r
    where r.store_id = ${storeId} and r.created_at >= ${`${weeks[0]}T00:00:00Z`}::timestamptz
    group by 1`);
  return fill(weeks, rows, { return: 0, claim: 0, warranty: 0 });
}

/** The reasons given for the most units among the returns created in the 12 weeks. */
export async function topReasons(db: Db, storeId: string, weeks: string[]) {
  const { rows } = await db.execute<StoreOverview["topReasons"][number]>(sql`
    select i.reason, sum(i.quantity)::int as units
    from returns r join return_items i on i.return_id = r.id
    where r.store_id = ${storeId} and r.created_at >= ${`${weeks[0]}T00:00:00Z`}::timestamptz
    group by i.reason
    order by units desc, i.reason
    limit ${TOP_REASONS}`);
  return rows;
}

/**
 * Median hours from delivered to complete, per week of completion and over the 12 weeks, of the complete returns
 * that were delivered. A return has no delivered_at or closed_at column: the times come from its audit
 * trail (the latest `status_changed` activity to `delivered`, to `complete`), and for returns without one
 * (imported or generated before the lifecycle existed) from its parcels' latest `delivered_at` and its
 * `updated_at` (docs/overview.md says why). `updated_at` is never before the close, so the scan of the
 * store's complete returns by (store_id, status, updated_at) can start at the first week.
 */
export async function deliveredToClosed(
  db: Db,
  storeId: string,
  weeks: string[],
): Promise<StoreOverview["deliveredToClosed"]> {
  const since = `${weeks[0]}T00:00:00Z`;
  const movedTo = (status: string) => sql`(select max(a.at) from return_activities a
    where a.return_id = r.id and a.kind = 'status_changed' and a.details->>'to' = ${status})`;
  const { rows } = await db.execute<{ week: string | null; medianHours: number | null; closed: number }>(sql`
    with closed as (
      select coalesce(${movedTo("complete")}, r.updated_at) as closed_at,
        coalesce(${movedTo("delivered")},
          (select max(p.delivered_at) from return_shipments p where p.return_id = r.id)) as delivered_at
      from returns r
      where r.store_id = ${storeId} and r.status = 'complete' and r.updated_at >= ${since}::timestamptz
    )
    select ${weekOf(sql`closed_at`)} as week,
      (percentile_cont(0.5) within group (order by extract(epoch from closed_at - delivered_at)))::float8 / 3600
        as "medianHours",
      count(*)::int as closed
    from closed
    where closed_at >= ${since}::timestamptz and delivered_at <= closed_at
    group by rollup (1)`);
  const total = rows.find((row) => row.week === null);
  const byWeek = rows.filter((row): row is typeof row & { week: string } => row.week !== null);
  return {
    medianHours: total?.medianHours ?? null,
    closed: total?.closed ?? 0,
    weeks: fill(weeks, byWeek, { medianHours: null, closed: 0 }),
  };
}

/**
 * Units of the shipments expected (estimated arrival) in each week, and how many of them have been
 * received: the counts kept on the shipment row, so no item is read. An index-only scan of
 * inbound_shipments_store_arrival_idx (store_id, estimated_arrival_date) including both counts; the week
 * is the whole number of weeks since the first Monday, integer arithmetic on the date (a `date_trunc` and
 * `to_char` per row cost twice the scan on 1M shipments, docs/performance.md).
 */
export async function inboundUnitsByWeek(db: Db, storeId: string, weeks: string[]) {
  const first = weeks[0] ?? "";
  const { rows } = await db.execute<{ n: number; expected: number; received: number }>(sql`
    select (s.estimated_arrival_date - ${first}::date) / 7 as n,
      sum(s.item_count)::int as expected, sum(s.received_count)::int as received
    from inbound_shipments s
    where s.store_id = ${storeId}
      and s.estimated_arrival_date >= ${first}::date
      and s.estimated_arrival_date < ${first}::date + ${weeks.length * 7}::int
    group by 1`);
  const byWeek = rows.map(({ n, ...units }) => ({ week: weeks[n] ?? "", ...units }));
  return fill(weeks, byWeek, { expected: 0, received: 0 });
}
