import { performance } from "node:perf_hooks";
import { and, asc, eq, inArray, isNull, lt, or, sql } from "drizzle-orm";
import type { Db } from "../../db";
import { alertRules, savedViews, storeMemberships } from "../../db/schema";
import type { SavedViewList } from "../../enums";
import type { WatchContext } from "../notification-watch";
import { recordAlertEvent } from "./alert-events";
import {
  countReturnsWaitingLonger,
  discrepancyLineIds,
  RETURNS_WAITING_QUERY,
  SHIPMENTS_LATE_QUERY,
  shipmentsOfLines,
} from "./built-ins";
import { type AlertOccasion, deliverAlert } from "./deliver";
import * as words from "./messages";
import { newPass, type PassReadings, readingsOf } from "./pass-readings";
import { type RuleRow, selectRules } from "./rules";

/**
 * The alert evaluation (docs/notifications.md "Alerts"), a notification watch: every 15 s each enabled rule
 * not evaluated in the last 10 s is read, in its own transaction under its row lock (SKIP LOCKED: two
 * workers never evaluate one rule at once), and its state moves:
 * - threshold (a view's "more than N for M minutes", returns waiting, shipments late): the condition's start
 *   is kept; once it has held M minutes a firing is sent, once; when it ends, a clearing is sent if a firing
 *   was; the next start is a new occasion.
 * - new rows (a view's "any new row", discrepancies): the ids listed at the previous evaluation are kept; an
 *   evaluation that lists ids not among them is one occasion, told once.
 * A message and the `alert` webhook event are written in the transaction that moves the state.
 */

/** A second worker's pass a moment after the first finds nothing due. */
const MIN_GAP_MS = 10_000;

type Change = Partial<Pick<RuleRow, "conditionSince" | "firingSince" | "lastCount" | "seenRowIds">> & {
  lastEvaluatedAt: Date;
};

type Told = Omit<AlertOccasion, "storeId" | "source" | "ruleId" | "audience" | "occasionKey"> & {
  at: Date;
  newRows?: number;
};

/**
 * The notification worker runs its watch before it sends (lib/webhooks/notifications/worker.ts): a pass stops
 * after this long, and the rules it did not reach, the least recently evaluated, come first in the next.
 */
const PASS_BUDGET_MS = 5_000;

export function evaluateAlerts(db: Db, now: Date, context: WatchContext): Promise<void> {
  return evaluateDueAlerts(db, now, context, PASS_BUDGET_MS).then(() => undefined);
}

/** One pass over the due rules, least recently evaluated first, within `budgetMs`: how many it evaluated. */
export async function evaluateDueAlerts(
  db: Db,
  now: Date,
  context: WatchContext,
  budgetMs: number,
): Promise<number> {
  const started = performance.now();
  const pass = newPass();
  const due = await db
    .select({
      id: alertRules.id,
      storeId: alertRules.storeId,
      source: alertRules.source,
      condition: alertRules.condition,
      lastEvaluatedAt: alertRules.lastEvaluatedAt,
      lastCount: alertRules.lastCount,
      pending: sql<boolean>`${alertRules.conditionSince} is not null and ${alertRules.firingSince} is null`,
      seen: sql<boolean>`${alertRules.seenRowIds} is not null`,
      list: savedViews.list,
      query: savedViews.query,
    })
    .from(alertRules)
    .leftJoin(savedViews, eq(savedViews.id, alertRules.savedViewId))
    .where(and(eq(alertRules.enabled, true), dueBy(now)))
    .orderBy(sql`${alertRules.lastEvaluatedAt} asc nulls first`, asc(alertRules.id));
  const errors: unknown[] = [];
  const quiet: string[] = [];
  let evaluated = 0;
  for (const rule of due) {
    if (performance.now() - started > budgetMs) break;
    try {
      if (await isQuiet(db, pass, rule)) quiet.push(rule.id);
      else await db.transaction((tx) => evaluateRule(tx, rule.id, now, context, pass));
      evaluated++;
    } catch (error) {
      errors.push(error);
    }
  }
  // The quiet ones in one statement: only their time moves.
  if (quiet.length > 0)
    await db
      .update(alertRules)
      .set({ lastEvaluatedAt: now })
      .where(and(inArray(alertRules.id, quiet), dueBy(now)));
  if (errors.length > 0)
    throw new AggregateError(errors, `${errors.length} alert rules could not be evaluated`);
  return evaluated;
}

