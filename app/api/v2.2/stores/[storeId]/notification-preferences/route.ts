import { apiRoute, json } from "@/lib/api/route";
import { notificationPreferences } from "@/lib/contracts";
import {
  getMyNotificationPreferences,
  updateMyNotificationPreferences,
} from "@/lib/domain/alerts/preferences";

export const GET = apiRoute(
  notificationPreferences.getMyNotificationPreferences,
  async ({ db, params, principal }) =>
    json({ notification_preferences: await getMyNotificationPreferences(db, params.storeId, principal.id) }),
);

export const PUT = apiRoute(
  notificationPreferences.updateMyNotificationPreferences,
  async ({ db, params, principal, body }) =>
    json({
      notification_preferences: await updateMyNotificationPreferences(
        db,
        params.storeId,
        principal.id,
        body.notification_preferences,
      ),
    }),
);
