import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { digestItems, notifications, staffUsers, storeMemberships, webhooks } from "../../db/schema";
import { setupDemoTestDatabase } from "../../testing/demo-database";
import { insertWebhook } from "../../testing/webhook-deliveries";
import { enqueueWebhookWarnings } from "../../webhooks/notifications/webhook-warnings";
import { deliverAlert } from "./deliver";
import { updateMyNotificationPreferences } from "./preferences";

const demo = setupDemoTestDatabase();

describe("webhook warnings through the admins' choices", () => {
  it("e-mails an admin who wants it at once, lists it in the digest of one who chose that, and spares one who turned e-mail off", async () => {
    const db = demo.db;
    const storeId = demo.storeId;
    const admins = await db
      .select({ userId: storeMemberships.userId, email: staffUsers.email })
      .from(storeMemberships)
      .innerJoin(staffUsers, eq(staffUsers.id, storeMemberships.userId))
      .where(and(eq(storeMemberships.storeId, storeId), eq(storeMemberships.role, "admin")));
    // The demo's admins keep the default (at once); two more admins choose the digest and no e-mail.
    const addAdmin = async (name: string) => {
      const [user] = await db
        .insert(staffUsers)
        .values({ id: `usr_warn${name}`, email: `warn-${name}@test.example`, name })
        .returning();
      await db.insert(storeMemberships).values({ storeId, userId: user?.id as string, role: "admin" });
      return { userId: user?.id as string, email: user?.email as string };
    };
    const digest = await addAdmin("digest");
    const off = await addAdmin("off");
    await updateMyNotificationPreferences(db, storeId, digest.userId, {
      alerts: { webhook: { delivery: "digest", email: true } },
    });
    await updateMyNotificationPreferences(db, storeId, off.userId, {
      alerts: { webhook: { delivery: "instant", email: false } },
    });
    const webhook = await insertWebhook(db, storeId, "http://127.0.0.1:9/failing");
    const t0 = new Date("2030-01-01T00:00:00.000Z");
    await db
      .update(webhooks)
      .set({ failingSince: t0, consecutiveFailures: 3 })
      .where(eq(webhooks.id, webhook.id));

    const warn = () =>
      enqueueWebhookWarnings(db, {
        now: t0,
        publicUrl: "http://app.test",
        email: true,
        deliver: deliverAlert,
      });
    await warn();
    await warn();

    const mailed = await db
      .select({ recipient: notifications.recipient, kind: notifications.kind })
      .from(notifications)
      .where(and(eq(notifications.subjectId, webhook.id), eq(notifications.channel, "email")));
    expect(admins.length).toBeGreaterThan(0);
    expect(mailed.sort((a, b) => a.recipient.localeCompare(b.recipient))).toEqual(
      admins
        .map((admin) => ({ recipient: admin.email, kind: "webhook_failing" }))
        .sort((a, b) => a.recipient.localeCompare(b.recipient)),
    );
    const listed = await db
      .select({ userId: digestItems.userId })
      .from(digestItems)
      .where(eq(digestItems.occasionKey, `webhook:${webhook.id}:${t0.getTime()}:failing`));
    expect(listed).toEqual([{ userId: digest.userId }]);
  });
});
