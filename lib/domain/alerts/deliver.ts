import { and, eq, isNotNull } from "drizzle-orm";
import type { Db } from "../../db";
import { digestItems, storeNotificationSettings } from "../../db/schema";
import type { NotificationKind } from "../../enums";
import { enqueueNotifications, type NotificationInput } from "../../webhooks/notifications/enqueue";
import { listenersOf } from "./preferences";
import { quietUntil } from "./quiet-hours";

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
  /**
   * The outbox kind, when not `alert` / `alert_cleared` by `state`: a webhook warning keeps its own
   * (`webhook_failing`, …), which its later "recovered" notice looks for.
   */
  kind?: NotificationKind;
};

/**
 * The one door from an occasion to the outbox, called in the transaction that records it
 * (docs/notifications.md, "Preferences"). Each member of the store in `audience` hears of it as they chose
 * for its source (their own choice, else the store default): an instant e-mail, held past their quiet hours
 * by a later `next_attempt_at`; or an item of their next daily digest; or nothing with e-mail off. The
 * store's chat URL gets it when the store default for the source says so. `email` false (no SMTP server)
 * leaves e-mail and digests out. Returns the notices enqueued plus the digest items recorded: a second call
 * for the same occasion adds none.
 */
export async function deliverAlert(
  db: Db,
  occasion: AlertOccasion,
  options: { email: boolean; now?: Date },
): Promise<number> {
  const now = options.now ?? new Date();
  const { listeners, chat, timeZone } = await listenersOf(
    db,
    occasion.storeId,
    occasion.audience,
    occasion.source,
  );
  const inputs: NotificationInput[] = [];
  const common = {
    storeId: occasion.storeId,
    kind: occasion.kind ?? (occasion.state === "firing" ? ("alert" as const) : ("alert_cleared" as const)),
    subject: occasion.subject,
    body: occasion.body,
    subjectId: occasion.ruleId,
    dedupeKey: occasion.occasionKey,
  };
  const digest: (typeof digestItems.$inferInsert)[] = [];
  if (options.email) {
    for (const listener of listeners) {
      if (!listener.choice.email) continue;
      if (listener.choice.delivery === "digest") {
        digest.push({
          userId: listener.userId,
          storeId: occasion.storeId,
          occasionKey: occasion.occasionKey,
          source: occasion.source,
          subject: occasion.subject.slice(0, 1000),
          link: occasion.link,
        });
        continue;
      }
      const held = quietUntil(now, listener.quietHours, timeZone);
      inputs.push({
        ...common,
        channel: "email",
        recipient: listener.email,
        ...(held ? { notBefore: held } : {}),
      });
    }
  }
  if (chat) {
    const [row] = await db
      .select({ url: storeNotificationSettings.chatWebhookUrl })
      .from(storeNotificationSettings)
      .where(
        and(
          eq(storeNotificationSettings.storeId, occasion.storeId),
          isNotNull(storeNotificationSettings.chatWebhookUrl),
        ),
      );
    if (row?.url) inputs.push({ ...common, channel: "chat", recipient: row.url });
  }
  const recorded =
    digest.length === 0
      ? []
      : await db
          .insert(digestItems)
          .values(digest)
          .onConflictDoNothing()
          .returning({ userId: digestItems.userId });
  return (await enqueueNotifications(db, inputs)).length + recorded.length;
}
