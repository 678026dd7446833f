import { sql } from "drizzle-orm";
import type { Db } from "../../db";
import type { CycleCountScopeValue } from "../../db/schema";
import type { CycleCountLineStatus, CycleCountScope, CycleCountStatus } from "../../enums";
import type { CycleCount, CycleCountDetail, CycleCountLine } from "../../schemas/cycle-counts";
import { NotFoundError } from "../errors";

/** Reading cycle counts and their lines as the API answers them (docs/cycle-counts.md). */

export const CYCLE_COUNT = "cycle-count";

type CountRow = {
  id: string;
  name: string;
  location_id: string;
  location_name: string;
  status: CycleCountStatus;
  blind: boolean;
  scope_type: CycleCountScope;
  scope: CycleCountScopeValue;
  created_by_name: string | null;
  applied_by_name: string | null;
  created_at: string;
  updated_at: string;
  started_at: string | null;
  submitted_at: string | null;
  completed_at: string | null;
  cancelled_at: string | null;
  lines: number;
  counted: number;
  to_review: number;
  variance_units: number | null;
  variance_value: string | null;
  abs_variance: number | null;
  base: number | null;
};

const iso = (value: string | null) => (value === null ? null : new Date(value).toISOString());

/** 100 × (1 − Σ|variance| / Σ max(snapshot, counted)), one decimal; 100 when nothing was there or found. */
export function accuracyOf(absVariance: number, base: number): number {
  if (base <= 0) return 100;
  return Math.round(Math.max(0, 1 - absVariance / base) * 1000) / 10;
}

/** Expected quantities are hidden while a blind count is being counted. */
export function hidesExpected(count: { blind: boolean; status: CycleCountStatus }): boolean {
  return count.blind && (count.status === "draft" || count.status === "in_progress");
}

const SUMMARY = sql`
  count(l.id)::int as lines,
  (count(l.id) filter (where l.counted_quantity is not null))::int as counted,
  (count(l.id) filter (where l.status = 'review'))::int as to_review,
  (sum(l.counted_quantity - l.snapshot_quantity) filter (where l.status in ('accepted', 'review')))::int as variance_units,
  (sum((l.counted_quantity - l.snapshot_quantity) * l.unit_value) filter (where l.status in ('accepted', 'review')))::text as variance_value,
  (sum(abs(l.counted_quantity - l.snapshot_quantity)) filter (where l.status in ('accepted', 'review')))::int as abs_variance,
  (sum(greatest(l.snapshot_quantity, l.counted_quantity)) filter (where l.status in ('accepted', 'review')))::int as base`;

const COUNT_COLUMNS = sql`
  c.id, c.name, c.location_id, loc.name as location_name, c.status, c.blind, c.scope_type, c.scope,
  c.created_by_name, c.applied_by_name,
  to_json(c.created_at) #>> '{}' as created_at, to_json(c.updated_at) #>> '{}' as updated_at,
  to_json(c.started_at) #>> '{}' as started_at, to_json(c.submitted_at) #>> '{}' as submitted_at,
  to_json(c.completed_at) #>> '{}' as completed_at, to_json(c.cancelled_at) #>> '{}' as cancelled_at`;

function toCycleCount(row: CountRow): CycleCount {
  const submitted = row.status === "in_review" || row.status === "completed";
  return {
    id: row.id,
    name: row.name,
    location_id: row.location_id,
    location_name: row.location_name,
    status: row.status,
    blind: row.blind,
    scope: {
      type: row.scope_type,
      ...(row.scope.binIds ? { bin_ids: row.scope.binIds } : {}),
      ...(row.scope.zone !== undefined ? { zone: row.scope.zone } : {}),
      ...(row.scope.skus ? { skus: row.scope.skus } : {}),
      ...(row.scope.days !== undefined ? { days: row.scope.days } : {}),
    },
    created_by: row.created_by_name,
    applied_by: row.applied_by_name,
    summary: {
      lines: row.lines,
      counted: row.counted,
      to_review: row.to_review,
      variance_units: submitted ? (row.variance_units ?? 0) : null,
      variance_value: submitted && row.variance_value !== null ? Number(row.variance_value).toFixed(2) : null,
      accuracy: submitted ? accuracyOf(row.abs_variance ?? 0, row.base ?? 0) : null,
    },
    created_at: new Date(row.created_at).toISOString(),
    updated_at: new Date(row.updated_at).toISOString(),
    started_at: iso(row.started_at),
    submitted_at: iso(row.submitted_at),
    completed_at: iso(row.completed_at),
    cancelled_at: iso(row.cancelled_at),
  };
}

/** The store of a count, for the API's `storeOf`: 404 for an unknown id or another store's. */
export async function findCycleCountStore(
  db: Db,
  params: { storeId: string; cycleCountId: string },
): Promise<string> {
  const { rows } = await db.execute<{ id: string }>(
    sql`select id from cycle_counts where store_id = ${params.storeId} and id = ${params.cycleCountId}`,
  );
  if (rows.length === 0) throw new NotFoundError(CYCLE_COUNT, params.cycleCountId);
  return params.storeId;
}

