import {
  myNotificationPreferencesResponseSchema,
  putReportScheduleRequestSchema,
  reportScheduleResponseSchema,
  storeNotificationDefaultsResponseSchema,
  updateMyNotificationPreferencesRequestSchema,
  updateStoreNotificationDefaultsRequestSchema,
} from "../schemas/notification-preferences";
import { AUTH, defineContract, id, storeParams } from "./contract";

/**
 * Who hears of what (docs/notifications.md, "Preferences" and "Scheduled reports"): your own notification
 * preferences in a store, the store's defaults (admins), and a saved view's report schedule (its owner).
 * Staff sessions only: preferences and schedules belong to a person, and an API secret is not one.
 */

const STAFF = ["staff"] as const;
const SESSION_ONLY = "Staff sessions only: an API secret gets 403 `auth/forbidden`.";

export const getMyNotificationPreferences = defineContract({
  method: "get",
  path: "/stores/{storeId}/notification-preferences",
  operationId: "getMyNotificationPreferences",
  resource: "store",
  access: "read",
  principals: STAFF,
  summary: "Get my notification preferences",
  description:
    "What applies to you in this store: per alert source instant or digest and e-mail on or off (your own " +
    `choice or the store default), your quiet hours, and the store's defaults. ${SESSION_ONLY}`,
  tag: "Notifications",
  params: storeParams,
  responses: { 200: { description: "Your preferences.", schema: myNotificationPreferencesResponseSchema } },
  errors: AUTH,
});

export const updateMyNotificationPreferences = defineContract({
  method: "put",
  path: "/stores/{storeId}/notification-preferences",
  operationId: "updateMyNotificationPreferences",
  resource: "store",
  access: "read",
  principals: STAFF,
  summary: "Update my notification preferences",
  description:
    "Sets your choice per alert source (null follows the store default; a source left out is unchanged) " +
    `and your quiet hours (\`store\`, \`off\` or your own \`start\`/\`end\`). ${SESSION_ONLY}`,
  tag: "Notifications",
  params: storeParams,
  body: updateMyNotificationPreferencesRequestSchema,
  responses: { 200: { description: "Your preferences.", schema: myNotificationPreferencesResponseSchema } },
  errors: [400, ...AUTH, 413, 415],
});

export const getStoreNotificationDefaults = defineContract({
  method: "get",
  path: "/stores/{storeId}/notification-defaults",
  operationId: "getStoreNotificationDefaults",
  resource: "store",
  access: "admin",
  principals: STAFF,
  summary: "Get the store's notification defaults",
  description:
    "Per alert source how members hear of it unless they chose otherwise, whether it goes to the store's " +
    `chat URL, and the default quiet hours. Admins only. ${SESSION_ONLY}`,
  tag: "Notifications",
  params: storeParams,
  responses: { 200: { description: "The defaults.", schema: storeNotificationDefaultsResponseSchema } },
  errors: AUTH,
});

export const updateStoreNotificationDefaults = defineContract({
  method: "put",
  path: "/stores/{storeId}/notification-defaults",
  operationId: "updateStoreNotificationDefaults",
  resource: "store",
  access: "admin",
  principals: STAFF,
  summary: "Update the store's notification defaults",
  description: `Sets the defaults of the sources given (others unchanged) and the default quiet hours (null: none). Admins only. ${SESSION_ONLY}`,
  tag: "Notifications",
  params: storeParams,
  body: updateStoreNotificationDefaultsRequestSchema,
  responses: { 200: { description: "The defaults.", schema: storeNotificationDefaultsResponseSchema } },
  errors: [400, ...AUTH, 413, 415],
});

const scheduleParams = storeParams.extend({ viewId: id("Saved view id (`svw_…`).") });
const OWNER_ONLY =
  "Only the view's owner (403 for another's shared view; another's personal view, like an unknown id, is 404).";

export const getReportSchedule = defineContract({
  method: "get",
  path: "/stores/{storeId}/saved-views/{viewId}/report-schedule",
  operationId: "getReportSchedule",
  resource: "saved-view",
  access: "read",
  principals: STAFF,
  summary: "Get a saved view's report schedule",
  description: `When the view's rows are e-mailed as CSV and to whom; 404 when it has none. ${OWNER_ONLY}`,
  tag: "Saved views",
  params: scheduleParams,
  responses: { 200: { description: "The schedule.", schema: reportScheduleResponseSchema } },
  errors: [...AUTH, 404],
});

export const putReportSchedule = defineContract({
  method: "put",
  path: "/stores/{storeId}/saved-views/{viewId}/report-schedule",
  operationId: "putReportSchedule",
  resource: "saved-view",
  access: "read",
  principals: STAFF,
  summary: "Schedule a saved view's report",
  description:
    "Creates or replaces the schedule: daily, or weekly on a weekday, at a time of the store's day (its time " +
    "zone, daylight saving included). The next occurrence counts from the current minute. A personal view's " +
    `report goes to its owner; a shared view's to the members chosen. ${OWNER_ONLY}`,
  tag: "Saved views",
  params: scheduleParams,
  storeOf: "savedView",
  body: putReportScheduleRequestSchema,
  responses: { 200: { description: "The schedule.", schema: reportScheduleResponseSchema } },
  errors: [400, ...AUTH, 404, 413, 415],
});

export const deleteReportSchedule = defineContract({
  method: "delete",
  path: "/stores/{storeId}/saved-views/{viewId}/report-schedule",
  operationId: "deleteReportSchedule",
  resource: "saved-view",
  access: "read",
  principals: STAFF,
  summary: "Stop a saved view's report",
  description: `Removes the schedule; 404 when it has none. ${OWNER_ONLY}`,
  tag: "Saved views",
  params: scheduleParams,
  responses: { 204: { description: "Removed." } },
  errors: [...AUTH, 404],
});
