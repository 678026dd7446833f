import { and, eq, inArray, lte, sql } from "drizzle-orm";
import type { Db } from "../../db";
import { reportSchedules, savedViews, staffUsers, storeMemberships, stores } from "../../db/schema";
import { enqueueNotifications } from "../../webhooks/notifications/enqueue";
import { csvBatch, csvHeader } from "../csv-text";
import type { WatchContext } from "../notification-watch";
import { wallClock } from "../zoned-time";
import { nextOccurrence } from "./occurrences";
import { savedViewExport } from "./view-rows";

/**
 * The reports' watch (docs/notifications.md, "Scheduled reports"): every due schedule sends its view's rows as
 * a CSV attachment to its recipients who still see the view, once per occurrence (`report:<schedule>:<occurrence>`
 * under the outbox's unique key), and moves on to the next occurrence after now (missed ones while the
 * server was down are not sent one by one: the latest stands for them).
 */

/** An attachment past this is cut at a row boundary and the e-mail says so (the list's export has it all). */
const MAX_ATTACHMENT_BYTES = 5 * 1024 * 1024;
const SCHEDULES_PER_RUN = 20;

async function reportCsv(
  db: Db,
  view: { storeId: string; list: "returns" | "shipments"; query: string },
  timeZone: string,
): Promise<{ text: string; complete: boolean }> {
  const { columns, rows } = savedViewExport(db, view, timeZone);
  let text = csvHeader(columns);
  for await (const batch of rows) {
    const next = csvBatch(batch);
    if (text.length + next.length > MAX_ATTACHMENT_BYTES) {
      const room = MAX_ATTACHMENT_BYTES - text.length;
      // Whole lines only (a cell's quoted line break may still end early; the note says the file is cut).
      text += next.slice(0, Math.max(0, next.lastIndexOf("\n", room) + 1));
      return { text, complete: false };
    }
    text += next;
  }
  return { text, complete: true };
}

/** Sends one due schedule, in its own transaction; false when another worker took it first. */
async function sendSchedule(db: Db, scheduleId: string, now: Date, context: WatchContext): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [due] = await tx
      .select({
        id: reportSchedules.id,
        storeId: reportSchedules.storeId,
        frequency: reportSchedules.frequency,
        weekday: reportSchedules.weekday,
        timeOfDay: reportSchedules.timeOfDay,
        recipients: reportSchedules.recipients,
        nextRunAt: reportSchedules.nextRunAt,
        viewName: savedViews.name,
        list: savedViews.list,
        query: savedViews.query,
        shared: savedViews.shared,
        ownerId: savedViews.ownerId,
        storeName: stores.name,
        timeZone: stores.timeZone,
      })
      .from(reportSchedules)
      .innerJoin(savedViews, eq(savedViews.id, reportSchedules.savedViewId))
      .innerJoin(stores, eq(stores.id, reportSchedules.storeId))
      .where(and(eq(reportSchedules.id, scheduleId), lte(reportSchedules.nextRunAt, now)))
      .for("update", { of: reportSchedules, skipLocked: true });
    if (!due) return false;
    const occurrence = due.nextRunAt;
    // Who still sees the view: members of the store, and for a personal view its owner only.
    const audience = due.shared ? due.recipients : due.recipients.filter((id) => id === due.ownerId);
    const people =
      context.email && audience.length > 0
        ? await tx
            .select({ email: staffUsers.email })
            .from(storeMemberships)
            .innerJoin(staffUsers, eq(staffUsers.id, storeMemberships.userId))
            .where(and(eq(storeMemberships.storeId, due.storeId), inArray(storeMemberships.userId, audience)))
        : [];
    if (people.length > 0) {
      const csv = await reportCsv(
        tx,
        { storeId: due.storeId, list: due.list, query: due.query },
        due.timeZone,
      );
      const day = wallClock(occurrence, due.timeZone).day;
      const link = `${context.publicUrl}/stores/${due.storeId}/${due.list}${due.query ? `?${due.query}` : ""}`;
      const note = csv.complete
        ? "The rows are attached as CSV, as the list's Export gives them."
        : "The attachment holds the first 5 MB of rows; Export on the list gives them all.";
      await enqueueNotifications(
        tx,
        people.map((person) => ({
          storeId: due.storeId,
          kind: "report" as const,
          channel: "email" as const,
          recipient: person.email,
          subject: `Report: ${due.viewName} (${due.storeName}, ${day})`,
          body: `Your scheduled report of the saved view "${due.viewName}".\n\n${note}\n\n${link}\n`,
          subjectId: due.id,
          dedupeKey: `report:${due.id}:${occurrence.toISOString()}`,
          attachment: {
            filename: `${due.list}-${due.viewName.replace(/[^A-Za-z0-9._-]+/g, "-")}-${day}.csv`,
            contentType: "text/csv; charset=utf-8",
            content: csv.text,
          },
        })),
      );
    }
    const after = new Date(Math.max(now.getTime(), occurrence.getTime()) + 1);
    await tx
      .update(reportSchedules)
      .set({
        lastRunAt: occurrence,
        nextRunAt: nextOccurrence(due, due.timeZone, after),
        updatedAt: sql`now()`,
      })
      .where(eq(reportSchedules.id, due.id));
    return true;
  });
}

export async function sendDueReports(db: Db, now: Date, context: WatchContext): Promise<void> {
  const due = await db
    .select({ id: reportSchedules.id })
    .from(reportSchedules)
    .where(lte(reportSchedules.nextRunAt, now))
    .orderBy(reportSchedules.nextRunAt)
    .limit(SCHEDULES_PER_RUN);
  for (const schedule of due) await sendSchedule(db, schedule.id, now, context);
}
