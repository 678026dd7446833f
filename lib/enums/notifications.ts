/**
 * The notification outbox (docs/notifications.md): what a notice is about, how it travels and where it is.
 * A later alert (saved-view alerts, digests, scheduled reports) adds its kind here and enqueues like these.
 */
export const NOTIFICATION_KINDS = [
  "invitation",
  "password_reset",
  "webhook_failing",
  "webhook_disable_soon",
  "webhook_disabled",
  "webhook_recovered",
  "test",
  /** An alert rule's condition began (a saved view's threshold, a built-in such as returns waiting). */
  "alert",
  /** The condition of an alert that was sent has ended. */
  "alert_cleared",
  /** One person's daily digest: what is waiting, with links. */
  "digest",
  /** A saved view's rows as CSV, on its schedule. */
  "report",
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** `email` through SMTP (nodemailer), `chat` a JSON POST to an incoming-webhook URL (Slack and alike). */
export const NOTIFICATION_CHANNELS = ["email", "chat"] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];

/** `pending` until accepted (then `sent`) or the retry schedule is used up (`failed`). */
export const NOTIFICATION_STATUSES = ["pending", "sent", "failed"] as const;
