import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { notifications, storeMemberships, storeNotificationSettings, webhooks } from "../../db/schema";
import { type MailCatcher, startMailCatcher } from "../../dev-mail/catcher";
import { setupDemoTestDatabase } from "../../testing/demo-database";
import { insertWebhook, startReceiver } from "../../testing/webhook-deliveries";
import { DISABLE_AFTER_MS } from "../dispatcher/attempt";
import { type ChannelSenderOptions, channelSender } from "./channels";
import { enqueueNotifications } from "./enqueue";
import { enqueueWebhookWarnings, WARN_BEFORE_DISABLE_MS } from "./webhook-warnings";
import { NotificationWorker } from "./worker";

const demo = setupDemoTestDatabase();
let mail: MailCatcher;

beforeAll(async () => {
  mail = await startMailCatcher();
});
afterAll(async () => {
  await mail.close();
});

function worker(now: () => Date = () => new Date(), chat: Partial<ChannelSenderOptions> = {}) {
  return new NotificationWorker({
    db: demo.db,
    // The chat receivers listen on 127.0.0.1: private hosts allowed unless a test says otherwise.
    send: channelSender({
      smtpUrl: mail.smtpUrl,
      mailFrom: "Backroom <backroom@test.example>",
      allowPrivate: true,
      ...chat,
    }),
    // No wait between attempts: the test drives the retries itself.
    schedule: [0, 0],
    now,
  });
}

async function notificationRow(id: string) {
  const [row] = await demo.db.select().from(notifications).where(eq(notifications.id, id));
  return row;
}

describe("notification outbox", () => {
  it("retries an e-mail the SMTP server refused and delivers it exactly once", async () => {
    const [id] = await enqueueNotifications(demo.db, [
      {
        storeId: demo.storeId,
        kind: "test",
        channel: "email",
        recipient: "lead@test.example",
        subject: "Retry me",
        body: "Sent once.",
      },
    ]);
    mail.failNext(1);
    const sender = worker();
    // First pass: refused (451), pending again; second pass: accepted; a third finds nothing due.
    expect(await sender.drain()).toBe(2);
    expect(await sender.drain()).toBe(0);

    const received = mail.messages().filter((m) => m.subject === "Retry me");
    expect(received).toHaveLength(1);
    expect(received[0]).toMatchObject({
      to: ["lead@test.example"],
      messageId: `<${id}@backroom.notifications>`,
    });
    const [row] = await demo.db
      .select()
      .from(notifications)
      .where(eq(notifications.id, id as string));
    expect(row).toMatchObject({ status: "sent", attemptCount: 2, leaseOwner: null });
    expect(row?.lastError).toBeNull();
  });

  it("marks a message failed when the schedule is used up", async () => {
    const [id] = await enqueueNotifications(demo.db, [
      {
        storeId: demo.storeId,
        kind: "test",
        channel: "email",
        recipient: "x@test.example",
        subject: "Never",
        body: "",
      },
    ]);
    mail.failNext(3);
    await worker().drain();
    const [row] = await demo.db
      .select()
      .from(notifications)
      .where(eq(notifications.id, id as string));
    expect(row).toMatchObject({ status: "failed", attemptCount: 3 });
    expect(row?.lastError).toMatch(/451|refuse/i);
    expect(mail.messages().filter((m) => m.subject === "Never")).toHaveLength(0);
  });

  it("posts a chat message to an incoming-webhook URL", async () => {
    const receiver = await startReceiver();
    try {
      await enqueueNotifications(demo.db, [
        {
          storeId: demo.storeId,
          kind: "test",
          channel: "chat",
          recipient: receiver.url,
          subject: "Hi",
          body: "there",
        },
      ]);
      await worker().drain();
      expect(receiver.received.map((r) => JSON.parse(r.body))).toEqual([{ text: "*Hi*\nthere" }]);
    } finally {
      await receiver.close();
    }
  });

  it("refuses at send a chat host that resolves to a private address, and retries it on the schedule", async () => {
    const receiver = await startReceiver();
    // `.test` never resolves in real DNS: the injected resolver is the only way to the receiver.
    const port = new URL(receiver.url).port;
    const toLoopback = async () => [{ address: "127.0.0.1", family: 4 }];
    try {
      // A URL the saved-URL rule accepts (https, a public-looking name) whose name now answers 127.0.0.1.
      const [id] = await enqueueNotifications(demo.db, [
        {
          storeId: demo.storeId,
          kind: "test",
          channel: "chat",
          recipient: `https://chat.rebind.test:${port}/hook`,
          subject: "Rebound",
          body: "",
        },
      ]);
      const guarded = worker(undefined, { allowPrivate: false, lookup: toLoopback });
      // The schedule [0, 0] gives three attempts: refused each time, then failed.
      await guarded.drain();
      const row = await notificationRow(id as string);
      expect(row).toMatchObject({ status: "failed", attemptCount: 3 });
      expect(row?.lastError).toMatch(/refused: .*resolves to 127\.0\.0\.1/);
      expect(receiver.received).toHaveLength(0);

      // The same name with private hosts allowed (the development setting) is sent, to the checked address.
      const [allowedId] = await enqueueNotifications(demo.db, [
        {
          storeId: demo.storeId,
          kind: "test",
          channel: "chat",
          recipient: `http://chat.rebind.test:${port}/hook`,
          subject: "Allowed",
          body: "",
        },
      ]);
      await worker(undefined, { lookup: toLoopback }).drain();
      expect(await notificationRow(allowedId as string)).toMatchObject({ status: "sent", attemptCount: 1 });
      expect(receiver.received.map((r) => JSON.parse(r.body).text)).toEqual(["*Allowed*\n"]);
    } finally {
      await receiver.close();
    }
  });
});

