import { csvResponse } from "@/lib/api/csv";
import { apiRoute } from "@/lib/api/route";
import { notifications } from "@/lib/contracts";
import { NOTIFICATION_EXPORT_COLUMNS, notificationExportRows } from "@/lib/domain/notifications";

export const GET = apiRoute(notifications.exportNotifications, async ({ db, params, query }) => {
  const rows = notificationExportRows(db, { storeId: params.storeId, ...query });
  const day = new Date().toISOString().slice(0, 10);
  return csvResponse(`notifications-${params.storeId}-${day}.csv`, NOTIFICATION_EXPORT_COLUMNS, rows);
});
