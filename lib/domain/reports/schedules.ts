import { and, eq, inArray, or } from "drizzle-orm";
import type { Db } from "../../db";
import { reportSchedules, savedViews, staffUsers, storeMemberships, stores } from "../../db/schema";
import type { StaffRole } from "../../enums";
import { isId, newId } from "../../ids";
import {
  minutesOfWallTime,
  type PutReportSchedule,
  type ReportSchedule,
  wallTimeOfMinutes,
} from "../../schemas/notification-preferences";
import { DomainError, NotFoundError, ValidationError } from "../errors";
import { nextOccurrence } from "./occurrences";

/**
 * A saved view's report schedule (docs/notifications.md, "Scheduled reports"): one per view, managed by the
 * view's owner. A personal view's report goes to its owner; a shared view's to the members the owner chose.
 */

type Viewer = { storeId: string; userId: string; role: StaffRole };

export class ReportScheduleForbiddenError extends DomainError {
  readonly status = 403;
  readonly code = "auth/forbidden";
  constructor() {
    super("Only the view's owner may schedule its report.");
  }
}

/** The viewer's own view (NotFound when they cannot see it, Forbidden when it is another's shared view). */
async function ownView(db: Db, viewer: Viewer, viewId: string) {
  if (!isId("savedView", viewId)) throw new NotFoundError("saved-view", viewId);
  const [view] = await db
    .select({
      id: savedViews.id,
      ownerId: savedViews.ownerId,
      shared: savedViews.shared,
      timeZone: stores.timeZone,
    })
    .from(savedViews)
    .innerJoin(stores, eq(stores.id, savedViews.storeId))
    .where(
      and(
        eq(savedViews.id, viewId),
        eq(savedViews.storeId, viewer.storeId),
        or(eq(savedViews.shared, true), eq(savedViews.ownerId, viewer.userId)),
      ),
    );
  if (!view) throw new NotFoundError("saved-view", viewId);
  if (view.ownerId !== viewer.userId) throw new ReportScheduleForbiddenError();
  return view;
}

async function toSchedule(
  db: Db,
  row: typeof reportSchedules.$inferSelect,
  timeZone: string,
): Promise<ReportSchedule> {
  const people =
    row.recipients.length === 0
      ? []
      : await db
          .select({ id: staffUsers.id, name: staffUsers.name, email: staffUsers.email })
          .from(staffUsers)
          .where(inArray(staffUsers.id, row.recipients));
  return {
    id: row.id,
    savedViewId: row.savedViewId,
    frequency: row.frequency,
    weekday: row.weekday,
    time: wallTimeOfMinutes(row.timeOfDay),
    timeZone,
    recipients: people.sort((a, b) => a.name.localeCompare(b.name)),
    nextRunAt: row.nextRunAt.toISOString(),
    lastRunAt: row.lastRunAt?.toISOString() ?? null,
  };
}

export async function getReportSchedule(db: Db, viewer: Viewer, viewId: string): Promise<ReportSchedule> {
  const view = await ownView(db, viewer, viewId);
  const [row] = await db.select().from(reportSchedules).where(eq(reportSchedules.savedViewId, view.id));
  if (!row) throw new NotFoundError("report-schedule", viewId);
  return toSchedule(db, row, view.timeZone);
}

/**
 * Creates or replaces the view's schedule. The next occurrence counts from the current minute, so a
 * schedule set for this very minute is due at once (what the e2e spec uses instead of waiting on a clock).
 */
export async function putReportSchedule(
  db: Db,
  viewer: Viewer,
  viewId: string,
  input: PutReportSchedule,
  now = new Date(),
): Promise<ReportSchedule> {
  const view = await ownView(db, viewer, viewId);
  let recipients = [view.ownerId];
  if (view.shared && input.recipients && input.recipients.length > 0) {
    recipients = [...new Set(input.recipients)];
    const members = await db
      .select({ userId: storeMemberships.userId })
      .from(storeMemberships)
      .where(and(eq(storeMemberships.storeId, viewer.storeId), inArray(storeMemberships.userId, recipients)));
    const known = new Set(members.map((member) => member.userId));
    const strangers = recipients.filter((id) => !known.has(id));
    if (strangers.length > 0) {
      throw new ValidationError(
        "report-schedule",
        strangers.map((id) => ({
          path: "report_schedule.recipients",
          message: `${JSON.stringify(id)} is not a member of this store.`,
        })),
      );
    }
  }
  const timing = {
    frequency: input.frequency,
    weekday: input.frequency === "weekly" ? (input.weekday ?? null) : null,
    timeOfDay: minutesOfWallTime(input.time),
  };
  const thisMinute = new Date(Math.floor(now.getTime() / 60_000) * 60_000);
  const values = {
    ...timing,
    recipients,
    nextRunAt: nextOccurrence(timing, view.timeZone, thisMinute),
    updatedAt: now,
  };
  const [row] = await db
    .insert(reportSchedules)
    .values({
      id: newId("reportSchedule"),
      storeId: viewer.storeId,
      savedViewId: view.id,
      createdBy: viewer.userId,
      ...values,
    })
    .onConflictDoUpdate({ target: reportSchedules.savedViewId, set: values })
    .returning();
  if (!row) throw new Error("the report schedule was not saved");
  return toSchedule(db, row, view.timeZone);
}

export async function deleteReportSchedule(db: Db, viewer: Viewer, viewId: string): Promise<void> {
  const view = await ownView(db, viewer, viewId);
  const deleted = await db
    .delete(reportSchedules)
    .where(eq(reportSchedules.savedViewId, view.id))
    .returning({ id: reportSchedules.id });
  if (deleted.length === 0) throw new NotFoundError("report-schedule", viewId);
}
