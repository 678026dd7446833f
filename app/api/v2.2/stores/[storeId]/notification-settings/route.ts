import { apiRoute, json } from "@/lib/api/route";
import { notifications } from "@/lib/contracts";
import { getNotificationSettings, updateNotificationSettings } from "@/lib/domain/notifications";

export const GET = apiRoute(notifications.getNotificationSettings, async ({ db, params }) =>
  json({ notification_settings: await getNotificationSettings(db, params.storeId) }),
);

export const PUT = apiRoute(notifications.updateNotificationSettings, async ({ db, params, body }) =>
  json({
    notification_settings: await updateNotificationSettings(db, params.storeId, body.notification_settings),
  }),
);