/** Counts of the store, newest first, with their summaries; one page by (created_at, id). */
export async function listCycleCounts(
  db: Db,
  input: {
    storeId: string;
    status?: CycleCountStatus;
    locationId?: string;
    limit: number;
    after?: { updatedAt: Date; id: string };
  },
): Promise<{ counts: CycleCount[]; next?: { updatedAt: Date; id: string } }> {
  const { rows } = await db.execute<CountRow>(sql`
    select ${COUNT_COLUMNS}, s.*
    from cycle_counts c
    join locations loc on loc.store_id = c.store_id and loc.id = c.location_id
    cross join lateral (select ${SUMMARY} from cycle_count_lines l where l.cycle_count_id = c.id) s
    where c.store_id = ${input.storeId}
      ${input.status ? sql`and c.status = ${input.status}` : sql``}
      ${input.locationId ? sql`and c.location_id = ${input.locationId}` : sql``}
      ${input.after ? sql`and (c.created_at, c.id) < (${input.after.updatedAt.toISOString()}::timestamptz, ${input.after.id})` : sql``}
    order by c.created_at desc, c.id desc
    limit ${input.limit + 1}`);
  const page = rows.slice(0, input.limit);
  const last = page.at(-1);
  return {
    counts: page.map(toCycleCount),
    ...(rows.length > input.limit && last
      ? { next: { updatedAt: new Date(last.created_at), id: last.id } }
      : {}),
  };
}

/** One count with its summary; 404 for an unknown id. */
export async function loadCycleCount(db: Db, storeId: string, cycleCountId: string): Promise<CycleCount> {
  const { rows } = await db.execute<CountRow>(sql`
    select ${COUNT_COLUMNS}, s.*
    from cycle_counts c
    join locations loc on loc.store_id = c.store_id and loc.id = c.location_id
    cross join lateral (select ${SUMMARY} from cycle_count_lines l where l.cycle_count_id = c.id) s
    where c.store_id = ${storeId} and c.id = ${cycleCountId}`);
  const row = rows[0];
  if (!row) throw new NotFoundError(CYCLE_COUNT, cycleCountId);
  return toCycleCount(row);
}

type LineRow = {
  id: string;
  bin_id: string | null;
  bin_code: string | null;
  item_id: string;
  sku: string | null;
  name: string | null;
  upc: string | null;
  status: CycleCountLineStatus;
  snapshot_quantity: number | null;
  counted_quantity: number | null;
  unit_value: string | null;
  accepted_by: string | null;
  recounts: number;
  counted_at: string | null;
};

/** Lines of a count (all, or one place's), by place code then SKU; expected quantities hidden where they must be. */
export async function loadCycleCountLines(
  db: Db,
  count: Pick<CycleCount, "id" | "blind" | "status">,
  place?: { binId: string | null },
): Promise<CycleCountLine[]> {
  const hide = hidesExpected(count);
  const { rows } = await db.execute<LineRow>(sql`
    select l.id, l.bin_id, b.code as bin_code, l.inventory_item_id as item_id, i.sku, i.name, v.upc, l.status,
      l.snapshot_quantity, l.counted_quantity, l.unit_value::text as unit_value, l.accepted_by, l.recounts,
      to_json(l.counted_at) #>> '{}' as counted_at
    from cycle_count_lines l
    join inventory_items i on i.id = l.inventory_item_id
    left join product_variants v on v.id = i.variant_id
    left join bins b on b.id = l.bin_id
    where l.cycle_count_id = ${count.id}
      ${place ? (place.binId === null ? sql`and l.bin_id is null` : sql`and l.bin_id = ${place.binId}`) : sql``}
    order by b.code is not null, lower(b.code), i.sku nulls last, l.id`);
  return rows.map((row) => {
    const variance =
      !hide && row.snapshot_quantity !== null && row.counted_quantity !== null
        ? row.counted_quantity - row.snapshot_quantity
        : null;
    return {
      id: row.id,
      bin: row.bin_id && row.bin_code !== null ? { id: row.bin_id, code: row.bin_code } : null,
      inventory_item: { id: row.item_id, sku: row.sku, name: row.name, upc: row.upc },
      status: row.status,
      snapshot_quantity: hide ? null : row.snapshot_quantity,
      counted_quantity: row.counted_quantity,
      variance,
      unit_value: row.unit_value,
      variance_value:
        variance !== null && row.unit_value !== null ? (variance * Number(row.unit_value)).toFixed(2) : null,
      accepted_by: row.accepted_by,
      recounts: row.recounts,
      counted_at: iso(row.counted_at),
    };
  });
}

export async function getCycleCount(
  db: Db,
  storeId: string,
  cycleCountId: string,
): Promise<CycleCountDetail> {
  const count = await loadCycleCount(db, storeId, cycleCountId);
  return { cycle_count: count, lines: await loadCycleCountLines(db, count) };
}
