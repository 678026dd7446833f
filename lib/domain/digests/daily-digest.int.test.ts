import { and, eq, like } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { notifications, staffUsers, storeMemberships, stores } from "../../db/schema";
import { setupDemoTestDatabase } from "../../testing/demo-database";
import { type AlertOccasion, deliverAlert } from "../alerts/deliver";
import { updateMyNotificationPreferences } from "../alerts/preferences";
import { sendDailyDigests } from "./daily-digest";

const demo = setupDemoTestDatabase();
const context = { publicUrl: "https://backroom.example", email: true };

const occasion = (
  key: string,
  source: AlertOccasion["source"],
  subject: string,
  audience: string[],
): AlertOccasion => ({
  storeId: demo.storeId,
  source,
  ruleId: null,
  state: "firing",
  occasionKey: key,
  subject,
  body: `${subject}\n\nhttps://backroom.example/${key}\n`,
  link: `https://backroom.example/${key}`,
  count: 1,
  audience,
});

describe("daily digest", () => {
  it("sends one e-mail at 07:00 store time listing the digest occasions and the waiting work, once; nothing waiting, none", async () => {
    const storeId = demo.storeId;
    await demo.db.update(stores).set({ timeZone: "Europe/Berlin" }).where(eq(stores.id, storeId));
    const [reader, idle] = await demo.db
      .select({ userId: storeMemberships.userId, email: staffUsers.email })
      .from(storeMemberships)
      .innerJoin(staffUsers, eq(staffUsers.id, storeMemberships.userId))
      .where(eq(storeMemberships.storeId, storeId))
      .limit(2);
    if (!reader || !idle) throw new Error("the demo store needs two members");
    await updateMyNotificationPreferences(demo.db, storeId, reader.userId, {
      alerts: {
        saved_view: { delivery: "digest", email: true },
        returns_waiting: { delivery: "digest", email: true },
      },
    });
    // Nothing reaches `idle` by e-mail: no digest for them.
    await updateMyNotificationPreferences(demo.db, storeId, idle.userId, {
      alerts: Object.fromEntries(
        (["saved_view", "returns_waiting", "shipments_late", "discrepancies", "webhook"] as const).map(
          (s) => [s, { delivery: "instant", email: false }],
        ),
      ),
    });
    await deliverAlert(
      demo.db,
      occasion("digest-a", "saved_view", "View Big refunds: 4 rows", [reader.userId, idle.userId]),
      { email: true },
    );
    await deliverAlert(
      demo.db,
      occasion("digest-b", "returns_waiting", "7 returns waiting", [reader.userId]),
      { email: true },
    );
    await deliverAlert(
      demo.db,
      occasion("digest-c", "shipments_late", "Late shipments now", [reader.userId]),
      { email: true },
    );

    // 06:59 in Berlin (CET, UTC+1): not yet.
    await sendDailyDigests(demo.db, new Date("2026-01-15T05:59:00Z"), context);
    const digests = () =>
      demo.db
        .select({
          recipient: notifications.recipient,
          body: notifications.body,
          key: notifications.dedupeKey,
        })
        .from(notifications)
        .where(and(eq(notifications.kind, "digest"), like(notifications.dedupeKey, "digest:%:2026-01-15")));
    expect(await digests()).toHaveLength(0);
    // The instant one went out as an e-mail of its own, not into the digest.
    const instant = await demo.db
      .select({ recipient: notifications.recipient })
      .from(notifications)
      .where(eq(notifications.dedupeKey, "digest-c"));
    expect(instant.map((row) => row.recipient)).toContain(reader.email);

    await sendDailyDigests(demo.db, new Date("2026-01-15T06:00:00Z"), context);
    await sendDailyDigests(demo.db, new Date("2026-01-15T06:00:15Z"), context);
    const sent = await digests();
    const mine = sent.filter((row) => row.recipient === reader.email);
    expect(mine).toHaveLength(1);
    expect(mine[0]?.key).toBe(`digest:${reader.userId}:${storeId}:2026-01-15`);
    expect(mine[0]?.body).toContain("View Big refunds: 4 rows");
    expect(mine[0]?.body).toContain("7 returns waiting");
    expect(mine[0]?.body).not.toContain("Late shipments now");
    expect(sent.filter((row) => row.recipient === idle.email)).toHaveLength(0);

    // The next day's digest has no old items left (they were digested), only what is waiting.
    await sendDailyDigests(demo.db, new Date("2026-01-16T06:00:00Z"), context);
    const [next] = await demo.db
      .select({ body: notifications.body })
      .from(notifications)
      .where(eq(notifications.dedupeKey, `digest:${reader.userId}:${storeId}:2026-01-16`));
    expect(next?.body ?? "").not.toContain("7 returns waiting");
  });
});
