import { and, count, desc, eq, ne } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { Db } from "@/lib/db";
import { alertRules, inboundShipments, notifications } from "@/lib/db/schema";
import { evaluateAlerts } from "@/lib/domain/alerts/evaluate";
import { createSavedView } from "@/lib/domain/saved-views";
import type { AlertRule } from "@/lib/schemas/alerts";
import { MAX_ALERT_MINUTES } from "@/lib/schemas/alerts";
import { callRoute } from "@/lib/testing/api";
import { expectProblem, setupDemoApiTestDatabase, unknownId } from "@/lib/testing/api-helpers";
import { staffSessionCookie } from "@/lib/testing/session";
import { POST } from "../route";
import { PATCH } from "./route";

/**
 * Changing an alert in place (docs/notifications.md "Alerts", "Changing an alert"): the owner's only, and a
 * change starts the rule afresh: a firing threshold is not cleared and fires again under its new condition,
 * a switch to new rows takes the view's rows now as seen.
 */

const setup = setupDemoApiTestDatabase({ returns: 10 });
const db = (): Db => setup().database.db;
const storeId = () => setup().demoA.id;
const people = { owner: { cookie: "", userId: "" }, other: { cookie: "", userId: "" } };
let clock = Date.now();
/** One evaluation, 15 s after the previous (the watch's period), as the worker runs it. */
const evaluate = (minutes = 0) => {
  clock += 15_000 + minutes * 60_000;
  return evaluateAlerts(db(), new Date(clock), { publicUrl: "https://backroom.example", email: true });
};

beforeAll(async () => {
  people.owner = await staffSessionCookie(db(), [{ storeId: storeId(), role: "viewer" }], "Alert Owner");
  people.other = await staffSessionCookie(db(), [{ storeId: storeId(), role: "admin" }], "Someone Else");
});

let views = 0;
/** A personal view of the owner's on the shipments in `status`, and an alert on it. */
async function alertOnShipments(status: string, condition: Record<string, unknown>): Promise<AlertRule> {
  const view = await createSavedView(
    db(),
    { storeId: storeId(), userId: people.owner.userId, role: "viewer" },
    { list: "shipments", name: `Edit probe ${++views}`, query: `status=${status}`, shared: false },
  );
  const created = await callRoute<{ alert: AlertRule }>(
    POST,
    { storeId: storeId() },
    {
      method: "POST",
      path: `/stores/${storeId()}/alerts`,
      body: { alert: { savedViewId: view.id, ...condition } },
      cookie: people.owner.cookie,
    },
  );
  expect(created.status, created.text).toBe(201);
  return created.body.alert;
}

function change(alertId: string, alert: unknown, cookie = people.owner.cookie) {
  return callRoute<{ alert: AlertRule }>(
    PATCH,
    { storeId: storeId(), alertId },
    { method: "PATCH", path: `/stores/${storeId()}/alerts/${alertId}`, body: { alert }, cookie },
  );
}

/** The kinds of the e-mails told of a rule, oldest first. */
async function told(ruleId: string): Promise<string[]> {
  const rows = await db()
    .select({ kind: notifications.kind })
    .from(notifications)
    .where(and(eq(notifications.subjectId, ruleId), eq(notifications.channel, "email")))
    .orderBy(notifications.createdAt, notifications.id);
  return rows.map((row) => row.kind);
}

const ruleRow = async (id: string) => (await db().select().from(alertRules).where(eq(alertRules.id, id)))[0];

type ShipmentStatus = (typeof inboundShipments.$inferSelect)["status"];

/** How many of the store's shipments are in `status`. */
async function shipmentsIn(status: ShipmentStatus): Promise<number> {
  return (
    await db()
      .select({ id: inboundShipments.id })
      .from(inboundShipments)
      .where(and(eq(inboundShipments.storeId, storeId()), eq(inboundShipments.status, status)))
  ).length;
}

/** The status most of the store's shipments are in. */
async function commonStatus(): Promise<ShipmentStatus> {
  const [common] = await db()
    .select({ status: inboundShipments.status, count: count() })
    .from(inboundShipments)
    .where(eq(inboundShipments.storeId, storeId()))
    .groupBy(inboundShipments.status)
    .orderBy(desc(count()))
    .limit(1);
  if (!common) throw new Error("the demo store has no shipments");
  return common.status;
}

