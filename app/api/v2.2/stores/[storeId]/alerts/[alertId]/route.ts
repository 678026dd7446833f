import { apiRoute } from "@/lib/api/route";
import { alerts } from "@/lib/contracts";
import { deleteAlertRule } from "@/lib/domain/alerts/rules";

export const DELETE = apiRoute(alerts.deleteAlertRule, async ({ db, params, principal }) => {
  await deleteAlertRule(db, { storeId: params.storeId, userId: principal.id }, params.alertId);
  return new Response(null, { status: 204 });
});