/**
 * A saved view's rule whose list nothing was written to since its last evaluation, and whose state would not
 * move: it lists what it listed, no new row, no threshold waiting out its minutes. Its evaluation is its time.
 */
async function isQuiet(
  db: Db,
  pass: PassReadings,
  rule: {
    source: string;
    condition: string;
    storeId: string;
    lastEvaluatedAt: Date | null;
    lastCount: number | null;
    pending: boolean;
    seen: boolean;
    list: SavedViewList | null;
    query: string | null;
  },
): Promise<boolean> {
  if (rule.source !== "saved_view" || rule.list === null || rule.query === null) return false;
  const settled = rule.condition === "new_rows" ? rule.seen : rule.lastCount !== null && !rule.pending;
  return (
    settled && readingsOf(pass, db, rule.storeId, rule.list, rule.query).unchangedSince(rule.lastEvaluatedAt)
  );
}

const dueBy = (now: Date) =>
  or(
    isNull(alertRules.lastEvaluatedAt),
    lt(alertRules.lastEvaluatedAt, new Date(now.getTime() - MIN_GAP_MS)),
  );

async function evaluateRule(
  tx: Db,
  id: string,
  now: Date,
  context: WatchContext,
  pass: PassReadings,
): Promise<void> {
  const [rule] = await selectRules(tx)
    .where(and(eq(alertRules.id, id), eq(alertRules.enabled, true), dueBy(now)))
    .for("update", { of: alertRules, skipLocked: true });
  if (!rule) return;
  const base = `${context.publicUrl}/stores/${rule.storeId}`;
  const { change, told } = await readRule(tx, rule, now, base, (list, query) =>
    readingsOf(pass, tx, rule.storeId, list, query),
  );
  await tx.update(alertRules).set(change).where(eq(alertRules.id, rule.id));
  if (!told) return;
  const occasion: AlertOccasion = {
    storeId: rule.storeId,
    source: rule.source,
    ruleId: rule.id,
    state: told.state,
    occasionKey: `alert:${rule.id}:${told.at.getTime()}:${told.state}`,
    subject: told.subject,
    body: told.body,
    link: told.link,
    count: told.count,
    audience: rule.ownerId ? [rule.ownerId] : await memberIds(tx, rule.storeId),
  };
  await deliverAlert(tx, occasion, { email: context.email });
  await recordAlertEvent(tx, { ...rule, ...change }, occasion, told.newRows ?? null);
}

async function memberIds(tx: Db, storeId: string): Promise<string[]> {
  const rows = await tx
    .select({ userId: storeMemberships.userId })
    .from(storeMemberships)
    .where(eq(storeMemberships.storeId, storeId));
  return rows.map((row) => row.userId);
}

const listLink = (base: string, list: string, query: string) => `${base}/${list}${query ? `?${query}` : ""}`;

/** A threshold's state after a reading: fire once it has held `minutes`, clear when it ends. */
function moveThreshold(
  rule: RuleRow,
  now: Date,
  reading: { holds: boolean; count: number },
  fired: () => words.Message,
  cleared: () => words.Message,
): { change: Change; told?: Omit<Told, "link" | "count"> } {
  const change: Change = { lastEvaluatedAt: now, lastCount: reading.count };
  if (!reading.holds) {
    change.conditionSince = null;
    change.firingSince = null;
    // Only a sent firing is cleared; a condition that ended before its minutes were up says nothing.
    if (!rule.firingSince) return { change };
    return { change, told: { state: "cleared", at: rule.firingSince, ...cleared() } };
  }
  const since = rule.conditionSince ?? now;
  change.conditionSince = since;
  if (rule.firingSince || now.getTime() - since.getTime() < rule.minutes * 60_000) return { change };
  change.firingSince = now;
  return { change, told: { state: "firing", at: since, ...fired() } };
}

