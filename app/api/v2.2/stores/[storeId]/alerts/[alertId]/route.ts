import { apiRoute, json } from "@/lib/api/route";
import { alerts } from "@/lib/contracts";
import { deleteAlertRule, updateAlertRule } from "@/lib/domain/alerts/rules";

export const PATCH = apiRoute(alerts.updateAlertRule, async ({ db, params, body, principal }) =>
  json({
    alert: await updateAlertRule(
      db,
      { storeId: params.storeId, userId: principal.id },
      params.alertId,
      body.alert,
    ),
  }),
);

export const DELETE = apiRoute(alerts.deleteAlertRule, async ({ db, params, principal }) => {
  await deleteAlertRule(db, { storeId: params.storeId, userId: principal.id }, params.alertId);
  return new Response(null, { status: 204 });
});
