import type { Db } from "../db";
import { deliverAlert } from "./alerts/deliver";
import { evaluateAlerts } from "./alerts/evaluate";
import { sendDailyDigests } from "./digests/daily-digest";
import { DUE_EVENTS } from "./events/coalesce";
import { sendDueReports } from "./reports/send";

/** What a watch needs to know of the server: where the app is (for links) and whether e-mail is configured. */
export type WatchContext = { publicUrl: string; email: boolean };

/** Finds occasions to tell people about and enqueues their notices (docs/notifications.md). */
type NotificationWatch = (db: Db, now: Date, context: WatchContext) => Promise<void>;

/**
 * The domain's watches, run in order on the notification worker's watch (every 15 s, beside the webhook
 * warnings). One failing does not stop the others; their errors are reported together.
 */
// Alerts first: an occasion in digest mode is then in the same pass's digest.
const WATCHES: readonly NotificationWatch[] = [evaluateAlerts, sendDailyDigests, sendDueReports];

async function watchForNotices(db: Db, now: Date, context: WatchContext): Promise<void> {
  const errors: unknown[] = [];
  for (const watch of WATCHES) {
    try {
      await watch(db, now, context);
    } catch (error) {
      errors.push(error);
    }
  }
  if (errors.length === 1) throw errors[0];
  if (errors.length > 1) throw new AggregateError(errors, "Several notification watches failed");
}

/**
 * The domain's background work the engine runs without importing the domain: coalesced events that fall
 * due (the dispatcher) and the notification watches (the notification worker). Handed to `runDispatcher`
 * by the web server's startup and `npm run worker`.
 */
export const DOMAIN_WORK = { dueEvents: DUE_EVENTS, watch: watchForNotices, deliverAlert };
