import { apiRoute, json } from "@/lib/api/route";
import { notificationPreferences } from "@/lib/contracts";
import {
  getStoreNotificationDefaults,
  updateStoreNotificationDefaults,
} from "@/lib/domain/alerts/preferences";

export const GET = apiRoute(notificationPreferences.getStoreNotificationDefaults, async ({ db, params }) =>
  json({ notification_defaults: await getStoreNotificationDefaults(db, params.storeId) }),
);

export const PUT = apiRoute(
  notificationPreferences.updateStoreNotificationDefaults,
  async ({ db, params, body }) =>
    json({
      notification_defaults: await updateStoreNotificationDefaults(
        db,
        params.storeId,
        body.notification_defaults,
      ),
    }),
);
