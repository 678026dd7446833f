import { and, asc, eq, isNull, sql } from "drizzle-orm";
import type { Db } from "../../db";
import {
  digestItems,
  staffUsers,
  storeMemberships,
  storeNotificationSettings,
  stores,
} from "../../db/schema";
import type { AlertSource } from "../../enums";
import { enqueueNotifications, type NotificationInput } from "../../webhooks/notifications/enqueue";
import { emailedSources } from "../alerts/preferences";
import { countDiscrepancies } from "../inbound-shipments/discrepancies";
import type { WatchContext } from "../notification-watch";
import { overviewCounts } from "../overview/counts";
import { returnFilterConditions } from "../returns/list";
import { wallClock } from "../zoned-time";

/**
 * The daily digest (docs/notifications.md, "Daily digest"): at 07:00 in each store's time zone, one e-mail to
 * each member who has something waiting in that store: the counts of work waiting (with links to the lists
 * filtered to exactly those rows, counted with the lists' own filter conditions) and the alert occasions
 * they chose to get as digest since the last one. Nothing waiting: no e-mail.
 */

/** 07:00 of the store's day. */
export const DIGEST_MINUTE_OF_DAY = 7 * 60;

/** The waiting work: what it counts, and the page (or report) that lists those rows. */
type Waiting = { source: AlertSource; count: number; label: string; path: string };

/**
 * What waits on the store's staff: the overview's counts that need action (one home for "waiting", so the
 * digest and the overview never disagree) plus returns in `needs_review` (what the returns-waiting alert
 * watches) and open receiving discrepancies. Each count uses its list's own filter conditions.
 */
async function waitingWork(db: Db, storeId: string): Promise<Waiting[]> {
  const counts = await overviewCounts(db, storeId);
  const [review] = (
    await db.execute<{ count: number }>(sql`
      select count(*)::int as count from returns
      where ${and(...returnFilterConditions({ storeId, status: "needs_review" }))}`)
  ).rows;
  // Open: on shipments still being received. The report at the link lists the same lines.
  const discrepancies = await countDiscrepancies(db, { storeId, status: "PARTIALLY_RECEIVED" });
  const returnsAt = (status: string) => `/stores/${storeId}/returns?status=${status}`;
  const work: Waiting[] = [
    {
      source: "returns_waiting",
      count: counts.returnsAwaitingReview,
      label: "returns awaiting authorization",
      path: returnsAt("pre_shipment"),
    },
    {
      source: "returns_waiting",
      count: Number(review?.count ?? 0),
      label: "returns needing review",
      path: returnsAt("needs_review"),
    },
    {
      source: "returns_waiting",
      count: counts.returnsFlagged,
      label: "flagged returns",
      path: returnsAt("flagged"),
    },
    {
      source: "returns_waiting",
      count: counts.returnsAwaitingProcessing,
      label: "delivered returns awaiting processing",
      path: returnsAt("delivered"),
    },
    {
      source: "shipments_late",
      count: counts.shipmentsLate,
      label: "late shipments",
      path: `/stores/${storeId}/shipments?late=true`,
    },
    {
      source: "discrepancies",
      count: discrepancies,
      label: "open discrepancies (lines of shipments still being received)",
      path: `/api/v2.2/stores/${storeId}/inbound-shipments/discrepancies/export?status=PARTIALLY_RECEIVED`,
    },
  ];
  return work.filter((item) => item.count > 0);
}

/**
 * The store's digest for `day`, in one transaction: claimed on the store's settings row (several workers:
 * one builds it), each member's e-mail enqueued with `digest:<user>:<store>:<day>` and their items marked.
 */
async function sendStoreDigest(
  db: Db,
  store: { id: string; name: string },
  day: string,
  context: WatchContext,
): Promise<void> {
  await db.transaction(async (tx) => {
    const claimed = await tx
      .insert(storeNotificationSettings)
      .values({ storeId: store.id, digestSentOn: day })
      .onConflictDoUpdate({
        target: storeNotificationSettings.storeId,
        set: { digestSentOn: day },
        setWhere: sql`${storeNotificationSettings.digestSentOn} is distinct from ${day}`,
      })
      .returning({ storeId: storeNotificationSettings.storeId });
    if (claimed.length === 0) return;
    const waiting = await waitingWork(tx, store.id);
    const members = await tx
      .select({ userId: staffUsers.id, email: staffUsers.email })
      .from(storeMemberships)
      .innerJoin(staffUsers, eq(staffUsers.id, storeMemberships.userId))
      .where(eq(storeMemberships.storeId, store.id));
    const inputs: NotificationInput[] = [];
    for (const member of members) {
      const sources = await emailedSources(tx, store.id, member.userId);
      const work = waiting.filter((item) => sources.has(item.source));
      const items = await tx
        .select({ subject: digestItems.subject, link: digestItems.link })
        .from(digestItems)
        .where(
          and(
            eq(digestItems.storeId, store.id),
            eq(digestItems.userId, member.userId),
            isNull(digestItems.digestedAt),
          ),
        )
        .orderBy(asc(digestItems.createdAt), asc(digestItems.occasionKey));
      if (work.length === 0 && items.length === 0) continue;
      const lines = [`Good morning. What is waiting in ${store.name} today (${day}):`, ""];
      for (const item of work) lines.push(`- ${item.count} ${item.label}: ${context.publicUrl}${item.path}`);
      if (items.length > 0) {
        if (work.length > 0) lines.push("");
        lines.push("Alerts since the last digest:");
        for (const item of items) lines.push(`- ${item.subject}: ${item.link}`);
      }
      lines.push("", "Change what you get under Account -> Notifications.");
      inputs.push({
        storeId: store.id,
        kind: "digest",
        channel: "email",
        recipient: member.email,
        subject: `Backroom digest: ${store.name}, ${day}`,
        body: `${lines.join("\n")}\n`,
        dedupeKey: `digest:${member.userId}:${store.id}:${day}`,
      });
      await tx
        .update(digestItems)
        .set({ digestedAt: new Date() })
        .where(
          and(
            eq(digestItems.storeId, store.id),
            eq(digestItems.userId, member.userId),
            isNull(digestItems.digestedAt),
          ),
        );
    }
    await enqueueNotifications(tx, inputs);
  });
}

/** The watch: each store past 07:00 of its day whose digest for that day is not sent yet. */
export async function sendDailyDigests(db: Db, now: Date, context: WatchContext): Promise<void> {
  if (!context.email) return;
  const candidates = await db
    .select({
      id: stores.id,
      name: stores.name,
      timeZone: stores.timeZone,
      sentOn: storeNotificationSettings.digestSentOn,
    })
    .from(stores)
    .leftJoin(storeNotificationSettings, eq(storeNotificationSettings.storeId, stores.id));
  for (const store of candidates) {
    const clock = wallClock(now, store.timeZone);
    if (clock.minuteOfDay < DIGEST_MINUTE_OF_DAY || store.sentOn === clock.day) continue;
    await sendStoreDigest(db, store, clock.day, context);
  }
}
