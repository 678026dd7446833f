import { apiRoute, json } from "@/lib/api/route";
import { notificationPreferences } from "@/lib/contracts";
import { deleteReportSchedule, getReportSchedule, putReportSchedule } from "@/lib/domain/reports/schedules";
import { viewerOf } from "../../viewer";

export const GET = apiRoute(notificationPreferences.getReportSchedule, async ({ db, params, principal }) =>
  json({ report_schedule: await getReportSchedule(db, viewerOf(principal, params.storeId), params.viewId) }),
);

export const PUT = apiRoute(
  notificationPreferences.putReportSchedule,
  async ({ db, params, principal, body }) =>
    json({
      report_schedule: await putReportSchedule(
        db,
        viewerOf(principal, params.storeId),
        params.viewId,
        body.report_schedule,
      ),
    }),
);

export const DELETE = apiRoute(
  notificationPreferences.deleteReportSchedule,
  async ({ db, params, principal }) => {
    await deleteReportSchedule(db, viewerOf(principal, params.storeId), params.viewId);
    return new Response(null, { status: 204 });
  },
);
