import { sql } from "drizzle-orm";
import type { Db } from "../../db";
import type {
  CycleCountDetail,
  CycleCountSettings,
  ReviewCycleCountRequest,
} from "../../schemas/cycle-counts";
import type { Actor } from "../actor";
import { ConflictError, ValidationError } from "../errors";
import { lockCycleCount, notInStatus } from "./counting";
import { idList } from "./create";
import { CYCLE_COUNT, getCycleCount } from "./read";

/**
 * Submitting, reviewing and cancelling a count. On submit a started place's line nobody counted is counted 0
 * (the counter went through the shelf and did not find it), a line of a place never started is skipped (the
 * count leaves it alone), and each variance is accepted automatically when it is within the store's limits.
 */

export async function getCycleCountSettings(db: Db, storeId: string): Promise<CycleCountSettings> {
  const { rows } = await db.execute<{ units: number | null; value: string | null }>(sql`
    select auto_accept_units as units, auto_accept_value::text as value
    from cycle_count_settings where store_id = ${storeId}`);
  const row = rows[0];
  return { auto_accept_units: row?.units ?? null, auto_accept_value: row?.value ?? null };
}

export async function updateCycleCountSettings(
  db: Db,
  storeId: string,
  settings: CycleCountSettings,
): Promise<CycleCountSettings> {
  await db.execute(sql`
    insert into cycle_count_settings (store_id, auto_accept_units, auto_accept_value, updated_at)
    values (${storeId}, ${settings.auto_accept_units}, ${settings.auto_accept_value}::numeric, now())
    on conflict (store_id) do update set auto_accept_units = excluded.auto_accept_units,
      auto_accept_value = excluded.auto_accept_value, updated_at = now()`);
  return getCycleCountSettings(db, storeId);
}

export async function submitCycleCount(
  db: Db,
  storeId: string,
  cycleCountId: string,
): Promise<CycleCountDetail> {
  return db.transaction(async (tx) => {
    const count = await lockCycleCount(tx, storeId, cycleCountId);
    if (count.status !== "in_progress") throw notInStatus(count, "be submitted");
    const settings = await getCycleCountSettings(tx, storeId);
    await tx.execute(sql`
      update cycle_count_lines set status = 'skipped'
      where cycle_count_id = ${count.id} and snapshot_quantity is null`);
    await tx.execute(sql`
      update cycle_count_lines set counted_quantity = coalesce(counted_quantity, 0), status = 'counted',
        counted_at = coalesce(counted_at, now())
      where cycle_count_id = ${count.id} and snapshot_quantity is not null and status in ('pending', 'counted')`);
    // The value of a variance is at the catalog price of the item's variant, fixed at submit.
    await tx.execute(sql`
      update cycle_count_lines l set unit_value = v.price
      from inventory_items i join product_variants v on v.id = i.variant_id
      where l.cycle_count_id = ${count.id} and l.status = 'counted' and i.id = l.inventory_item_id`);
    const units = settings.auto_accept_units ?? 0;
    const valueLimit = settings.auto_accept_value;
    await tx.execute(sql`
      update cycle_count_lines set
        status = case when abs(counted_quantity - snapshot_quantity) = 0
            or (abs(counted_quantity - snapshot_quantity) <= ${units}::int
              ${valueLimit === null ? sql`` : sql`and abs(counted_quantity - snapshot_quantity) * coalesce(unit_value, 0) <= ${valueLimit}::numeric`})
          then 'accepted'::cycle_count_line_status else 'review'::cycle_count_line_status end,
        accepted_by = case when abs(counted_quantity - snapshot_quantity) = 0
            or (abs(counted_quantity - snapshot_quantity) <= ${units}::int
              ${valueLimit === null ? sql`` : sql`and abs(counted_quantity - snapshot_quantity) * coalesce(unit_value, 0) <= ${valueLimit}::numeric`})
          then 'auto' else null end
      where cycle_count_id = ${count.id} and status = 'counted'`);
    await tx.execute(sql`
      update cycle_counts set status = 'in_review', submitted_at = now(), updated_at = now() where id = ${count.id}`);
    return getCycleCount(tx, storeId, count.id);
  });
}

/**
 * An admin accepts variances (a review naming no line changes nothing) over the threshold, or asks for lines to be counted again: a recount clears the
 * line's snapshot and count (its place is snapshotted again when started) and puts the count back in progress.
 */
export async function reviewCycleCount(
  db: Db,
  input: { storeId: string; cycleCountId: string; review: ReviewCycleCountRequest["review"]; actor: Actor },
): Promise<CycleCountDetail> {
  const accept = input.review.accept ?? [];
  const recount = input.review.recount ?? [];
  return db.transaction(async (tx) => {
    const count = await lockCycleCount(tx, input.storeId, input.cycleCountId);
    if (count.status !== "in_review") throw notInStatus(count, "be reviewed");
    const named = [...accept, ...recount];
    const { rows } =
      named.length === 0
        ? { rows: [] }
        : await tx.execute<{ id: string; status: string }>(sql`
            select id, status from cycle_count_lines
            where cycle_count_id = ${count.id} and id in (${idList(named)})`);
    const status = new Map(rows.map((row) => [row.id, row.status]));
    const issues = [
      ...accept.map((id, index) => ({ id, path: `review.accept.${index}` })),
      ...recount.map((id, index) => ({ id, path: `review.recount.${index}` })),
    ].flatMap(({ id, path }) => {
      const lineStatus = status.get(id);
      if (lineStatus === undefined) return [{ path, message: "No such line on this count." }];
      return lineStatus === "skipped" ? [{ path, message: "This line was not counted." }] : [];
    });
    if (issues.length > 0) throw new ValidationError(CYCLE_COUNT, issues, "Some lines cannot be reviewed.");
    const both = accept.filter((id) => recount.includes(id));
    if (both.length > 0) {
      throw new ConflictError(
        `${CYCLE_COUNT}/accept-and-recount`,
        "A line cannot be both accepted and recounted.",
      );
    }
    if (accept.length > 0) {
      await tx.execute(sql`
        update cycle_count_lines set status = 'accepted', accepted_by = ${input.actor.name}
        where cycle_count_id = ${count.id} and status = 'review' and id in (${idList(accept)})`);
    }
    if (recount.length > 0) {
      await tx.execute(sql`
        update cycle_count_lines set status = 'pending', snapshot_quantity = null, snapshot_at = null,
          counted_quantity = null, counted_at = null, accepted_by = null, unit_value = null, recounts = recounts + 1
        where cycle_count_id = ${count.id} and id in (${idList(recount)})`);
      await tx.execute(
        sql`update cycle_counts set status = 'in_progress', updated_at = now() where id = ${count.id}`,
      );
    } else {
      await tx.execute(sql`update cycle_counts set updated_at = now() where id = ${count.id}`);
    }
    return getCycleCount(tx, input.storeId, count.id);
  });
}

export async function cancelCycleCount(
  db: Db,
  storeId: string,
  cycleCountId: string,
): Promise<CycleCountDetail> {
  return db.transaction(async (tx) => {
    const count = await lockCycleCount(tx, storeId, cycleCountId);
    if (count.status === "completed" || count.status === "cancelled")
      throw notInStatus(count, "be cancelled");
    await tx.execute(sql`
      update cycle_counts set status = 'cancelled', cancelled_at = now(), updated_at = now() where id = ${count.id}`);
    return getCycleCount(tx, storeId, count.id);
  });
}
