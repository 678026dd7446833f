import {
  listNotificationsQuerySchema,
  notificationListResponseSchema,
  notificationSettingsResponseSchema,
  testNotificationResponseSchema,
  updateNotificationSettingsRequestSchema,
} from "../schemas/notifications";
import { AUTH, CSV_FILE, defineContract, defineListContract, storeParams } from "./contract";

/** Settings → Notifications (docs/notifications.md): where a store's notices go, a test send, and the history. */

const STAFF_ONLY =
  "Staff admins only, with a session of the web app: an API secret gets 403 `auth/forbidden` (the settings " +
  "decide where the store's warnings go).";

export const getNotificationSettings = defineContract({
  method: "get",
  path: "/stores/{storeId}/notification-settings",
  operationId: "getNotificationSettings",
  resource: "store",
  access: "admin",
  principals: ["staff"],
  summary: "Get notification settings",
  description: `Whether the server sends e-mail (read-only) and the store's chat URL. ${STAFF_ONLY}`,
  tag: "Notifications",
  params: storeParams,
  responses: { 200: { description: "The settings.", schema: notificationSettingsResponseSchema } },
  errors: AUTH,
});

export const updateNotificationSettings = defineContract({
  method: "put",
  path: "/stores/{storeId}/notification-settings",
  operationId: "updateNotificationSettings",
  resource: "store",
  access: "admin",
  principals: ["staff"],
  summary: "Update notification settings",
  description:
    "Sets the store's chat URL (an incoming webhook: https, a public host, like a webhook's URL); null or " +
    `empty removes it. ${STAFF_ONLY}`,
  tag: "Notifications",
  params: storeParams,
  body: updateNotificationSettingsRequestSchema,
  responses: { 200: { description: "The settings.", schema: notificationSettingsResponseSchema } },
  errors: [400, ...AUTH, 413, 415],
});

export const sendTestNotification = defineContract({
  method: "post",
  path: "/stores/{storeId}/notification-settings/test",
  operationId: "sendTestNotification",
  resource: "store",
  access: "admin",
  principals: ["staff"],
  summary: "Send a test notification",
  description:
    "Queues a test message to your own e-mail address (when the server sends e-mail) and to the store's chat " +
    `URL (if set); the history shows whether it went out. ${STAFF_ONLY}`,
  tag: "Notifications",
  params: storeParams,
  responses: { 202: { description: "Queued.", schema: testNotificationResponseSchema } },
  errors: AUTH,
});

export const listNotifications = defineListContract({
  path: "/stores/{storeId}/notifications",
  operationId: "listNotifications",
  resource: "store",
  access: "admin",
  principals: ["staff"],
  summary: "List sent notifications",
  description:
    "What the store's notices were and to whom (e-mail address or chat URL), newest first (`createdAt` desc, " +
    "then `id` desc), with the header paging of the other lists; filters `kind`, `channel`, `status`, " +
    `\`recipient\` (part of it) and a \`created_at\` range. ${STAFF_ONLY}`,
  tag: "Notifications",
  params: storeParams,
  query: listNotificationsQuerySchema,
  page: { description: "A page of notifications.", schema: notificationListResponseSchema },
  errors: [400, ...AUTH],
});

export const exportNotifications = defineContract({
  method: "get",
  path: "/stores/{storeId}/notifications/export",
  operationId: "exportNotifications",
  resource: "store",
  access: "admin",
  principals: ["staff"],
  summary: "Export sent notifications as CSV",
  description:
    "The notifications the history's filters select, one row each, newest first, streamed. Columns: id, kind, " +
    "channel, recipient (a chat URL up to its origin, as the history shows it), subject, status, attempts, " +
    `last_error, created_at, sent_at. ${STAFF_ONLY}`,
  tag: "Notifications",
  params: storeParams,
  query: listNotificationsQuerySchema,
  responses: { 200: CSV_FILE },
  errors: [400, ...AUTH],
});