describe("changing an alert", () => {
  it("starts a firing threshold afresh: no clearing, and it fires again under the new condition", async () => {
    const status = await commonStatus();
    const listed = await shipmentsIn(status);
    expect(listed).toBeGreaterThan(1);
    const alert = await alertOnShipments(status, { condition: "threshold", threshold: 0 });
    await evaluate();
    expect(await told(alert.id)).toEqual(["alert"]);
    expect((await ruleRow(alert.id))?.firingSince).not.toBeNull();

    // Still holds under the new threshold: the state is dropped, and the next check fires it again.
    const changed = await change(alert.id, { threshold: listed - 1, minutes: 0 });
    expect(changed.status, changed.text).toBe(200);
    expect(changed.body.alert).toMatchObject({
      id: alert.id,
      condition: "threshold",
      threshold: listed - 1,
      minutes: 0,
      firing: false,
      firingSince: null,
      lastCount: null,
      lastEvaluatedAt: null,
    });
    await evaluate();
    expect(await told(alert.id)).toEqual(["alert", "alert"]);

    // No longer holds under the new threshold: no "cleared" message, nothing at all.
    const raised = await change(alert.id, { threshold: listed });
    expect(raised.status, raised.text).toBe(200);
    expect(raised.body.alert.firing).toBe(false);
    await evaluate();
    await evaluate();
    expect(await told(alert.id)).toEqual(["alert", "alert"]);
    expect((await ruleRow(alert.id))?.lastCount).toBe(listed);
  });

  it("waits out the new minutes from the change", async () => {
    const alert = await alertOnShipments(await commonStatus(), { condition: "threshold", threshold: 0 });
    await evaluate();
    expect(await told(alert.id)).toEqual(["alert"]);
    expect((await change(alert.id, { minutes: 30 })).status).toBe(200);
    // The first check after the change starts the condition; 30 minutes later it fires.
    await evaluate();
    await evaluate(20);
    expect(await told(alert.id)).toEqual(["alert"]);
    await evaluate(10);
    expect(await told(alert.id)).toEqual(["alert", "alert"]);
  });

  it("switched to new rows, takes the rows the view lists now as seen", async () => {
    const alert = await alertOnShipments("IN_TRANSIT", { condition: "threshold", threshold: 1_000 });
    await evaluate();
    const changed = await change(alert.id, { condition: "new_rows", threshold: 5, minutes: 5 });
    expect(changed.status, changed.text).toBe(200);
    // Thresholds mean nothing to new rows: kept at 0, as making one does.
    expect(changed.body.alert).toMatchObject({ condition: "new_rows", threshold: 0, minutes: 0 });
    expect((await ruleRow(alert.id))?.seenRowIds).toHaveLength(await shipmentsIn("IN_TRANSIT"));
    await evaluate();
    expect(await told(alert.id)).toEqual([]);

    const [other] = await db()
      .select({ id: inboundShipments.id })
      .from(inboundShipments)
      .where(and(eq(inboundShipments.storeId, storeId()), ne(inboundShipments.status, "IN_TRANSIT")))
      .limit(1);
    await db()
      .update(inboundShipments)
      .set({ status: "IN_TRANSIT", updatedAt: new Date(clock) })
      .where(eq(inboundShipments.id, other?.id ?? ""));
    await evaluate();
    expect(await told(alert.id)).toEqual(["alert"]);
  });

  it("with the same values changes nothing of its state", async () => {
    const alert = await alertOnShipments(await commonStatus(), { condition: "threshold", threshold: 0 });
    await evaluate();
    const before = await ruleRow(alert.id);
    const same = await change(alert.id, { condition: "threshold", threshold: 0, minutes: 0 });
    expect(same.status, same.text).toBe(200);
    expect(same.body.alert.firing).toBe(true);
    expect(await ruleRow(alert.id)).toEqual(before);
  });

  it("is the owner's: another member's alert, like an unknown one, is 404 and stays as it was", async () => {
    const alert = await alertOnShipments("PENDING", { condition: "threshold", threshold: 3 });
    const before = await ruleRow(alert.id);
    expectProblem(await change(alert.id, { threshold: 9 }, people.other.cookie), 404, "alert/not-found");
    expectProblem(await change(unknownId("alr"), { threshold: 9 }), 404, "alert/not-found");
    expect(await ruleRow(alert.id)).toEqual(before);
  });

  it("refuses values out of range, an unknown condition or field, with a problem naming them", async () => {
    const alert = await alertOnShipments("PENDING", { condition: "threshold", threshold: 3 });
    const before = await ruleRow(alert.id);
    for (const [bad, path] of [
      [{ threshold: -1 }, "alert.threshold"],
      [{ threshold: 2.5 }, "alert.threshold"],
      [{ minutes: MAX_ALERT_MINUTES + 1 }, "alert.minutes"],
      [{ condition: "sometimes" }, "alert.condition"],
      [{ threshold: "5" }, "alert.threshold"],
    ] as const) {
      const refused = expectProblem(await change(alert.id, bad), 400, "alert/invalid-request");
      expect(JSON.stringify(refused), JSON.stringify(bad)).toContain(path);
    }
    expectProblem(await change(alert.id, { savedViewId: "svw_x" }), 400, "alert/invalid-request");
    expect(await ruleRow(alert.id)).toEqual(before);
  });
});