describe("webhook failure warnings", () => {
  it("warns the store's admins and chat at each threshold, once each", async () => {
    const db = demo.db;
    const storeId = demo.storeId;
    const webhook = await insertWebhook(db, storeId, "http://127.0.0.1:9/failing");
    const chat = await startReceiver();
    await db.insert(storeNotificationSettings).values({ storeId, chatWebhookUrl: chat.url });
    const admins = await db
      .select()
      .from(storeMemberships)
      .where(and(eq(storeMemberships.storeId, storeId), eq(storeMemberships.role, "admin")));
    const audience = admins.length + 1;
    const t0 = new Date("2030-01-01T00:00:00.000Z");
    const warn = (now: Date) =>
      enqueueWebhookWarnings(db, { now, publicUrl: "http://app.test", email: true });
    const sent = async (kind: string) =>
      (
        await db
          .select()
          .from(notifications)
          .where(
            and(eq(notifications.subjectId, webhook.id), eq(notifications.kind, kind as "webhook_failing")),
          )
      ).length;

    try {
      // Two failures: not yet news.
      await db
        .update(webhooks)
        .set({ failingSince: t0, consecutiveFailures: 2 })
        .where(eq(webhooks.id, webhook.id));
      expect(await warn(t0)).toBe(0);
      // The third: the streak is told, once however often the watch runs.
      await db.update(webhooks).set({ consecutiveFailures: 3 }).where(eq(webhooks.id, webhook.id));
      expect(await warn(t0)).toBe(audience);
      expect(await warn(new Date(t0.getTime() + 60_000))).toBe(0);
      expect(await sent("webhook_failing")).toBe(audience);

      // 24 h before it would be disabled.
      const soon = new Date(t0.getTime() + DISABLE_AFTER_MS - WARN_BEFORE_DISABLE_MS);
      expect(await warn(new Date(soon.getTime() - 1000))).toBe(0);
      expect(await warn(soon)).toBe(audience);
      expect(await warn(soon)).toBe(0);

      // Disabled by the dispatcher.
      await db
        .update(webhooks)
        .set({ disabledAt: new Date(t0.getTime() + DISABLE_AFTER_MS) })
        .where(eq(webhooks.id, webhook.id));
      expect(await warn(new Date(t0.getTime() + DISABLE_AFTER_MS))).toBe(audience);
      expect(await warn(new Date(t0.getTime() + DISABLE_AFTER_MS + 1000))).toBe(0);

      // Enabled again and delivering: recovered, once.
      await db
        .update(webhooks)
        .set({
          disabledAt: null,
          failingSince: null,
          consecutiveFailures: 0,
          lastSuccessAt: new Date(Date.now() + 60_000),
        })
        .where(eq(webhooks.id, webhook.id));
      expect(await warn(new Date())).toBe(audience);
      expect(await warn(new Date())).toBe(0);

      // The e-mails and chat posts go out through the outbox.
      await worker().drain();
      const subjects = mail.messages().map((m) => m.subject);
      for (const prefix of [
        "Webhook failing",
        "Webhook will be disabled",
        "Webhook disabled",
        "Webhook recovered",
      ]) {
        expect(subjects.filter((s) => s.startsWith(prefix) && s.endsWith(webhook.url))).toHaveLength(
          admins.length,
        );
      }
      expect(chat.received).toHaveLength(4);
    } finally {
      await chat.close();
    }
  });
});
