import { and, eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { notifications, staffUsers, storeMemberships, storeNotificationSettings } from "../../db/schema";
import { newId } from "../../ids";
import { setupDemoTestDatabase } from "../../testing/demo-database";
import { type AlertOccasion, deliverAlert } from "./deliver";

const demo = setupDemoTestDatabase();

async function membersOf(storeId: string): Promise<string[]> {
  const rows = await demo.db
    .select({ userId: storeMemberships.userId })
    .from(storeMemberships)
    .where(eq(storeMemberships.storeId, storeId));
  return rows.map((row) => row.userId);
}

describe("deliverAlert", () => {
  it("tells the store's members in the audience and its chat URL once per occasion, and no one outside it", async () => {
    const storeId = demo.storeId;
    const members = await membersOf(storeId);
    expect(members.length).toBeGreaterThan(0);
    // Someone who belongs to no store: named in the audience by mistake, told nothing.
    const outsider = newId("staffUser");
    await demo.db
      .insert(staffUsers)
      .values({ id: outsider, email: "outsider@test.example", name: "Outsider" });
    await demo.db
      .insert(storeNotificationSettings)
      .values({ storeId, chatWebhookUrl: "https://chat.example.com/hooks/abc" })
      .onConflictDoUpdate({
        target: storeNotificationSettings.storeId,
        set: { chatWebhookUrl: "https://chat.example.com/hooks/abc" },
      });
    const occasion: AlertOccasion = {
      storeId,
      source: "returns_waiting",
      ruleId: null,
      state: "firing",
      occasionKey: "alert:test-deliver:1:firing",
      subject: "3 returns waiting for review",
      body: "3 returns have waited more than 24 hours.\n\nhttps://backroom.example/x\n",
      link: "https://backroom.example/x",
      count: 3,
      audience: [...members, outsider],
    };

    const first = await deliverAlert(demo.db, occasion, { email: true });
    const again = await deliverAlert(demo.db, occasion, { email: true });

    expect(first).toBe(members.length + 1);
    expect(again).toBe(0);
    const rows = await demo.db
      .select({ channel: notifications.channel, storeId: notifications.storeId, kind: notifications.kind })
      .from(notifications)
      .where(and(eq(notifications.dedupeKey, occasion.occasionKey), inArray(notifications.kind, ["alert"])));
    expect(rows.filter((row) => row.channel === "chat")).toHaveLength(1);
    expect(rows.filter((row) => row.channel === "email")).toHaveLength(members.length);
    expect(rows.every((row) => row.storeId === storeId)).toBe(true);
  });
});
