import { and, eq, ne } from "drizzle-orm";
import type { Db } from "../../db";
import { alertRules } from "../../db/schema";
import type { BuiltInAlert } from "../../enums";
import { newId } from "../../ids";
import type { AlertSettings, UpdateAlertSettingsBody } from "../../schemas/alerts";
import { discrepancyLineIds } from "./built-ins";

/**
 * The store's built-in alerts (Settings → Notifications): one `alert_rules` row each once an admin saved
 * them, none before (all off). Turning one off keeps its row, so its hours stay; turning it on again starts
 * afresh (no firing in force, discrepancies seen from now).
 */

export const DEFAULT_WAITING_HOURS = 24;

type BuiltInRow = typeof alertRules.$inferSelect;

function stateOf(row: BuiltInRow | undefined) {
  return {
    enabled: row?.enabled ?? false,
    firing: Boolean(row?.enabled && row.firingSince && row.condition === "threshold"),
    firingSince: row?.enabled ? (row.firingSince?.toISOString() ?? null) : null,
    lastCount: row?.enabled ? row.lastCount : null,
    lastEvaluatedAt: row?.enabled ? (row.lastEvaluatedAt?.toISOString() ?? null) : null,
  };
}

export async function getAlertSettings(db: Db, storeId: string): Promise<AlertSettings> {
  const rows = await db
    .select()
    .from(alertRules)
    .where(and(eq(alertRules.storeId, storeId), ne(alertRules.source, "saved_view")));
  const of = (source: BuiltInAlert) => rows.find((row) => row.source === source);
  return {
    returnsWaiting: {
      ...stateOf(of("returns_waiting")),
      hours: of("returns_waiting")?.hours || DEFAULT_WAITING_HOURS,
    },
    shipmentsLate: stateOf(of("shipments_late")),
    discrepancies: stateOf(of("discrepancies")),
  };
}

const CONDITION_OF: Record<BuiltInAlert, "threshold" | "new_rows"> = {
  returns_waiting: "threshold",
  shipments_late: "threshold",
  discrepancies: "new_rows",
};

async function saveBuiltIn(
  db: Db,
  storeId: string,
  source: BuiltInAlert,
  settings: { enabled: boolean; hours?: number },
): Promise<void> {
  const [current] = await db
    .select()
    .from(alertRules)
    .where(and(eq(alertRules.storeId, storeId), eq(alertRules.source, source)))
    .for("update");
  const switchedOn = settings.enabled && !current?.enabled;
  const fresh = switchedOn
    ? {
        conditionSince: null,
        firingSince: null,
        lastCount: null,
        lastEvaluatedAt: null,
        seenRowIds: source === "discrepancies" ? await discrepancyLineIds(db, storeId) : null,
      }
    : {};
  const values = { enabled: settings.enabled, hours: settings.hours ?? current?.hours ?? 0, ...fresh };
  if (current) {
    await db.update(alertRules).set(values).where(eq(alertRules.id, current.id));
    return;
  }
  await db
    .insert(alertRules)
    .values({ id: newId("alertRule"), storeId, source, condition: CONDITION_OF[source], ...values })
    // Two admins saving at once: the second write wins, as it would a moment later.
    .onConflictDoUpdate({
      target: [alertRules.storeId, alertRules.source],
      targetWhere: ne(alertRules.source, "saved_view"),
      set: values,
    });
}

export async function updateAlertSettings(
  db: Db,
  storeId: string,
  input: UpdateAlertSettingsBody["alert_settings"],
): Promise<AlertSettings> {
  await db.transaction(async (tx) => {
    await saveBuiltIn(tx, storeId, "returns_waiting", input.returnsWaiting);
    await saveBuiltIn(tx, storeId, "shipments_late", input.shipmentsLate);
    await saveBuiltIn(tx, storeId, "discrepancies", input.discrepancies);
  });
  return getAlertSettings(db, storeId);
}
