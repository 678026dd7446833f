import { and, count, desc, eq, inArray, ne, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { Db } from "@/lib/db";
import {
  alertRules,
  events,
  inboundShipmentItems,
  inboundShipments,
  notifications,
  returns,
  storeMemberships,
  stores,
} from "@/lib/db/schema";
import { evaluateAlerts } from "@/lib/domain/alerts/evaluate";
import type { AlertRule, AlertSettings } from "@/lib/schemas/alerts";
import type { SavedView } from "@/lib/schemas/saved-views";
import { type Caller, callRoute } from "@/lib/testing/api";
import { expectProblem, setupDemoApiTestDatabase } from "@/lib/testing/api-helpers";
import { staffSessionCookie } from "@/lib/testing/session";
import { PUT as putSettings } from "../alert-settings/route";
import { GET as listShipments } from "../inbound-shipments/route";
import { GET as listReturns } from "../returns/route";
import { POST as createView } from "../saved-views/route";
import { DELETE } from "./[alertId]/route";
import { GET, POST } from "./route";

const setup = setupDemoApiTestDatabase({ returns: 60 });
const people = {
  owner: { cookie: "", userId: "" },
  other: { cookie: "", userId: "" },
  admin: { cookie: "", userId: "" },
};
const PUBLIC_URL = "https://backroom.example";
/** The evaluations' clock; the tests' writes carry it as `updated_at`, as the domain's writes carry theirs. */
let clock = Date.now();
/** One evaluation, 15 s after the previous (the watch's period), as the worker runs it. */
const evaluate = (minutes = 0) => {
  clock += 15_000 + minutes * 60_000;
  return evaluateAlerts(db(), new Date(clock), { publicUrl: PUBLIC_URL, email: true });
};
const db = (): Db => setup().database.db;
const storeId = () => setup().demoA.id;
const as = (cookie: string): Caller => ({ cookie });

beforeAll(async () => {
  const { database, demoA } = setup();
  people.owner = await staffSessionCookie(
    database.db,
    [{ storeId: demoA.id, role: "editor" }],
    "Alert Owner",
  );
  people.other = await staffSessionCookie(
    database.db,
    [{ storeId: demoA.id, role: "viewer" }],
    "Someone Else",
  );
  people.admin = await staffSessionCookie(database.db, [{ storeId: demoA.id, role: "admin" }], "Admin");
});

async function view(
  list: "returns" | "shipments",
  query: string,
  cookie = people.owner.cookie,
): Promise<SavedView> {
  const name = `View ${Math.random().toString(36).slice(2, 8)}`;
  const response = await callRoute<{ saved_view: SavedView }>(
    createView,
    { storeId: storeId() },
    {
      method: "POST",
      path: `/stores/${storeId()}/saved-views`,
      body: { saved_view: { list, name, query } },
      ...as(cookie),
    },
  );
  expect(response.status, response.text).toBe(201);
  return response.body.saved_view;
}

async function alertOn(
  savedViewId: string,
  condition: Record<string, unknown>,
  cookie = people.owner.cookie,
) {
  return callRoute<{ alert: AlertRule }>(
    POST,
    { storeId: storeId() },
    {
      method: "POST",
      path: `/stores/${storeId()}/alerts`,
      body: { alert: { savedViewId, ...condition } },
      ...as(cookie),
    },
  );
}

/** The rows the list operation answers for a list page's query, page after page: what the page shows. */
async function listRows(list: "returns" | "shipments", apiQuery: string): Promise<number> {
  const [handler, path, key] =
    list === "returns"
      ? [listReturns, "returns", "returns"]
      : [listShipments, "inbound-shipments", "inbound_shipments"];
  let rows = 0;
  let marker: string | null = null;
  do {
    const headers: Record<string, string> = {
      "x-page-size": "200",
      ...(marker ? { "x-page-continue": marker } : {}),
    };
    const page = await callRoute<Record<string, unknown[]>>(
      handler,
      { storeId: storeId() },
      { path: `/stores/${storeId()}/${path}?${apiQuery}`, secret: setup().demoA.secret, headers },
    );
    expect(page.status, page.text).toBe(200);
    rows += page.body[key]?.length ?? 0;
    marker = page.headers.get("x-page-next");
  } while (marker);
  return rows;
}

/** The alert messages of a rule, oldest first. */
async function told(ruleId: string) {
  return db()
    .select({
      kind: notifications.kind,
      channel: notifications.channel,
      recipient: notifications.recipient,
      subject: notifications.subject,
      body: notifications.body,
    })
    .from(notifications)
    .where(eq(notifications.subjectId, ruleId))
    .orderBy(notifications.createdAt, notifications.id);
}

const emailOf = async (userId: string) =>
  (await db().execute<{ email: string }>(sql`select email from staff_users where id = ${userId}`)).rows[0]
    ?.email;

describe("a saved view's threshold alert", () => {
  it("fires once when the view lists more than N rows, with the list's count and link; clears; fires again", async () => {
    // The status most of the store's returns are in.
    const [common] = await db()
      .select({ status: returns.status, count: count() })
      .from(returns)
      .where(eq(returns.storeId, storeId()))
      .groupBy(returns.status)
      .orderBy(desc(count()))
      .limit(1);
    const status = common?.status ?? "open";
    const byStatus = await view("returns", `status=${status}`);
    const listed = await listRows("returns", `status=${status}`);
    expect(listed).toBeGreaterThan(1);
    const created = await alertOn(byStatus.id, {
      condition: "threshold",
      threshold: listed - 1,
      minutes: 0,
    });
    expect(created.status, created.text).toBe(201);
    const ruleId = created.body.alert.id;

    await evaluate();
    await evaluate();
    const fired = await told(ruleId);
    expect(fired).toHaveLength(1);
    expect(fired[0]).toMatchObject({
      kind: "alert",
      channel: "email",
      recipient: await emailOf(people.owner.userId),
    });
    expect(fired[0]?.subject).toContain(`lists ${listed} returns`);
    expect(fired[0]?.body).toContain(`${PUBLIC_URL}/stores/${storeId()}/returns?status=${status}`);

    // One fewer return in that status: the view lists N, the condition ends.
    const [first] = await db()
      .select({ id: returns.id })
      .from(returns)
      .where(and(eq(returns.storeId, storeId()), eq(returns.status, status)))
      .limit(1);
    await db()
      .update(returns)
      .set({ status: status === "rejected" ? "complete" : "rejected", updatedAt: new Date(clock) })
      .where(eq(returns.id, first?.id ?? ""));
    await evaluate();
    await evaluate();
    expect((await told(ruleId)).map((message) => message.kind)).toEqual(["alert", "alert_cleared"]);

    await db()
      .update(returns)
      .set({ status, updatedAt: new Date(clock) })
      .where(eq(returns.id, first?.id ?? ""));
    await evaluate();
    expect((await told(ruleId)).map((message) => message.kind)).toEqual(["alert", "alert_cleared", "alert"]);

    // The merchant's systems heard each occasion as an `alert` event.
    const recorded = await db()
      .select({ id: events.id })
      .from(events)
      .where(and(eq(events.topic, "alert"), eq(events.subjectId, ruleId)));
    expect(recorded).toHaveLength(3);
  });

  it("waits M minutes before firing, and a condition that ends before then says nothing", async () => {
    const open = await view("returns", "status=open");
    const created = await alertOn(open.id, { condition: "threshold", threshold: 0, minutes: 30 });
    const ruleId = created.body.alert.id;
    await evaluate();
    await evaluate(20);
    expect(await told(ruleId)).toHaveLength(0);
    await evaluate(10);
    expect(await told(ruleId)).toHaveLength(1);
  });

  it("tells no one who is no longer a member of the store", async () => {
    const leaver = await staffSessionCookie(db(), [{ storeId: storeId(), role: "editor" }], "Leaver");
    const open = await view("returns", "status=open", leaver.cookie);
    const created = await alertOn(open.id, { condition: "threshold", threshold: 0 }, leaver.cookie);
    await db().delete(storeMemberships).where(eq(storeMemberships.userId, leaver.userId));
    await evaluate();
    expect((await told(created.body.alert.id)).filter((message) => message.channel === "email")).toHaveLength(
      0,
    );
  });
});

describe("a saved view's new-rows alert", () => {
  it("fires once for rows the view did not list at the previous check, counting them; and again for later ones", async () => {
    const pending = await view("shipments", "status=PENDING");
    const created = await alertOn(pending.id, { condition: "new_rows" });
    expect(created.status, created.text).toBe(201);
    const ruleId = created.body.alert.id;
    await evaluate();
    expect(await told(ruleId)).toHaveLength(0);

    const others = await db()
      .select({ id: inboundShipments.id })
      .from(inboundShipments)
      .where(and(eq(inboundShipments.storeId, storeId()), ne(inboundShipments.status, "PENDING")))
      .limit(3);
    expect(others.length).toBeGreaterThanOrEqual(3);
    const [a, b, c] = others.map((row) => row.id);
    await db()
      .update(inboundShipments)
      .set({ status: "PENDING", updatedAt: new Date(clock) })
      .where(inArray(inboundShipments.id, [a ?? "", b ?? ""]));
    await evaluate();
    await evaluate();
    const fired = await told(ruleId);
    expect(fired).toHaveLength(1);
    expect(fired[0]?.subject).toBe(`Alert: 2 shipments new in “${pending.name}”`);
    expect(fired[0]?.body).toContain(
      `It lists ${await listRows("shipments", "status=PENDING")} shipments now.`,
    );

    await db()
      .update(inboundShipments)
      .set({ status: "PENDING", updatedAt: new Date(clock) })
      .where(eq(inboundShipments.id, c ?? ""));
    await evaluate();
    expect(
      (await told(ruleId)).map((message) => message.subject.startsWith("Alert: 1 shipment new")),
    ).toEqual([false, true]);
  });

  it("is its owner's: another member neither sees nor removes it, and a view they cannot see is 404", async () => {
    const mine = await view("returns", "status=open");
    const created = await alertOn(mine.id, { condition: "new_rows" });
    const ruleId = created.body.alert.id;
    const theirs = await callRoute<{ alerts: AlertRule[] }>(
      GET,
      { storeId: storeId() },
      { path: `/stores/${storeId()}/alerts`, ...as(people.other.cookie) },
    );
    expect(theirs.body.alerts.map((alert) => alert.id)).not.toContain(ruleId);
    expectProblem(
      await alertOn(mine.id, { condition: "new_rows" }, people.other.cookie),
      404,
      "saved-view/not-found",
    );
    const path = `/stores/${storeId()}/alerts/${ruleId}`;
    expectProblem(
      await callRoute(
        DELETE,
        { storeId: storeId(), alertId: ruleId },
        { method: "DELETE", path, ...as(people.other.cookie) },
      ),
      404,
      "alert/not-found",
    );
    const removed = await callRoute(
      DELETE,
      { storeId: storeId(), alertId: ruleId },
      { method: "DELETE", path, ...as(people.owner.cookie) },
    );
    expect(removed.status).toBe(204);
  });
});

describe("a saved view with a date range", () => {
  const ZONE = "America/Los_Angeles";
  // The view's days, 2025-01-10 to 2025-01-12 of Los Angeles (UTC-8): from 01-10 08:00 UTC to 01-13 08:00 UTC.
  const VIEW_QUERY = "from=2025-01-10&to=2025-01-12";
  const apiQuery = (min: string, max: string) => `created_at_min=${min}&created_at_max=${max}`;
  const inZone = apiQuery("2025-01-10T08:00:00Z", "2025-01-13T08:00:00Z");
  const inUtc = apiQuery("2025-01-10T00:00:00Z", "2025-01-13T00:00:00Z");

  it("counts the days in the store's time zone: the rows of the list operation its link opens", async () => {
    const [stored] = await db()
      .select({ zone: stores.timeZone })
      .from(stores)
      .where(eq(stores.id, storeId()));
    await db().update(stores).set({ timeZone: ZONE }).where(eq(stores.id, storeId()));
    try {
      // Shipments around the edges: one on the 10th in UTC but the 9th in Los Angeles, two on the 13th in
      // UTC but the 12th there, one on the 11th in both (3 rows in the store's days, 2 in UTC's).
      const picked = await db()
        .select({ id: inboundShipments.id })
        .from(inboundShipments)
        .where(eq(inboundShipments.storeId, storeId()))
        .limit(4);
      expect(picked).toHaveLength(4);
      const at = [
        "2025-01-10T03:00:00Z",
        "2025-01-13T05:00:00Z",
        "2025-01-13T07:00:00Z",
        "2025-01-11T12:00:00Z",
      ];
      for (const [index, row] of picked.entries())
        await db()
          .update(inboundShipments)
          .set({ createdAt: new Date(at[index] as string) })
          .where(eq(inboundShipments.id, row.id));

      const dated = await view("shipments", VIEW_QUERY);
      const created = await alertOn(dated.id, { condition: "threshold", threshold: 1_000_000 });
      expect(created.status, created.text).toBe(201);
      await evaluate();
      const [rule] = await db()
        .select({ lastCount: alertRules.lastCount })
        .from(alertRules)
        .where(eq(alertRules.id, created.body.alert.id));
      const listed = await listRows("shipments", inZone);
      expect(rule?.lastCount).toBe(listed);
      // The store's days, not UTC's: the two readings differ by the edge rows.
      expect(listed).not.toBe(await listRows("shipments", inUtc));

      // A new-rows alert on it takes the same rows as seen.
      const newRows = await alertOn(dated.id, { condition: "new_rows" });
      const [seen] = await db()
        .select({ ids: alertRules.seenRowIds })
        .from(alertRules)
        .where(eq(alertRules.id, newRows.body.alert.id));
      expect(seen?.ids).toHaveLength(listed);
    } finally {
      await db()
        .update(stores)
        .set({ timeZone: stored?.zone ?? "UTC" })
        .where(eq(stores.id, storeId()));
    }
  });

  it("refuses a view whose from or to is not a day", async () => {
    const dated = await view("shipments", "from=2025-02-30");
    const refused = expectProblem(
      await alertOn(dated.id, { condition: "threshold", threshold: 1 }),
      400,
      "alert/invalid-request",
    );
    expect(refused.detail).toContain("YYYY-MM-DD");
  });
});

const waitingWords = (n: number) => (n === 1 ? "1 return is" : `${n} returns are`);

describe("the built-in alerts", () => {
  const settings = (body: AlertSettings | Record<string, unknown>, cookie = people.admin.cookie) =>
    callRoute<{ alert_settings: AlertSettings }>(
      putSettings,
      { storeId: storeId() },
      {
        method: "PUT",
        path: `/stores/${storeId()}/alert-settings`,
        body: { alert_settings: body },
        ...as(cookie),
      },
    );
  const ruleOf = async (source: "returns_waiting" | "shipments_late" | "discrepancies") => {
    const [rule] = await db()
      .select({ id: alertRules.id })
      .from(alertRules)
      .where(and(eq(alertRules.storeId, storeId()), eq(alertRules.source, source)));
    return rule?.id ?? "";
  };
  const members = async () =>
    (
      await db()
        .select({ id: storeMemberships.userId })
        .from(storeMemberships)
        .where(eq(storeMemberships.storeId, storeId()))
    ).length;
  const on = {
    returnsWaiting: { enabled: true, hours: 1 },
    shipmentsLate: { enabled: true },
    discrepancies: { enabled: true },
  };

  it("each fires once to every member, clears, and fires again; the count is the rows its link lists", async () => {
    const answer = await settings(on);
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body.alert_settings.returnsWaiting).toMatchObject({
      enabled: true,
      hours: 1,
      firing: false,
    });

    // Returns waiting for review, every one of them for longer than an hour.
    await db()
      .update(returns)
      .set({ updatedAt: new Date(Date.now() - 2 * 3_600_000) })
      .where(and(eq(returns.storeId, storeId()), eq(returns.status, "needs_review")));
    // Discrepancies: none new yet (those recorded when it was turned on were seen).
    await evaluate();
    await evaluate();
    const waiting = await told(await ruleOf("returns_waiting"));
    const emails = waiting.filter((message) => message.channel === "email");
    expect(emails).toHaveLength(await members());
    expect(emails[0]?.body).toContain(
      `${waitingWords(await listRows("returns", "status=needs_review"))} waiting for review`,
    );
    expect(emails[0]?.body).toContain(
      `${PUBLIC_URL}/stores/${storeId()}/returns?status=needs_review&sort=updated_at&order=asc`,
    );
    expect(await told(await ruleOf("discrepancies"))).toHaveLength(0);

    const late = (await told(await ruleOf("shipments_late"))).filter(
      (message) => message.channel === "email",
    );
    const lateRows = await listRows("shipments", "late=true");
    expect(lateRows).toBeGreaterThan(0);
    expect(late).toHaveLength(await members());
    expect(late[0]?.subject).toBe(
      `Alert: ${lateRows} ${lateRows === 1 ? "shipment is" : "shipments are"} late`,
    );

    // Conditions end: the returns were just updated, the late shipments are now expected next week.
    await db()
      .update(returns)
      .set({ updatedAt: new Date() })
      .where(and(eq(returns.storeId, storeId()), eq(returns.status, "needs_review")));
    const lateIds = await db().execute<{ id: string }>(
      sql`select id from inbound_shipments where store_id = ${storeId()} and status in ('PENDING','IN_TRANSIT','PARTIALLY_RECEIVED') and estimated_arrival_date < current_date`,
    );
    const dates = await db()
      .select({ id: inboundShipments.id, date: inboundShipments.estimatedArrivalDate })
      .from(inboundShipments)
      .where(
        inArray(
          inboundShipments.id,
          lateIds.rows.map((row) => row.id),
        ),
      );
    await db()
      .update(inboundShipments)
      .set({ estimatedArrivalDate: sql`current_date + 7` })
      .where(
        inArray(
          inboundShipments.id,
          dates.map((row) => row.id),
        ),
      );
    await evaluate();
    const kinds = async (source: "returns_waiting" | "shipments_late") =>
      (await told(await ruleOf(source)))
        .filter((message) => message.channel === "email")
        .map((message) => message.kind);
    const all = await members();
    expect(await kinds("returns_waiting")).toEqual([
      ...Array(all).fill("alert"),
      ...Array(all).fill("alert_cleared"),
    ]);
    expect(await kinds("shipments_late")).toEqual([
      ...Array(all).fill("alert"),
      ...Array(all).fill("alert_cleared"),
    ]);

    // And again: a new occasion.
    for (const row of dates)
      await db()
        .update(inboundShipments)
        .set({ estimatedArrivalDate: row.date })
        .where(eq(inboundShipments.id, row.id));
    await evaluate();
    expect((await kinds("shipments_late")).filter((kind) => kind === "alert")).toHaveLength(2 * all);

    // A new discrepancy: an overage on a line that had none, then another.
    const clean = await db().execute<{ id: string; quantity: number }>(
      sql`select i.id, i.quantity from inbound_shipment_items i join inbound_shipments s on s.id = i.shipment_id where s.store_id = ${storeId()} and i.damaged_quantity = 0 and i.missing_quantity = 0 and i.received_quantity <= i.quantity limit 2`,
    );
    const [one, two] = clean.rows;
    await db()
      .update(inboundShipmentItems)
      .set({ receivedQuantity: (one?.quantity ?? 0) + 1 })
      .where(eq(inboundShipmentItems.id, one?.id ?? ""));
    await evaluate();
    await evaluate();
    const found = (await told(await ruleOf("discrepancies"))).filter(
      (message) => message.channel === "email",
    );
    expect(found).toHaveLength(all);
    expect(found[0]?.subject).toBe("Alert: 1 new receiving discrepancy");
    expect(found[0]?.body).toMatch(new RegExp(`${PUBLIC_URL}/stores/${storeId()}/shipments/inb_`));
    await db()
      .update(inboundShipmentItems)
      .set({ damagedQuantity: 1 })
      .where(eq(inboundShipmentItems.id, two?.id ?? ""));
    await evaluate();
    expect(
      (await told(await ruleOf("discrepancies"))).filter((message) => message.channel === "email"),
    ).toHaveLength(2 * all);
  });
});
