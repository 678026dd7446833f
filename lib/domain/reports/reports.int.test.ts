import { eq, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { csvResponse } from "../../api/csv";
import { notifications, staffUsers, storeMemberships, stores } from "../../db/schema";
import { type MailCatcher, startMailCatcher } from "../../dev-mail/catcher";
import { setupDemoTestDatabase } from "../../testing/demo-database";
import { channelSender } from "../../webhooks/notifications/channels";
import { NotificationWorker } from "../../webhooks/notifications/worker";
import { RETURN_EXPORT_COLUMNS, returnExportRows } from "../returns/export";
import { returnFiltersOf } from "../returns/list";
import { createSavedView } from "../saved-views";
import { putReportSchedule } from "./schedules";
import { sendDueReports } from "./send";

const demo = setupDemoTestDatabase();
const context = { publicUrl: "https://backroom.example", email: true };
let mail: MailCatcher;
beforeAll(async () => {
  mail = await startMailCatcher();
});
afterAll(async () => {
  await mail.close();
});

async function twoMembers() {
  const rows = await demo.db
    .select({ userId: storeMemberships.userId, email: staffUsers.email })
    .from(storeMemberships)
    .innerJoin(staffUsers, eq(staffUsers.id, storeMemberships.userId))
    .where(eq(storeMemberships.storeId, demo.storeId))
    .limit(2);
  const [owner, other] = rows;
  if (!owner || !other) throw new Error("the demo store needs two members");
  return { owner, other };
}

describe("scheduled reports", () => {
  it("fire at 08:00 New York time across the spring change, once per occurrence, only to members", async () => {
    const storeId = demo.storeId;
    await demo.db.update(stores).set({ timeZone: "America/New_York" }).where(eq(stores.id, storeId));
    const { owner, other } = await twoMembers();
    const viewer = { storeId, userId: owner.userId, role: "editor" as const };
    const view = await createSavedView(demo.db, viewer, {
      list: "returns",
      name: "Daily delivered",
      query: "status=delivered",
      shared: true,
    });
    const schedule = await putReportSchedule(
      demo.db,
      viewer,
      view.id,
      { frequency: "daily", time: "08:00", recipients: [owner.userId, other.userId] },
      new Date("2026-03-06T12:00:00Z"),
    );
    expect(schedule.nextRunAt).toBe("2026-03-06T13:00:00.000Z");

    // Every 15 s around each expected instant: a run just before sends nothing, the run at it sends once.
    for (const at of ["2026-03-06T12:59:50Z", "2026-03-06T13:00:00Z", "2026-03-06T13:00:15Z"]) {
      await sendDueReports(demo.db, new Date(at), context);
    }
    await sendDueReports(demo.db, new Date("2026-03-07T13:00:05Z"), context);
    // `other` leaves the store before the third: no report reaches someone who cannot see the store.
    await demo.db.delete(storeMemberships).where(eq(storeMemberships.userId, other.userId));
    // March 8 is the spring change: 08:00 EDT is 12:00 UTC.
    await sendDueReports(demo.db, new Date("2026-03-08T11:59:59Z"), context);
    await sendDueReports(demo.db, new Date("2026-03-08T12:00:00Z"), context);
    await sendDueReports(demo.db, new Date("2026-03-08T12:00:30Z"), context);

    const rows = await demo.db
      .select({ key: notifications.dedupeKey, recipient: notifications.recipient })
      .from(notifications)
      .where(like(notifications.dedupeKey, `report:${schedule.id}:%`));
    const sent = rows.map((row) => `${row.key?.split(":").slice(2).join(":")} ${row.recipient}`).sort();
    expect(sent).toEqual(
      [
        `2026-03-06T13:00:00.000Z ${owner.email}`,
        `2026-03-06T13:00:00.000Z ${other.email}`,
        `2026-03-07T13:00:00.000Z ${owner.email}`,
        `2026-03-07T13:00:00.000Z ${other.email}`,
        `2026-03-08T12:00:00.000Z ${owner.email}`,
      ].sort(),
    );
  });

  it("attaches the rows as the list's export gives them, and the CSV arrives at the SMTP server", async () => {
    const storeId = demo.storeId;
    const { owner } = await twoMembers();
    const viewer = { storeId, userId: owner.userId, role: "editor" as const };
    const view = await createSavedView(demo.db, viewer, {
      list: "returns",
      name: "Open ones",
      query: "status=open&sort=created_at&order=asc",
      shared: false,
    });
    const now = new Date();
    const schedule = await putReportSchedule(
      demo.db,
      viewer,
      view.id,
      // This very minute: due at once.
      {
        frequency: "daily",
        time: new Date(now).toLocaleTimeString("en-GB", {
          timeZone: "America/New_York",
          hour: "2-digit",
          minute: "2-digit",
          hourCycle: "h23",
        }),
      },
      now,
    );
    expect(new Date(schedule.nextRunAt).getTime()).toBeLessThanOrEqual(now.getTime());
    await sendDueReports(demo.db, now, context);
    await new NotificationWorker({
      db: demo.db,
      send: channelSender({ smtpUrl: mail.smtpUrl, mailFrom: "Backroom <backroom@test.example>" }),
      schedule: [0],
    }).drain();

    const received = await mail.waitFor((m) => m.subject.startsWith("Report: Open ones"));
    expect(received.to).toEqual([owner.email]);
    const expected = await csvResponse(
      "x.csv",
      RETURN_EXPORT_COLUMNS,
      returnExportRows(demo.db, returnFiltersOf(storeId, { status: "open" })),
    ).text();
    expect(expected.split("\n").length).toBeGreaterThan(2);
    expect(received.attachments).toHaveLength(1);
    expect(received.attachments[0]?.filename).toMatch(/^returns-Open-ones-\d{4}-\d{2}-\d{2}\.csv$/);
    // Response.text() drops the byte-order mark the file starts with; the rows are compared without it.
    const withoutBom = (text: string) => text.replace(/^\uFEFF/, "");
    expect(withoutBom(received.attachments[0]?.content ?? "")).toBe(withoutBom(expected));
  });
});
