import { apiRoute, json } from "@/lib/api/route";
import { alerts } from "@/lib/contracts";
import { createAlertRule, listAlertRules } from "@/lib/domain/alerts/rules";

export const GET = apiRoute(alerts.listAlertRules, async ({ db, params, principal }) =>
  json({ alerts: await listAlertRules(db, { storeId: params.storeId, userId: principal.id }) }),
);

export const POST = apiRoute(alerts.createAlertRule, async ({ db, params, body, principal }) =>
  json(
    { alert: await createAlertRule(db, { storeId: params.storeId, userId: principal.id }, body.alert) },
    { status: 201 },
  ),
);
