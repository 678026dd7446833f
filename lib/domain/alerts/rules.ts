import { and, asc, eq, getTableColumns, or } from "drizzle-orm";
import type { Db } from "../../db";
import { alertRules, savedViews } from "../../db/schema";
import { isId, newId } from "../../ids";
import type { AlertRule, CreateAlertRuleBody, UpdateAlertRuleBody } from "../../schemas/alerts";
import { NotFoundError } from "../errors";
import { viewRowIds, viewRows } from "./view-rows";

/**
 * A saved view's alert rules (docs/notifications.md "Alerts"): a member makes a view they see (their own or
 * a shared one) into an alert for themselves, sees, changes and removes their own. Staff sessions only, like
 * views.
 */

type Viewer = { storeId: string; userId: string };

export const RULE_COLUMNS = {
  ...getTableColumns(alertRules),
  viewName: savedViews.name,
  viewList: savedViews.list,
  viewQuery: savedViews.query,
};
export type RuleRow = typeof alertRules.$inferSelect & {
  viewName: string | null;
  viewList: (typeof savedViews.$inferSelect)["list"] | null;
  viewQuery: string | null;
};

export function toAlertRule(row: RuleRow): AlertRule {
  return {
    id: row.id,
    source: row.source,
    savedView:
      row.savedViewId && row.viewName !== null && row.viewList !== null && row.viewQuery !== null
        ? { id: row.savedViewId, name: row.viewName, list: row.viewList, query: row.viewQuery }
        : null,
    condition: row.condition,
    threshold: row.threshold,
    minutes: row.minutes,
    firing: row.firingSince !== null && row.condition === "threshold",
    firingSince: row.firingSince?.toISOString() ?? null,
    lastCount: row.lastCount,
    lastEvaluatedAt: row.lastEvaluatedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** Rules with their view (a built-in has none), by the condition given. */
export function selectRules(db: Db) {
  return db
    .select(RULE_COLUMNS)
    .from(alertRules)
    .leftJoin(savedViews, eq(savedViews.id, alertRules.savedViewId));
}

const ownedBy = (viewer: Viewer) =>
  and(
    eq(alertRules.storeId, viewer.storeId),
    eq(alertRules.ownerId, viewer.userId),
    eq(alertRules.source, "saved_view"),
  );

/** The viewer's own alerts in the store, oldest first. */
export async function listAlertRules(db: Db, viewer: Viewer): Promise<AlertRule[]> {
  const rows = await selectRules(db)
    .where(ownedBy(viewer))
    .orderBy(asc(alertRules.createdAt), asc(alertRules.id));
  return rows.map(toAlertRule);
}

/**
 * Makes a view the viewer sees into their alert. The view's query is checked the way the evaluation will
 * read it (400 for one its list operation would refuse); a new-rows alert takes the view's rows now as the ones already seen, so a
 * row that appears after this call, even before the first check, is new.
 */
export async function createAlertRule(
  db: Db,
  viewer: Viewer,
  input: CreateAlertRuleBody["alert"],
): Promise<AlertRule> {
  const viewId = input.savedViewId;
  if (!isId("savedView", viewId)) throw new NotFoundError("saved-view", viewId);
  const [view] = await db
    .select({ list: savedViews.list, query: savedViews.query })
    .from(savedViews)
    .where(
      and(
        eq(savedViews.id, viewId),
        eq(savedViews.storeId, viewer.storeId),
        or(eq(savedViews.shared, true), eq(savedViews.ownerId, viewer.userId)),
      ),
    );
  if (!view) throw new NotFoundError("saved-view", viewId);
  const rows = await viewRows(db, viewer.storeId, view.list, view.query);
  const newRows = input.condition === "new_rows";
  const id = newId("alertRule");
  await db.insert(alertRules).values({
    id,
    storeId: viewer.storeId,
    source: "saved_view",
    savedViewId: viewId,
    ownerId: viewer.userId,
    condition: input.condition,
    threshold: newRows ? 0 : input.threshold,
    minutes: newRows ? 0 : input.minutes,
    seenRowIds: newRows ? await viewRowIds(db, rows) : null,
  });
  const [row] = await selectRules(db).where(eq(alertRules.id, id));
  if (!row) throw new Error("the new alert rule was not found");
  return toAlertRule(row);
}

/**
 * Changes one of the viewer's alerts in place (another's, like an unknown id, is 404). A change starts the
 * rule afresh, as if it were made now (docs/notifications.md "Alerts", "Changing an alert"): its evaluation
 * state is dropped, so a firing threshold is not cleared (no message: the person changed it) and fires
 * again once the new condition has held its minutes; a switch to new rows takes the view's rows now as seen,
 * as making it does. No change, no reset. Under the rule's row lock, so no evaluation runs in between.
 */
export async function updateAlertRule(
  db: Db,
  viewer: Viewer,
  alertId: string,
  input: UpdateAlertRuleBody["alert"],
): Promise<AlertRule> {
  if (!isId("alertRule", alertId)) throw new NotFoundError("alert", alertId);
  return db.transaction(async (tx) => {
    const [rule] = await selectRules(tx)
      .where(and(eq(alertRules.id, alertId), ownedBy(viewer)))
      .for("update", { of: alertRules });
    if (!rule) throw new NotFoundError("alert", alertId);
    const condition = input.condition ?? rule.condition;
    const newRows = condition === "new_rows";
    const threshold = newRows ? 0 : (input.threshold ?? rule.threshold);
    const minutes = newRows ? 0 : (input.minutes ?? rule.minutes);
    if (condition === rule.condition && threshold === rule.threshold && minutes === rule.minutes)
      return toAlertRule(rule);
    const seenRowIds =
      newRows && rule.viewList !== null && rule.viewQuery !== null
        ? await viewRowIds(tx, await viewRows(tx, viewer.storeId, rule.viewList, rule.viewQuery))
        : null;
    await tx
      .update(alertRules)
      .set({
        condition,
        threshold,
        minutes,
        seenRowIds,
        // Afresh: no condition held, nothing fired, not evaluated (so the next pass reads it).
        conditionSince: null,
        firingSince: null,
        lastCount: null,
        lastEvaluatedAt: null,
      })
      .where(eq(alertRules.id, alertId));
    const [row] = await selectRules(tx).where(eq(alertRules.id, alertId));
    if (!row) throw new Error("the changed alert rule was not found");
    return toAlertRule(row);
  });
}

/** The store of an alert named in a path (any member's: whose it is, the action checks); 404 for none. */
export async function findAlertRuleStore(
  db: Db,
  input: { storeId: string; alertId: string },
): Promise<string> {
  if (!isId("alertRule", input.alertId)) throw new NotFoundError("alert", input.alertId);
  const [row] = await db
    .select({ storeId: alertRules.storeId })
    .from(alertRules)
    .where(and(eq(alertRules.id, input.alertId), eq(alertRules.storeId, input.storeId)));
  if (!row) throw new NotFoundError("alert", input.alertId);
  return row.storeId;
}

/** Removes one of the viewer's alerts: another's, like an unknown id, is 404. */
export async function deleteAlertRule(db: Db, viewer: Viewer, alertId: string): Promise<void> {
  if (!isId("alertRule", alertId)) throw new NotFoundError("alert", alertId);
  const deleted = await db
    .delete(alertRules)
    .where(and(eq(alertRules.id, alertId), ownedBy(viewer)))
    .returning({ id: alertRules.id });
  if (deleted.length === 0) throw new NotFoundError("alert", alertId);
}
