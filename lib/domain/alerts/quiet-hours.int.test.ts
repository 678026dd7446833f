import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { notifications, staffUsers, storeMemberships, stores } from "../../db/schema";
import { type MailCatcher, startMailCatcher } from "../../dev-mail/catcher";
import { wallTimeOfMinutes } from "../../schemas/notification-preferences";
import { setupDemoTestDatabase } from "../../testing/demo-database";
import { channelSender } from "../../webhooks/notifications/channels";
import { NotificationWorker } from "../../webhooks/notifications/worker";
import { wallClock } from "../zoned-time";
import { deliverAlert } from "./deliver";
import { updateMyNotificationPreferences } from "./preferences";

const demo = setupDemoTestDatabase();
let mail: MailCatcher;
beforeAll(async () => {
  mail = await startMailCatcher();
});
afterAll(async () => {
  await mail.close();
});

const worker = (now: Date) =>
  new NotificationWorker({
    db: demo.db,
    send: channelSender({ smtpUrl: mail.smtpUrl, mailFrom: "Backroom <backroom@test.example>" }),
    schedule: [0],
    now: () => now,
  });

describe("quiet hours", () => {
  it("hold an instant e-mail until they end in the store's time zone, then it is sent", async () => {
    const storeId = demo.storeId;
    await demo.db.update(stores).set({ timeZone: "America/New_York" }).where(eq(stores.id, storeId));
    const [quiet, awake] = await demo.db
      .select({ userId: storeMemberships.userId, email: staffUsers.email })
      .from(storeMemberships)
      .innerJoin(staffUsers, eq(staffUsers.id, storeMemberships.userId))
      .where(eq(storeMemberships.storeId, storeId))
      .limit(2);
    if (!quiet || !awake) throw new Error("the demo store needs two members");
    // Quiet from an hour ago to an hour from now, New York time (the outbox's clock is the database's).
    const now = new Date();
    const { minuteOfDay } = wallClock(now, "America/New_York");
    const hhmm = (minutes: number) => wallTimeOfMinutes((minutes + 1440) % 1440);
    await updateMyNotificationPreferences(demo.db, storeId, quiet.userId, {
      quietHours: { mode: "own", start: hhmm(minuteOfDay - 60), end: hhmm(minuteOfDay + 60) },
    });
    await updateMyNotificationPreferences(demo.db, storeId, awake.userId, { quietHours: { mode: "off" } });
    await deliverAlert(
      demo.db,
      {
        storeId,
        source: "shipments_late",
        ruleId: null,
        state: "firing",
        occasionKey: "alert:quiet-test:1:firing",
        subject: "Quiet test: 2 shipments late",
        body: "2 shipments are late.\n\nhttps://backroom.example/late\n",
        link: "https://backroom.example/late",
        count: 2,
        audience: [quiet.userId, awake.userId],
      },
      { email: true, now },
    );
    const rows = await demo.db
      .select({ recipient: notifications.recipient, nextAttemptAt: notifications.nextAttemptAt })
      .from(notifications)
      .where(
        and(eq(notifications.dedupeKey, "alert:quiet-test:1:firing"), eq(notifications.channel, "email")),
      );
    const due = Object.fromEntries(rows.map((row) => [row.recipient, row.nextAttemptAt]));
    const end = due[quiet.email] as Date;
    // The end of the quiet hours: the next whole minute an hour on, 07:00-like in the store's zone.
    expect(end.getTime() - now.getTime()).toBeGreaterThan(59 * 60_000);
    expect(end.getTime() - now.getTime()).toBeLessThanOrEqual(60 * 60_000);
    expect(wallClock(end, "America/New_York").minuteOfDay).toBe((minuteOfDay + 60) % 1440);
    expect((due[awake.email] as Date).getTime()).toBeLessThanOrEqual(Date.now());

    const mine = () => mail.messages().filter((m) => m.subject === "Quiet test: 2 shipments late");
    // A minute before the end: the held one stays; the other went at once.
    await worker(new Date(end.getTime() - 60_000)).drain();
    expect(mine().flatMap((m) => m.to)).toEqual([awake.email]);
    await worker(end).drain();
    expect(
      mine()
        .flatMap((m) => m.to)
        .sort(),
    ).toEqual([awake.email, quiet.email].sort());
  });
});
