import { and, eq, inArray, isNotNull } from "drizzle-orm";
import type { Db } from "../../db";
import { staffUsers, storeMemberships, storeNotificationSettings } from "../../db/schema";
import { enqueueNotifications, type NotificationInput } from "../../webhooks/notifications/enqueue";

/**
 * One occasion to tell people about: an alert firing or clearing. Whoever finds the occasion (the alert
 * evaluation, a built-in watch) describes it once; `deliverAlert` decides who hears of it, how and when.
 */
export type AlertOccasion = {
  storeId: string;
  /** What raised it: a saved view's alert rule or one of the built-ins. */
  source: "saved_view" | "returns_waiting" | "shipments_late" | "discrepancies" | "webhook";
  /** The alert rule (or built-in setting) behind it, for the history and per-person choices. */
  ruleId: string | null;
  state: "firing" | "cleared";
  /**
   * Names this firing (or clearing) once: enqueued twice, it is told once (the outbox's unique dedupe key),
   * e.g. `alert:<ruleId>:<fired at ms>:firing`.
   */
  occasionKey: string;
  subject: string;
  /** Plain text; ends with the link. */
  body: string;
  /** The app's page that lists the rows (absolute). */
  link: string;
  /** Rows matching now, when the occasion is about a list (equals the rows of the list at `link`). */
  count: number | null;
  /** Who should hear of it: staff user ids; members of the store only (others are dropped here). */
  audience: readonly string[];
};

/**
 * The one door from an occasion to the outbox, called in the transaction that records it. Today: an instant
 * e-mail to each member of the store in `audience` (when `email` is on) and a chat message to the store's
 * chat URL. Per-person choices (instant or digest, channels, quiet hours) and store defaults decide here.
 */
export async function deliverAlert(
  db: Db,
  occasion: AlertOccasion,
  options: { email: boolean },
): Promise<number> {
  const inputs: NotificationInput[] = [];
  const common = {
    storeId: occasion.storeId,
    kind: occasion.state === "firing" ? ("alert" as const) : ("alert_cleared" as const),
    subject: occasion.subject,
    body: occasion.body,
    subjectId: occasion.ruleId,
    dedupeKey: occasion.occasionKey,
  };
  if (options.email && occasion.audience.length > 0) {
    const members = await db
      .select({ email: staffUsers.email })
      .from(storeMemberships)
      .innerJoin(staffUsers, eq(staffUsers.id, storeMemberships.userId))
      .where(
        and(
          eq(storeMemberships.storeId, occasion.storeId),
          inArray(storeMemberships.userId, [...occasion.audience]),
        ),
      );
    for (const member of members) inputs.push({ ...common, channel: "email", recipient: member.email });
  }
  const [chat] = await db
    .select({ url: storeNotificationSettings.chatWebhookUrl })
    .from(storeNotificationSettings)
    .where(
      and(
        eq(storeNotificationSettings.storeId, occasion.storeId),
        isNotNull(storeNotificationSettings.chatWebhookUrl),
      ),
    );
  if (chat?.url) inputs.push({ ...common, channel: "chat", recipient: chat.url });
  return (await enqueueNotifications(db, inputs)).length;
}
