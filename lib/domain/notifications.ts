import { and, desc, eq, type SQL, sql } from "drizzle-orm";
import { readConfig } from "../config";
import type { Db } from "../db";
import { notifications, staffUsers, storeNotificationSettings } from "../db/schema";
import type {
  ListNotificationsQuery,
  NotificationSettings,
  NotificationView,
} from "../schemas/notifications";
import { enqueueNotifications, type NotificationInput } from "../webhooks/notifications/enqueue";
import { escapeLike } from "./inventory-items/list-inventory-items";
import type { KeysetPosition } from "./paging";

/** A store's notification settings and history (docs/notifications.md). */

export async function getNotificationSettings(db: Db, storeId: string): Promise<NotificationSettings> {
  const config = readConfig();
  const [row] = await db
    .select({ chatWebhookUrl: storeNotificationSettings.chatWebhookUrl })
    .from(storeNotificationSettings)
    .where(eq(storeNotificationSettings.storeId, storeId));
  return {
    email: { configured: config.smtpUrl !== undefined, from: config.smtpUrl ? config.mailFrom : null },
    chatWebhookUrl: row?.chatWebhookUrl ?? null,
  };
}

export async function updateNotificationSettings(
  db: Db,
  storeId: string,
  input: { chatWebhookUrl: string | null },
): Promise<NotificationSettings> {
  const chatWebhookUrl = input.chatWebhookUrl || null;
  await db
    .insert(storeNotificationSettings)
    .values({ storeId, chatWebhookUrl })
    .onConflictDoUpdate({
      target: storeNotificationSettings.storeId,
      set: { chatWebhookUrl, updatedAt: new Date() },
    });
  return getNotificationSettings(db, storeId);
}

/** Queues a test message to the caller's own address (with e-mail on) and the store's chat URL. */
export async function sendTestNotification(
  db: Db,
  storeId: string,
  userId: string,
): Promise<{ channel: "email" | "chat"; recipient: string }[]> {
  const settings = await getNotificationSettings(db, storeId);
  const [user] = await db
    .select({ email: staffUsers.email })
    .from(staffUsers)
    .where(eq(staffUsers.id, userId));
  const message = {
    storeId,
    kind: "test" as const,
    subject: "Backroom test notification",
    body: "This is a test from Settings → Notifications: notices of this store reach you here.",
  };
  const inputs: NotificationInput[] = [];
  if (settings.email.configured && user) inputs.push({ ...message, channel: "email", recipient: user.email });
  if (settings.chatWebhookUrl)
    inputs.push({ ...message, channel: "chat", recipient: settings.chatWebhookUrl });
  await enqueueNotifications(db, inputs);
  return inputs.map(({ channel, recipient }) => ({ channel, recipient: shownRecipient(channel, recipient) }));
}

/** A chat URL carries its secret in the path (Slack's /services/T…/B…/secret): shown up to its host. */
function shownRecipient(channel: "email" | "chat", recipient: string): string {
  if (channel === "email") return recipient;
  try {
    return `${new URL(recipient).origin}/…`;
  } catch {
    return "chat";
  }
}

/**
 * The recipient as the history shows it, for the search: a chat URL only up to its origin, so the search
 * cannot be used to guess the secret in its path letter by letter.
 */
const searchableRecipient = sql`case when ${notifications.channel} = 'chat'
  then substring(${notifications.recipient} from '^[a-zA-Z][a-zA-Z0-9+.-]*://[^/?#]*')
  else ${notifications.recipient} end`;

/**
 * A page of the store's notifications, newest first. The filters narrow rows found along the store's index
 * (store_id, created_at), which also serves the order and the keyset: a store's history is thousands of rows,
 * not millions, so no index per filter.
 */
export async function listNotifications(
  db: Db,
  params: ListNotificationsQuery & { storeId: string; limit: number; after?: KeysetPosition },
): Promise<{ notifications: NotificationView[]; next?: KeysetPosition }> {
  const conditions: SQL[] = [eq(notifications.storeId, params.storeId)];
  if (params.kind) conditions.push(eq(notifications.kind, params.kind));
  if (params.channel) conditions.push(eq(notifications.channel, params.channel));
  if (params.status) conditions.push(eq(notifications.status, params.status));
  if (params.recipient)
    conditions.push(sql`${searchableRecipient} ilike ${`%${escapeLike(params.recipient)}%`}`);
  if (params.created_at_min)
    conditions.push(sql`${notifications.createdAt} >= ${params.created_at_min}::timestamptz`);
  if (params.created_at_max)
    conditions.push(sql`${notifications.createdAt} < ${params.created_at_max}::timestamptz`);
  if (params.after) {
    conditions.push(
      sql`(${notifications.createdAt}, ${notifications.id}) < (${params.after.updatedAt.toISOString()}::timestamptz, ${params.after.id})`,
    );
  }
  const rows = await db
    .select()
    .from(notifications)
    .where(and(...conditions))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(params.limit + 1);
  const page = rows.slice(0, params.limit);
  const last = page.at(-1);
  return {
    notifications: page.map((row) => ({
      id: row.id,
      kind: row.kind,
      channel: row.channel,
      recipient: shownRecipient(row.channel, row.recipient),
      subject: row.subject,
      status: row.status,
      attempts: row.attemptCount,
      lastError: row.lastError,
      createdAt: row.createdAt.toISOString(),
      sentAt: row.sentAt?.toISOString() ?? null,
    })),
    ...(rows.length > params.limit && last ? { next: { updatedAt: last.createdAt, id: last.id } } : {}),
  };
}

export const NOTIFICATION_EXPORT_COLUMNS = [
  "id",
  "kind",
  "channel",
  "recipient",
  "subject",
  "status",
  "attempts",
  "last_error",
  "created_at",
  "sent_at",
] as const;

/**
 * The notifications the history's filters select, one CSV row each, newest first, a page at a time. The
 * recipient is the one the history shows: a chat URL only up to its origin, its secret path never leaves.
 */
export async function* notificationExportRows(
  db: Db,
  filters: ListNotificationsQuery & { storeId: string },
): AsyncGenerator<(string | number | null)[][]> {
  let after: KeysetPosition | undefined;
  for (;;) {
    const page = await listNotifications(db, { ...filters, limit: 500, after });
    const rows = page.notifications.map((n) => [
      n.id,
      n.kind,
      n.channel,
      n.recipient,
      n.subject,
      n.status,
      n.attempts,
      n.lastError,
      n.createdAt,
      n.sentAt,
    ]);
    if (rows.length > 0) yield rows;
    if (!page.next) return;
    after = page.next;
  }
}
