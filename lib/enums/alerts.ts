/** Alerts (docs/notifications.md "Alerts"): what raises one and how a saved view's alert decides. */

/**
 * What an alert rule watches: a saved view (its owner's rule), or one of the store's built-ins, which its
 * admins configure: returns waiting for review too long, late shipments, new receiving discrepancies. Each is
 * also an alert source people choose delivery for (`ALERT_SOURCES`, which adds the webhook warnings).
 */
export const ALERT_RULE_SOURCES = [
  "saved_view",
  "returns_waiting",
  "shipments_late",
  "discrepancies",
] as const;

/** The built-ins: one rule per store each, configured on Settings → Notifications. */
export const BUILT_IN_ALERTS = ["returns_waiting", "shipments_late", "discrepancies"] as const;
export type BuiltInAlert = (typeof BUILT_IN_ALERTS)[number];

/**
 * `threshold`: the view lists more than N rows for M minutes (fires once, clears when it lists N or fewer);
 * `new_rows`: a row appears that the view did not list at the previous evaluation (each such evaluation is
 * one occasion; nothing to clear).
 */
export const ALERT_CONDITIONS = ["threshold", "new_rows"] as const;
export type AlertCondition = (typeof ALERT_CONDITIONS)[number];
