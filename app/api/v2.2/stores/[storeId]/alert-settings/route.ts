import { apiRoute, json } from "@/lib/api/route";
import { alerts } from "@/lib/contracts";
import { getAlertSettings, updateAlertSettings } from "@/lib/domain/alerts/built-in-settings";

export const GET = apiRoute(alerts.getAlertSettings, async ({ db, params }) =>
  json({ alert_settings: await getAlertSettings(db, params.storeId) }),
);

export const PUT = apiRoute(alerts.updateAlertSettings, async ({ db, params, body }) =>
  json({ alert_settings: await updateAlertSettings(db, params.storeId, body.alert_settings) }),
);
