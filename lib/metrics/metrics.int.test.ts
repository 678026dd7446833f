import { beforeAll, describe, expect, it } from "vitest";
import { setupDemoTestDatabase } from "../testing/demo-database";
import { demoReturnIds, insertWebhook, recordEvent, waitUntilSettled } from "../testing/webhook-deliveries";
import { startDispatcher } from "../webhooks/dispatcher/dispatcher";
import { enqueueNotifications } from "../webhooks/notifications/enqueue";
import { NotificationWorker } from "../webhooks/notifications/worker";
import { metrics, startTransfer } from "./registry";
import { renderMetrics } from "./scrape";

const demo = setupDemoTestDatabase();
let returnIds: string[];

beforeAll(async () => {
  returnIds = await demoReturnIds(demo.db, demo.storeId, 2);
});

async function value(name: string, labels: Record<string, string> = {}): Promise<number> {
  await renderMetrics(demo.database);
  // A histogram's `_count` is one of the values of the histogram itself.
  const metric = metrics().registry.getSingleMetric(name.replace(/_count$/, ""));
  const { values } = (await metric?.get()) ?? { values: [] };
  const match = values.find(
    (v) =>
      (("metricName" in v ? v.metricName : undefined) ?? name) === name &&
      Object.entries(labels).every(([k, l]) => v.labels[k] === l),
  );
  return match?.value ?? 0;
}

describe("metrics", () => {
  it("follow an event from its recording to its delivery: events, backlog, outcome, attempt time", async () => {
    const webhook = await insertWebhook(demo.db, demo.storeId, "https://receiver.example/hook");
    const eventsBefore = await value("backroom_events_recorded_total", { topic: "return" });
    const deliveredBefore = await value("backroom_webhook_delivery_outcomes_total", { outcome: "delivered" });
    const attemptsBefore = await value("backroom_webhook_attempt_duration_seconds_count", {
      result: "success",
    });

    for (const returnId of returnIds) await recordEvent(demo.db, demo.storeId, returnId);
    expect(await value("backroom_events_recorded_total", { topic: "return" })).toBe(eventsBefore + 2);
    expect(await value("backroom_webhook_deliveries_pending")).toBe(2);
    expect(await value("backroom_webhook_oldest_due_delivery_age_seconds")).toBeGreaterThanOrEqual(0);

    const dispatcher = startDispatcher({
      database: demo.database,
      pollMs: 100,
      send: async () => ({
        ok: true,
        status: 200,
        durationMs: 30,
        error: null,
        responseExcerpt: null,
        retryAfterMs: null,
      }),
    });
    try {
      await waitUntilSettled(demo.db, webhook.id);
    } finally {
      await dispatcher.stop();
    }
    expect(await value("backroom_webhook_delivery_outcomes_total", { outcome: "delivered" })).toBe(
      deliveredBefore + 2,
    );
    expect(await value("backroom_webhook_attempt_duration_seconds_count", { result: "success" })).toBe(
      attemptsBefore + 2,
    );
    expect(await value("backroom_webhook_deliveries_pending")).toBe(0);
    expect(await value("backroom_webhook_oldest_due_delivery_age_seconds")).toBe(0);
  });

  it("shows the pool on PostgreSQL and one connection on the embedded demo.database", async () => {
    const text = await renderMetrics(demo.database);
    if (demo.database.pool) {
      expect(text).toMatch(/backroom_db_pool_connections\{state="idle"\} \d+/);
      expect(text).toContain("backroom_db_pool_waiting_requests 0");
      expect(text).toContain("backroom_db_pool_max_connections 5");
    } else {
      expect(text).toContain("backroom_db_pool_max_connections 1");
    }
  });

  it("counts a CSV transfer while it runs, once however often it is ended", async () => {
    const running = () => value("backroom_csv_transfers_in_progress", { kind: "export" });
    const before = await running();
    const end = startTransfer("export");
    expect(await running()).toBe(before + 1);
    end();
    end();
    expect(await running()).toBe(before);
  });

  it("count the outbox: pending at scrape time, then sent and failed by kind and channel", async () => {
    const outcome = (kind: string, channel: string, name: string) =>
      value("backroom_notification_outcomes_total", { kind, channel, outcome: name });
    const sentBefore = await outcome("invitation", "email", "sent");
    const failedBefore = await outcome("test", "chat", "failed");
    const message = { storeId: demo.storeId, subject: "Metrics", body: "" };
    await enqueueNotifications(demo.db, [
      { ...message, kind: "invitation", channel: "email", recipient: "new@test.example" },
      { ...message, kind: "test", channel: "chat", recipient: "https://chat.example/hook" },
    ]);
    expect(await value("backroom_notifications_pending")).toBe(2);

    // No retries: the refused chat message fails at once.
    const worker = new NotificationWorker({
      db: demo.db,
      schedule: [],
      send: async (m) => {
        if (m.channel === "chat") throw new Error("chat webhook: HTTP 500");
      },
    });
    await worker.drain();
    expect(await outcome("invitation", "email", "sent")).toBe(sentBefore + 1);
    expect(await outcome("test", "chat", "failed")).toBe(failedBefore + 1);
    expect(await value("backroom_notifications_pending")).toBe(0);
  });
});
