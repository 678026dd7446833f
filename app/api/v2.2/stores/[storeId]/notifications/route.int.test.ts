import { parse } from "csv-parse/sync";
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { NotificationView } from "@/lib/schemas/notifications";
import { callRoute } from "@/lib/testing/api";
import { SAME_ORIGIN } from "@/lib/testing/api-helpers";
import { setupApiTestDatabase } from "@/lib/testing/api-setup";
import { staffSessionCookie } from "@/lib/testing/session";
import { enqueueNotifications } from "@/lib/webhooks/notifications/enqueue";
import { GET as EXPORT } from "./export/route";
import { GET } from "./route";

const setup = setupApiTestDatabase();
let admin = "";
let storeId = "";

beforeAll(async () => {
  const { database, storeA } = setup();
  storeId = storeA.id;
  admin = (await staffSessionCookie(database.db, [{ storeId, role: "admin" }], "Hana History")).cookie;
  const base = { storeId, subject: "", body: "" };
  await enqueueNotifications(database.db, [
    {
      ...base,
      kind: "invitation",
      channel: "email",
      recipient: "new.member@harbor.example",
      subject: "Invite",
    },
    {
      ...base,
      kind: "webhook_failing",
      channel: "email",
      recipient: "admin@harbor.example",
      subject: "Failing",
    },
    {
      ...base,
      kind: "webhook_failing",
      channel: "chat",
      recipient: "https://hooks.chat.example/services/T1/B2/harborsecret",
      subject: "Failing chat",
    },
    { ...base, kind: "test", channel: "email", recipient: "admin@harbor.example", subject: "Old test" },
  ]);
  // The old test was sent last month; the failing chat post failed.
  await database.db.execute(sql`update notifications set created_at = '2025-01-15T12:00:00Z', status = 'sent'
    where store_id = ${storeId} and subject = 'Old test'`);
  await database.db.execute(sql`update notifications set status = 'failed'
    where store_id = ${storeId} and subject = 'Failing chat'`);
});

async function list(query: string) {
  const result = await callRoute<{ notifications: NotificationView[] }>(
    GET,
    { storeId },
    { path: `/stores/${storeId}/notifications${query}`, headers: { cookie: admin, ...SAME_ORIGIN } },
  );
  expect(result.status).toBe(200);
  // Rows enqueued together share their created_at; which comes first is not what these tests are about.
  return result.body.notifications.map((n) => n.subject).sort();
}

describe("GET /stores/{storeId}/notifications filters", () => {
  it("narrows by kind, channel and status", async () => {
    expect(await list("?kind=webhook_failing")).toEqual(["Failing", "Failing chat"]);
    expect(await list("?kind=webhook_failing&channel=email")).toEqual(["Failing"]);
    expect(await list("?status=failed")).toEqual(["Failing chat"]);
  });

  it("searches the recipient as shown: an address in any case, a chat URL's host but never its secret path", async () => {
    expect(await list("?recipient=ADMIN%40harbor")).toEqual(["Failing", "Old test"]);
    expect(await list("?recipient=hooks.chat")).toEqual(["Failing chat"]);
    expect(await list("?recipient=harborsecret")).toEqual([]);
    // LIKE's wildcards match literally.
    expect(await list("?recipient=%25")).toEqual([]);
  });

  it("takes a created_at range, from inclusive to exclusive", async () => {
    expect(await list("?created_at_min=2025-01-15T12:00:00Z&created_at_max=2025-01-16T00:00:00Z")).toEqual([
      "Old test",
    ]);
    expect(await list("?created_at_max=2025-01-15T12:00:00Z")).toEqual([]);
  });

  it("refuses a kind it does not know", async () => {
    const result = await callRoute(
      GET,
      { storeId },
      { path: `/stores/${storeId}/notifications?kind=gossip`, headers: { cookie: admin, ...SAME_ORIGIN } },
    );
    expect(result.status).toBe(400);
  });
});

describe("GET /stores/{storeId}/notifications/export", () => {
  it("streams the filtered history as the page shows it, a chat URL's secret path never included", async () => {
    const result = await callRoute(
      EXPORT,
      { storeId },
      {
        path: `/stores/${storeId}/notifications/export?kind=webhook_failing`,
        headers: { cookie: admin, ...SAME_ORIGIN },
      },
    );
    expect(result.status).toBe(200);
    expect(result.headers.get("content-type")).toContain("text/csv");
    expect(result.text).not.toContain("harborsecret");
    const rows = parse(result.text, { columns: true, bom: true }) as Record<string, string>[];
    expect(rows.map((row) => [row.subject, row.channel, row.recipient, row.status]).sort()).toEqual([
      ["Failing chat", "chat", "https://hooks.chat.example/…", "failed"],
      ["Failing", "email", "admin@harbor.example", "pending"],
    ]);
    expect(Object.keys(rows[0] ?? {})).toEqual([
      "id",
      "kind",
      "channel",
      "recipient",
      "subject",
      "status",
      "attempts",
      "last_error",
      "created_at",
      "sent_at",
    ]);
  });
});
