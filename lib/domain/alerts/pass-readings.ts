import { and, eq, max } from "drizzle-orm";
import type { Db } from "../../db";
import { inboundShipments, returns } from "../../db/schema";
import type { SavedViewList } from "../../enums";
import { countViewRows, viewRowIds, viewRows } from "./view-rows";

/**
 * What one evaluation pass read, so that each thing is read once a pass: many alerts watch one view (a shared
 * one, a built-in's list), and a store's latest change answers for all its views. A pass takes seconds; its
 * readings are as fresh as the pass. A reading is made in the transaction of the first rule that needs it
 * (read only, awaited there) and shared by the pass's later rules.
 */
export type PassReadings = {
  counts: Map<string, Promise<number>>;
  ids: Map<string, Promise<string[]>>;
  latest: Map<string, Promise<Date | null>>;
};

export const newPass = (): PassReadings => ({ counts: new Map(), ids: new Map(), latest: new Map() });

function remembered<T>(map: Map<string, Promise<T>>, key: string, read: () => Promise<T>): Promise<T> {
  let found = map.get(key);
  if (!found) {
    found = read();
    map.set(key, found);
  }
  return found;
}

/**
 * A row's `updated_at` is taken when its transaction writes it and becomes visible at commit: one that
 * commits just after an evaluation may carry an earlier time. Changes this close to an evaluation count as
 * after it.
 */
const COMMIT_MARGIN_MS = 60_000;

/**
 * Filters whose rows change without a write to the list: `late` and `arriving` move with the date, and the
 * days of `from` and `to` with the store's time zone (Settings -> Store), which no list row records.
 */
const DATED = /(^|&)(late|arriving|from|to)=/;

/** The view's count and ids, read once a pass, and whether its list can have changed since `since`. */
export function readingsOf(pass: PassReadings, db: Db, storeId: string, list: SavedViewList, query: string) {
  const key = `${storeId}|${list}|${query}`;
  const rows = () => viewRows(db, storeId, list, query);
  return {
    count: () => remembered(pass.counts, key, async () => countViewRows(db, await rows())),
    ids: () => remembered(pass.ids, key, async () => viewRowIds(db, await rows())),
    /**
     * True when no row of the list's table in the store was written since `since` (less the margin), so the
     * view lists what it listed then: one index read (`returns_store_updated_idx`,
     * `inbound_shipments_store_updated_idx`) instead of the view's query. Dated filters always read again.
     */
    async unchangedSince(since: Date | null): Promise<boolean> {
      if (!since || DATED.test(query)) return false;
      const latest = await remembered(pass.latest, `${storeId}|${list}`, () => lastWrite(db, storeId, list));
      return latest === null || latest.getTime() < since.getTime() - COMMIT_MARGIN_MS;
    },
  };
}

async function lastWrite(db: Db, storeId: string, list: SavedViewList): Promise<Date | null> {
  const table = list === "returns" ? returns : inboundShipments;
  const [row] = await db
    .select({ at: max(table.updatedAt) })
    .from(table)
    .where(and(eq(table.storeId, storeId)));
  return row?.at ?? null;
}
