import { beforeAll, describe, expect, it } from "vitest";
import { GET as listNotifications } from "@/app/api/v2.2/stores/[storeId]/notifications/route";
import type { NotificationSettings, NotificationView } from "@/lib/schemas/notifications";
import { callRoute } from "@/lib/testing/api";
import { expectInvalid, SAME_ORIGIN } from "@/lib/testing/api-helpers";
import { setupApiTestDatabase } from "@/lib/testing/api-setup";
import { staffSessionCookie } from "@/lib/testing/session";
import { GET, PUT } from "./route";
import { POST as sendTest } from "./test/route";

const setup = setupApiTestDatabase();
let admin = "";

beforeAll(async () => {
  const { database, storeA } = setup();
  admin = (await staffSessionCookie(database.db, [{ storeId: storeA.id, role: "admin" }], "Nora Notify"))
    .cookie;
});

const auth = () => ({ headers: { cookie: admin, ...SAME_ORIGIN } });
const path = () => `/stores/${setup().storeA.id}/notification-settings`;
type SettingsBody = { notification_settings: NotificationSettings };

describe("notification settings", () => {
  it("keeps the store's chat URL, refuses an unsafe one, and a test send is listed in the history", async () => {
    const storeId = setup().storeA.id;
    const initial = await callRoute<SettingsBody>(GET, { storeId }, { path: path(), ...auth() });
    expect(initial.status).toBe(200);
    expect(initial.body.notification_settings.chatWebhookUrl).toBeNull();

    const bad = await callRoute(
      PUT,
      { storeId },
      {
        method: "PUT",
        path: path(),
        body: { notification_settings: { chatWebhookUrl: "ftp://chat.example/hook" } },
        ...auth(),
      },
    );
    expectInvalid(bad, "store", ["notification_settings.chatWebhookUrl"]);

    const url = "https://hooks.chat.example/services/T1/B2/secret";
    const saved = await callRoute<SettingsBody>(
      PUT,
      { storeId },
      {
        method: "PUT",
        path: path(),
        body: { notification_settings: { chatWebhookUrl: url } },
        ...auth(),
      },
    );
    expect(saved.status).toBe(200);
    expect(saved.body.notification_settings.chatWebhookUrl).toBe(url);

    const test = await callRoute<{ queued: { channel: string; recipient: string }[] }>(
      sendTest,
      { storeId },
      {
        method: "POST",
        path: `${path()}/test`,
        ...auth(),
      },
    );
    expect(test.status).toBe(202);
    // The chat URL's secret path is never echoed.
    expect(test.body.queued).toContainEqual({ channel: "chat", recipient: "https://hooks.chat.example/…" });

    const history = await callRoute<{ notifications: NotificationView[] }>(
      listNotifications,
      { storeId },
      {
        path: `/stores/${storeId}/notifications`,
        ...auth(),
      },
    );
    expect(history.status).toBe(200);
    expect(history.body.notifications[0]).toMatchObject({
      kind: "test",
      channel: "chat",
      recipient: "https://hooks.chat.example/…",
      status: "pending",
    });
  });
});