/** A new-rows state after a reading: ids not listed at the previous evaluation are one occasion. */
function moveNewRows(rule: RuleRow, now: Date, ids: string[]): { change: Change; newIds: string[] } {
  const seen = new Set(rule.seenRowIds ?? ids);
  const newIds = ids.filter((rowId) => !seen.has(rowId));
  const change: Change = { lastEvaluatedAt: now, lastCount: ids.length, seenRowIds: ids };
  if (newIds.length > 0) change.firingSince = now;
  return { change, newIds };
}

type Readings = (list: SavedViewList, query: string) => ReturnType<typeof readingsOf>;

async function readRule(
  tx: Db,
  rule: RuleRow,
  now: Date,
  base: string,
  read: Readings,
): Promise<{ change: Change; told?: Told }> {
  switch (rule.source) {
    case "saved_view": {
      const view = { name: rule.viewName ?? "", list: rule.viewList ?? "returns" };
      const query = rule.viewQuery ?? "";
      const rows = read(view.list, query);
      const link = listLink(base, view.list, query);
      // Nothing of the list written since the last evaluation: it lists what it listed then.
      const unchanged = await rows.unchangedSince(rule.lastEvaluatedAt);
      if (rule.condition === "threshold") {
        const count = unchanged && rule.lastCount !== null ? rule.lastCount : await rows.count();
        const { change, told } = moveThreshold(
          rule,
          now,
          { holds: count > rule.threshold, count },
          () => words.thresholdFired(view, rule, count, link),
          () => words.thresholdCleared(view, rule, count, link),
        );
        return { change, told: told && { ...told, link, count } };
      }
      if (unchanged && rule.seenRowIds) return { change: { lastEvaluatedAt: now } };
      const ids = await rows.ids();
      const { change, newIds } = moveNewRows(rule, now, ids);
      if (newIds.length === 0) return { change };
      const message = words.newRowsFired(view, newIds.length, ids.length, link);
      return {
        change,
        told: { state: "firing", at: now, ...message, link, count: ids.length, newRows: newIds.length },
      };
    }
    case "returns_waiting": {
      const link = listLink(base, "returns", RETURNS_WAITING_QUERY);
      const count = await read("returns", RETURNS_WAITING_QUERY).count();
      const waitingLong = count > 0 ? await countReturnsWaitingLonger(tx, rule.storeId, rule.hours, now) : 0;
      const { change, told } = moveThreshold(
        rule,
        now,
        { holds: waitingLong > 0, count },
        () => words.returnsWaitingFired(count, waitingLong, rule.hours, link),
        () => words.returnsWaitingCleared(count, rule.hours, link),
      );
      return { change, told: told && { ...told, link, count } };
    }
    case "shipments_late": {
      const link = listLink(base, "shipments", SHIPMENTS_LATE_QUERY);
      const count = await read("shipments", SHIPMENTS_LATE_QUERY).count();
      const { change, told } = moveThreshold(
        rule,
        now,
        { holds: count > 0, count },
        () => words.shipmentsLateFired(count, link),
        () => words.shipmentsLateCleared(link),
      );
      return { change, told: told && { ...told, link, count } };
    }
    case "discrepancies": {
      const { change, newIds } = moveNewRows(rule, now, await discrepancyLineIds(tx, rule.storeId));
      if (newIds.length === 0) return { change };
      const shipments = (await shipmentsOfLines(tx, newIds)).map((shipment) => ({
        reference: shipment.reference,
        link: `${base}/shipments/${shipment.id}`,
      }));
      // No list page shows discrepancies: one shipment's page, or the shipments list for several.
      const link = shipments.length === 1 && shipments[0] ? shipments[0].link : `${base}/shipments`;
      const message = words.discrepanciesFired(newIds.length, shipments, link);
      return {
        change,
        told: { state: "firing", at: now, ...message, link, count: null, newRows: newIds.length },
      };
    }
  }
}
