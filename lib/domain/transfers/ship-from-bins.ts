import { and, eq, inArray } from "drizzle-orm";
import type { Db } from "../../db";
import { bins, locations } from "../../db/schema";
import type { ShipTransferInput } from "../../schemas/transfers";
import { ConflictError, type FieldIssue, ValidationError } from "../errors";
import type { LevelChange } from "../inventory-levels/movements";
import { TRANSFER_RESOURCE } from "./read";

/**
 * Where a shipped transfer's units leave the origin from (docs/transfers.md "Bins"): per line, the bins Ship's
 * body names, and the rest from the unbinned remainder. The plan is checked here against the bins' rows (the
 * origin's, active); whether each bin still holds the units is checked under the items' locks by
 * applyInventoryMovements, whose refusals `issueOnPlan` puts back on this request's fields.
 */

export type ShipLine = { inventoryItemId: string; quantity: number };

export type ShipPlan = {
  changes: LevelChange[];
  /** Per change, the field of the request a refusal of it names, and the bin it takes from (its code). */
  paths: string[];
  binCodes: (string | null)[];
};

type BinRow = { id: string; code: string; locationId: string; locationName: string; archived: boolean };

async function binRows(tx: Db, storeId: string, ids: readonly string[]): Promise<Map<string, BinRow>> {
  if (ids.length === 0) return new Map();
  const rows = await tx
    .select({
      id: bins.id,
      code: bins.code,
      locationId: bins.locationId,
      locationName: locations.name,
      archivedAt: bins.archivedAt,
    })
    .from(bins)
    .innerJoin(locations, eq(locations.id, bins.locationId))
    .where(and(eq(bins.storeId, storeId), inArray(bins.id, [...ids])));
  return new Map(rows.map((row) => [row.id, { ...row, archived: row.archivedAt !== null }]));
}

export async function planShipFromBins(
  tx: Db,
  transfer: { storeId: string; originLocationId: string; originName: string },
  lines: readonly ShipLine[],
  input: ShipTransferInput | undefined,
): Promise<ShipPlan> {
  const picks = input?.lines ?? [];
  const lineOf = new Map(lines.map((line, index) => [line.inventoryItemId, index]));
  const found = await binRows(tx, transfer.storeId, [
    ...new Set(picks.flatMap((pick) => pick.from_bins.map((from) => from.bin_id))),
  ]);
  const errors: FieldIssue[] = [];
  const archived: FieldIssue[] = [];
  const byLine = new Map<number, { binId: string; code: string; quantity: number; path: string }[]>();
  picks.forEach((pick, k) => {
    const index = lineOf.get(pick.inventory_item_id);
    if (index === undefined) {
      errors.push({ path: `lines.${k}.inventory_item_id`, message: "This item is not on the transfer." });
      return;
    }
    if (byLine.has(index)) {
      errors.push({ path: `lines.${k}.inventory_item_id`, message: "This item's bins are given twice." });
      return;
    }
    const takes: { binId: string; code: string; quantity: number; path: string }[] = [];
    byLine.set(index, takes);
    pick.from_bins.forEach((from, m) => {
      const path = `lines.${k}.from_bins.${m}`;
      const bin = found.get(from.bin_id);
      if (!bin) {
        errors.push({ path: `${path}.bin_id`, message: "No bin with this id exists in this store." });
      } else if (bin.locationId !== transfer.originLocationId) {
        errors.push({
          path: `${path}.bin_id`,
          message: `Bin ${bin.code} is at ${bin.locationName}, not at the origin, ${transfer.originName}.`,
        });
      } else if (takes.some((take) => take.binId === bin.id)) {
        errors.push({ path: `${path}.bin_id`, message: `Bin ${bin.code} is named twice for this item.` });
      } else {
        if (bin.archived) {
          archived.push({
            path: `${path}.bin_id`,
            message: `Bin ${bin.code} is archived: move its units out first, or restore it.`,
          });
        }
        takes.push({ binId: bin.id, code: bin.code, quantity: from.quantity, path: `${path}.quantity` });
      }
    });
    const fromBins = pick.from_bins.reduce((sum, from) => sum + from.quantity, 0);
    const line = lines[index] as ShipLine;
    if (fromBins > line.quantity) {
      errors.push({
        path: `lines.${k}.from_bins`,
        message: `The bins give ${fromBins} units; the line ships ${line.quantity}.`,
      });
    }
  });
  if (errors.length > 0) {
    throw new ValidationError(
      TRANSFER_RESOURCE,
      errors,
      "Some bins cannot ship these units; nothing was shipped.",
    );
  }
  if (archived.length > 0) {
    throw new ConflictError("bin/archived", "An archived bin ships nothing; nothing was shipped.", archived);
  }

  const plan: ShipPlan = { changes: [], paths: [], binCodes: [] };
  const take = (change: LevelChange, path: string, code: string | null) => {
    plan.changes.push(change);
    plan.paths.push(path);
    plan.binCodes.push(code);
  };
  lines.forEach((line, index) => {
    const base = {
      inventoryItemId: line.inventoryItemId,
      locationId: transfer.originLocationId,
      reason: "transfer_out" as const,
    };
    let left = line.quantity;
    for (const from of byLine.get(index) ?? []) {
      take({ ...base, adjustBy: -from.quantity, takeFromBin: from.binId }, from.path, from.code);
      left -= from.quantity;
    }
    if (left > 0) take({ ...base, adjustBy: -left }, `transfer.lines.${index}.quantity`, null);
  });
  return plan;
}

/** A refusal of change `index` (`changes.3.adjust_by`), on the request's field and naming its bin. */
export function issueOnPlan(plan: ShipPlan, issue: FieldIssue): FieldIssue {
  const index = Number(/^changes\.(\d+)\./.exec(issue.path)?.[1] ?? Number.NaN);
  const path = plan.paths[index];
  if (path === undefined) return issue;
  const code = plan.binCodes[index];
  return { path, message: code ? `Bin ${code}: ${issue.message}` : issue.message };
}
