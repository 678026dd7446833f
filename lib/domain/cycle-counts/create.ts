import { type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db";
import { type CycleCountScopeValue, cycleCountLines, cycleCounts } from "../../db/schema";
import { newId } from "../../ids";
import {
  type CreateCycleCountRequest,
  type CycleCountDetail,
  MAX_COUNT_LINES,
} from "../../schemas/cycle-counts";
import type { Actor } from "../actor";
import { ConflictError, ValidationError } from "../errors";
import { CYCLE_COUNT, getCycleCount } from "./read";

/**
 * Creating a count: its lines are the places (bin or unbinned) where the scope's items are expected. No snapshot
 * is taken yet: that happens when a counter starts a place (counting.ts), as close to the counting as possible.
 */

type Candidate = { bin_id: string | null; item_id: string };

export function actorColumns(actor: Actor) {
  return {
    kind: actor.userId ? ("staff" as const) : actor.apiKeyId ? ("api_secret" as const) : ("system" as const),
    id: actor.userId ?? actor.apiKeyId ?? null,
    name: actor.name,
  };
}

export async function createCycleCount(
  db: Db,
  input: { storeId: string; request: CreateCycleCountRequest["cycle_count"]; actor: Actor; now?: Date },
): Promise<CycleCountDetail> {
  const { storeId, request } = input;
  return db.transaction(async (tx) => {
    const { rows: locationRows } = await tx.execute<{ archived: boolean }>(
      sql`select archived_at is not null as archived from locations where store_id = ${storeId} and id = ${request.location_id}`,
    );
    const location = locationRows[0];
    if (!location) {
      throw new ValidationError(CYCLE_COUNT, [
        {
          path: "cycle_count.location_id",
          message: `No location with id ${JSON.stringify(request.location_id)} exists in this store.`,
        },
      ]);
    }
    if (location.archived) {
      throw new ConflictError(
        `${CYCLE_COUNT}/location-archived`,
        "This location is archived; restore it to count it.",
      );
    }
    const { scope, candidates, label } = await resolveScope(tx, storeId, request);
    if (candidates.length > MAX_COUNT_LINES) {
      throw new ValidationError(CYCLE_COUNT, [
        {
          path: "cycle_count.scope",
          message: `This scope has ${candidates.length} lines; a count holds at most ${MAX_COUNT_LINES}. Count it by zone or bins.`,
        },
      ]);
    }
    const id = newId("cycleCount");
    const actor = actorColumns(input.actor);
    const day = (input.now ?? new Date()).toISOString().slice(0, 10);
    await tx.insert(cycleCounts).values({
      id,
      storeId,
      locationId: request.location_id,
      name: request.name ?? `${label} · ${day}`,
      blind: request.blind ?? false,
      scopeType: request.scope.type,
      scope,
      createdByKind: actor.kind,
      createdById: actor.id,
      createdByName: actor.name,
    });
    for (let start = 0; start < candidates.length; start += 2000) {
      await tx.insert(cycleCountLines).values(
        candidates.slice(start, start + 2000).map((line) => ({
          id: newId("cycleCountLine"),
          cycleCountId: id,
          storeId,
          locationId: request.location_id,
          binId: line.bin_id,
          inventoryItemId: line.item_id,
        })),
      );
    }
    return getCycleCount(tx, storeId, id);
  });
}

async function resolveScope(
  tx: Db,
  storeId: string,
  request: CreateCycleCountRequest["cycle_count"],
): Promise<{ scope: CycleCountScopeValue; candidates: Candidate[]; label: string }> {
  const locationId = request.location_id;
  const scope = request.scope;
  if (scope.type === "bins" || scope.type === "zone") {
    const { rows: binRows } = await tx.execute<{ id: string; archived: boolean }>(
      scope.type === "bins"
        ? sql`select id, archived_at is not null as archived from bins
              where store_id = ${storeId} and location_id = ${locationId} and id in (${idList(scope.bin_ids)})`
        : sql`select id, false as archived from bins
              where store_id = ${storeId} and location_id = ${locationId} and archived_at is null
                and lower(zone) = lower(${scope.zone}) order by lower(code)`,
    );
    if (scope.type === "bins") {
      const found = new Map(binRows.map((row) => [row.id, row.archived]));
      const issues = scope.bin_ids.flatMap((binId, index) =>
        found.get(binId) === undefined
          ? [{ path: `cycle_count.scope.bin_ids.${index}`, message: `No bin ${binId} is at this location.` }]
          : found.get(binId)
            ? [{ path: `cycle_count.scope.bin_ids.${index}`, message: "This bin is archived." }]
            : [],
      );
      if (issues.length > 0)
        throw new ValidationError(CYCLE_COUNT, issues, "Some bins cannot be counted here.");
    } else if (binRows.length === 0) {
      throw new ValidationError(CYCLE_COUNT, [
        {
          path: "cycle_count.scope.zone",
          message: `No active bin of this location is in zone ${scope.zone}.`,
        },
      ]);
    }
    const binIds = scope.type === "bins" ? [...new Set(scope.bin_ids)] : binRows.map((row) => row.id);
    const { rows } = await tx.execute<Candidate>(sql`
      select bin_id, inventory_item_id as item_id from bin_stock
      where store_id = ${storeId} and quantity > 0 and bin_id in (${idList(binIds)})`);
    return {
      scope: scope.type === "bins" ? { binIds } : { zone: scope.zone, binIds },
      candidates: rows,
      label:
        scope.type === "bins"
          ? `${binIds.length} ${binIds.length === 1 ? "bin" : "bins"}`
          : `Zone ${scope.zone}`,
    };
  }
  if (scope.type === "skus") {
    const skus = [...new Set(scope.skus)];
    const { rows: items } = await tx.execute<{ id: string; sku: string }>(sql`
      select id, sku from inventory_items where store_id = ${storeId} and sku in (${idList(skus)})`);
    const known = new Set(items.map((item) => item.sku));
    const issues = scope.skus.flatMap((sku, index) =>
      known.has(sku)
        ? []
        : [{ path: `cycle_count.scope.skus.${index}`, message: `No item has the SKU ${sku}.` }],
    );
    if (issues.length > 0)
      throw new ValidationError(CYCLE_COUNT, issues, "Some SKUs name no item of this store.");
    return {
      scope: { skus },
      candidates: await placesOf(tx, locationId, idList(items.map((item) => item.id)), true),
      label: `${skus.length} ${skus.length === 1 ? "SKU" : "SKUs"}`,
    };
  }
  const stale = sql`
    select lv.inventory_item_id from inventory_levels lv
    where lv.store_id = ${storeId} and lv.location_id = ${locationId} and lv.quantity > 0
      and not exists (
        select 1 from cycle_count_lines l join cycle_counts c on c.id = l.cycle_count_id
        where l.inventory_item_id = lv.inventory_item_id and c.location_id = ${locationId}
          and c.status = 'completed' and l.status = 'accepted'
          and c.completed_at > now() - make_interval(days => ${scope.days}))`;
  const candidates = await placesOf(tx, locationId, stale, false);
  if (candidates.length === 0) {
    throw new ValidationError(CYCLE_COUNT, [
      {
        path: "cycle_count.scope.days",
        message: `Every item here was counted in the last ${scope.days} days.`,
      },
    ]);
  }
  return { scope: { days: scope.days }, candidates, label: `Not counted in ${scope.days} days` };
}

/**
 * The places of items at a location: each bin holding some, and unbinned when units are unbinned there (always,
 * when `alwaysUnbinned`: a SKU asked for is looked for even where the ledger expects none).
 */
async function placesOf(
  tx: Db,
  locationId: string,
  list: SQL,
  alwaysUnbinned: boolean,
): Promise<Candidate[]> {
  const { rows } = await tx.execute<Candidate>(sql`
    select bin_id, inventory_item_id as item_id from bin_stock
    where location_id = ${locationId} and quantity > 0 and inventory_item_id in (${list})
    union all
    select null, i.id from inventory_items i
    left join inventory_levels lv on lv.inventory_item_id = i.id and lv.location_id = ${locationId}
    where i.id in (${list})
      and (${sql.raw(alwaysUnbinned ? "true" : "false")} or coalesce(lv.quantity, 0) > (
        select coalesce(sum(quantity), 0) from bin_stock bs
        where bs.inventory_item_id = i.id and bs.location_id = ${locationId}))`);
  return rows;
}

/** A parameterised `a, b, c` list for `in (…)`. */
export function idList(values: readonly string[]): SQL {
  return sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  );
}
