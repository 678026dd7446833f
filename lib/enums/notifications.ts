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

/**
 * What raised an alert occasion (lib/domain/alerts/deliver.ts): a saved view's alert rule or a built-in.
 * Each person chooses per source how they hear of it (docs/notifications.md, "Preferences").
 */
export const ALERT_SOURCES = [
  "saved_view",
  "returns_waiting",
  "shipments_late",
  "discrepancies",
  "webhook",
] as const;
export type AlertSource = (typeof ALERT_SOURCES)[number];

/** `instant`: an e-mail at once (after quiet hours); `digest`: listed in the next daily digest. */
export const ALERT_DELIVERIES = ["instant", "digest"] as const;
export type AlertDelivery = (typeof ALERT_DELIVERIES)[number];

/** How often a saved view's report is sent: every day, or on one weekday, at a time of the store's day. */
export const REPORT_FREQUENCIES = ["daily", "weekly"] as const;
export type ReportFrequency = (typeof REPORT_FREQUENCIES)[number];

/** One person's (or the store default's) choice for one alert source. */
export type AlertChoice = { delivery: AlertDelivery; email: boolean };
/** The store default for one alert source: the members' choice, and whether it goes to the store's chat URL. */
export type AlertDefault = AlertChoice & { chat: boolean };
