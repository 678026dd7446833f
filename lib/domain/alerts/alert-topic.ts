import { and, eq, inArray } from "drizzle-orm";
import type { Db } from "../../db";
import { alertRules } from "../../db/schema";
import type { AlertRule } from "../../schemas/alerts";
import { lockStoreRowIds } from "../events/store-rows";
import type { TopicSource } from "../events/topics";
import { selectRules, toAlertRule } from "./rules";

/**
 * The `alert` webhook topic (docs/notifications.md "Alerts"): the merchant's own systems hear of every
 * firing and clearing as an `updated` event of the alert rule. Its payload is the rule as the API shows it
 * plus the occasion (what was told, the count, the link); a test event, replay of the current state or a
 * backfill carries the rule with `occasion: null`.
 */
export type AlertSnapshot = {
  alert: AlertRule;
  occasion: {
    state: "firing" | "cleared";
    subject: string;
    /** Rows the list at `link` holds; null when no list page shows them (discrepancies). */
    count: number | null;
    /** New-rows alerts: how many rows were new. */
    newRows: number | null;
    link: string;
  } | null;
};

export const alertTopic: TopicSource<AlertSnapshot> = {
  async loadSnapshot(tx, storeId, subjectId) {
    const [row] = await selectRules(tx).where(
      and(eq(alertRules.id, subjectId), eq(alertRules.storeId, storeId)),
    );
    return row ? { alert: toAlertRule(row), occasion: null } : null;
  },
  lockSubjectIds: (tx, storeId) => lockStoreRowIds(tx, alertRules, storeId),
  async loadSnapshots(tx: Db, subjectIds) {
    if (subjectIds.length === 0) return [];
    const rows = await selectRules(tx).where(inArray(alertRules.id, [...subjectIds]));
    const byId = new Map(rows.map((row) => [row.id, row]));
    return subjectIds.flatMap((subjectId) => {
      const row = byId.get(subjectId);
      return row ? [{ subjectId, snapshot: { alert: toAlertRule(row), occasion: null } }] : [];
    });
  },
};
