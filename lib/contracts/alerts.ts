import {
  alertRuleResponseSchema,
  alertRulesResponseSchema,
  alertSettingsResponseSchema,
  createAlertRuleBodySchema,
  updateAlertRuleBodySchema,
  updateAlertSettingsBodySchema,
} from "../schemas/alerts";
import { AUTH, defineContract, id, storeParams } from "./contract";

/**
 * Alerts (docs/notifications.md "Alerts"), a Backroom extension. A saved view's alert is its owner's, like
 * the view: staff sessions only (an API secret is not a person to tell). The built-in alerts are the
 * store's: every member reads them, admins (and admin API secrets) change them.
 */

const STAFF = ["staff"] as const;
const CHECKS =
  "Alerts are checked every 15 seconds by the notification worker; each firing and clearing is told once, " +
  "by e-mail to the people it concerns (members of the store only) and to the store's chat URL, and as an " +
  "`updated` event of the `alert` webhook topic.";

export const listAlertRules = defineContract({
  method: "get",
  path: "/stores/{storeId}/alerts",
  operationId: "listAlertRules",
  resource: "alert",
  access: "read",
  principals: STAFF,
  summary: "List my alerts",
  description: "The caller's own saved-view alerts in the store, oldest first, with their state.",
  tag: "Alerts",
  params: storeParams,
  responses: { 200: { description: "The alerts.", schema: alertRulesResponseSchema } },
  errors: AUTH,
});

export const createAlertRule = defineContract({
  method: "post",
  path: "/stores/{storeId}/alerts",
  operationId: "createAlertRule",
  resource: "alert",
  access: "read",
  principals: STAFF,
  summary: "Make a saved view an alert",
  description:
    "Alerts the caller about a saved view they see (their own or a shared one; another's personal view is " +
    "404). `threshold`: more than `threshold` rows for `minutes` minutes fires once, and clears (a second " +
    "message) when the view lists `threshold` or fewer; the next time is a new alert. `new_rows`: a row the " +
    "view did not list at the previous check fires, counting the new rows; the rows the view lists when the " +
    "alert is made count as seen. The count in a message is the number of rows the view's list page shows " +
    "(the same filters, read the way the page sends them; a date range's days, `from` and `to`, are days of " +
    `the store's time zone, as on the page). Any member may alert themselves, viewers too. ${CHECKS}`,
  tag: "Alerts",
  params: storeParams,
  body: createAlertRuleBodySchema,
  responses: { 201: { description: "The alert.", schema: alertRuleResponseSchema } },
  errors: [400, ...AUTH, 404, 413, 415],
});

const alertParams = storeParams.extend({ alertId: id("Alert id (`alr_…`).") });

export const updateAlertRule = defineContract({
  method: "patch",
  path: "/stores/{storeId}/alerts/{alertId}",
  operationId: "updateAlertRule",
  resource: "alert",
  access: "read",
  principals: STAFF,
  storeOf: "alertRule",
  summary: "Change my alert",
  description:
    "Changes the condition of one of the caller's alerts (`condition`, `threshold`, `minutes`; what is left " +
    "out stays; another member's alert, like an unknown id, is 404). A change starts the alert afresh, as " +
    "if it were made now: a threshold alert that had fired is not cleared (no message) and fires again once " +
    "the new condition has held its minutes; an alert switched to `new_rows` takes the rows the view lists " +
    "now as seen. The same values change nothing.",
  tag: "Alerts",
  params: alertParams,
  body: updateAlertRuleBodySchema,
  responses: { 200: { description: "The alert as it now is.", schema: alertRuleResponseSchema } },
  errors: [400, ...AUTH, 404, 413, 415],
});

export const deleteAlertRule = defineContract({
  method: "delete",
  path: "/stores/{storeId}/alerts/{alertId}",
  operationId: "deleteAlertRule",
  resource: "alert",
  access: "read",
  principals: STAFF,
  summary: "Remove my alert",
  description:
    "Removes one of the caller's alerts (nothing more is told of it, not even a clearing). Another " +
    "member's alert, like an unknown id, is 404. Deleting the saved view removes its alerts.",
  tag: "Alerts",
  params: alertParams,
  responses: { 204: { description: "Removed." } },
  errors: [...AUTH, 404],
});

export const getAlertSettings = defineContract({
  method: "get",
  path: "/stores/{storeId}/alert-settings",
  operationId: "getAlertSettings",
  resource: "store",
  access: "read",
  summary: "Get built-in alerts",
  description:
    "The store's built-in alerts, each with its state: returns waiting for review longer than `hours`, " +
    "late inbound shipments, new receiving discrepancies. All are off until an admin turns them on. " +
    "Their messages go to every member of the store.",
  tag: "Alerts",
  params: storeParams,
  responses: { 200: { description: "The settings.", schema: alertSettingsResponseSchema } },
  errors: AUTH,
});

export const updateAlertSettings = defineContract({
  method: "put",
  path: "/stores/{storeId}/alert-settings",
  operationId: "updateAlertSettings",
  resource: "store",
  access: "admin",
  summary: "Update built-in alerts",
  description:
    "Turns the built-in alerts on or off and sets the hours a return may wait for review. Turning one on " +
    "starts it afresh (discrepancies already recorded are not told); turning one off stops it without a " +
    `clearing message. ${CHECKS}`,
  tag: "Alerts",
  params: storeParams,
  body: updateAlertSettingsBodySchema,
  responses: { 200: { description: "The settings.", schema: alertSettingsResponseSchema } },
  errors: [400, ...AUTH, 413, 415],
});
