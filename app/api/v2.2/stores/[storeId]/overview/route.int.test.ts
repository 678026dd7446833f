import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { Db } from "@/lib/db";
import { returnActivities, returnShipments, webhooks } from "@/lib/db/schema";
import { createApiKey, revokeApiKey } from "@/lib/domain/api-keys";
import { createInboundShipment } from "@/lib/domain/inbound-shipments/write";
import { createLocation, updateLocation } from "@/lib/domain/locations/locations";
import { overviewWeeks } from "@/lib/domain/overview/series";
import { setupProgress } from "@/lib/domain/overview/setup-progress";
import { bulkUploadProducts } from "@/lib/domain/products/bulk-upload";
import { addStaffMember } from "@/lib/domain/staff-members";
import { createStore } from "@/lib/domain/stores";
import { newId } from "@/lib/ids";
import type { StoreOverview } from "@/lib/schemas/overview";
import { callRoute } from "@/lib/testing/api";
import { expectProblem, pickReturn, setupDemoApiTestDatabase } from "@/lib/testing/api-helpers";
import { GET as listShipments } from "../inbound-shipments/route";
import { GET as listReturns } from "../returns/route";
import { GET } from "./route";

const setup = setupDemoApiTestDatabase();
const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

const overviewOf = async (storeId: string, secret: string) => {
  const response = await callRoute<{ overview: StoreOverview }>(
    GET,
    { storeId },
    { path: `/stores/${storeId}/overview`, secret },
  );
  expect(response.status, response.text).toBe(200);
  return response.body.overview;
};

/** `days` from today (UTC) as a calendar day. */
const day = (days: number) => new Date(Date.now() + days * DAY_MS).toISOString().slice(0, 10);
/** A moment `weeks` whole weeks before now (the same weekday, so the same place in its week). */
const weeksAgo = (weeks: number, hours = 0) =>
  new Date(Date.now() - weeks * 7 * DAY_MS - 1000 - hours * HOUR_MS);

/** Moves every return and shipment of the store out of the overview: old, closed long ago, received. */
async function quiet(db: Db, storeId: string) {
  const old = "2020-01-06T00:00:00Z";
  await db.execute(sql`update returns set status = 'open', created_at = ${old}, updated_at = ${old}
    where store_id = ${storeId}`);
  await db.execute(sql`delete from return_activities a using returns r where r.id = a.return_id
    and r.store_id = ${storeId}`);
  await db.execute(sql`update inbound_shipments set status = 'RECEIVED', estimated_arrival_date = '2020-01-06'
    where store_id = ${storeId}`);
}

async function setReturn(
  db: Db,
  id: string,
  set: { status?: string; type?: string; at?: Date; updated?: Date },
) {
  await db.execute(sql`update returns set status = coalesce(${set.status ?? null}::return_status, status),
    type = coalesce(${set.type ?? null}::return_type, type),
    created_at = coalesce(${set.at?.toISOString() ?? null}::timestamptz, created_at),
    updated_at = coalesce(${(set.updated ?? set.at)?.toISOString() ?? null}::timestamptz, updated_at)
    where id = ${id}`);
}

async function moved(db: Db, returnId: string, to: "delivered" | "complete", at: Date) {
  await db.insert(returnActivities).values({
    id: newId("returnActivity"),
    returnId,
    kind: "status_changed",
    actorKind: "system",
    actorName: "test",
    details: { from: to === "complete" ? "delivered" : "in_transit", to, via: "status" },
    at,
  });
}

async function shipmentIds(db: Db, storeId: string, count: number): Promise<string[]> {
  const { rows } = await db.execute<{ id: string }>(
    sql`select id from inbound_shipments where store_id = ${storeId} order by id limit ${count}`,
  );
  return rows.map((row) => row.id);
}

async function setShipment(db: Db, id: string, status: string, eta: string, units: [number, number]) {
  await db.execute(sql`update inbound_shipments set status = ${status}::inbound_shipment_status,
    estimated_arrival_date = ${eta}::date, item_count = ${units[0]}, received_count = ${units[1]} where id = ${id}`);
}

async function insertWebhook(db: Db, storeId: string, health: { failing?: boolean; disabled?: boolean }) {
  await db.insert(webhooks).values({
    id: newId("webhook"),
    storeId,
    url: "https://example.com/hook",
    topic: "return",
    signingSecret: "whsec_test",
    failingSince: health.failing ? new Date() : null,
    disabledAt: health.disabled ? new Date() : null,
  });
}

const addDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

describe("GET /stores/{storeId}/overview", () => {
  it("answers zeros, 12 empty weeks and no median for a store without data", async () => {
    const { storeA } = setup();
    const overview = await overviewOf(storeA.id, storeA.secret);
    expect(overview.counts).toEqual({
      returnsAwaitingReview: 0,
      returnsFlagged: 0,
      returnsAwaitingProcessing: 0,
      shipmentsArrivingSoon: 0,
      shipmentsLate: 0,
      webhooksFailing: 0,
    });
    const weeks = overviewWeeks(new Date());
    expect(overview.returnsByWeek).toEqual(weeks.map((week) => ({ week, return: 0, claim: 0, warranty: 0 })));
    expect(overview.topReasons).toEqual([]);
    expect(overview.deliveredToClosed).toEqual({
      medianHours: null,
      closed: 0,
      weeks: weeks.map((week) => ({ week, medianHours: null, closed: 0 })),
    });
    expect(overview.inboundUnitsByWeek).toEqual(weeks.map((week) => ({ week, expected: 0, received: 0 })));
  });

  it("counts each kind of waiting work and each series exactly, and never another store's", async () => {
    const { database, demoA, demoB } = setup();
    const db = database.db;
    await quiet(db, demoA.id);

    // Store B is busy in every way the overview counts; none of it may show in A's.
    const busyB = await pickReturn(db, demoB.id);
    await setReturn(db, busyB.returnId, { status: "pre_shipment", at: weeksAgo(0) });
    const flaggedB = await pickReturn(db, demoB.id);
    await setReturn(db, flaggedB.returnId, { status: "flagged" });
    const [lateB] = await shipmentIds(db, demoB.id, 1);
    await setShipment(db, lateB as string, "IN_TRANSIT", day(-3), [50, 0]);
    await insertWebhook(db, demoB.id, { disabled: true });

    // Counts: 3 to authorize, 1 flagged, 2 delivered, shipments arriving (today, +3), late (-10), neither (received, +8).
    const review = [
      await pickReturn(db, demoA.id),
      await pickReturn(db, demoA.id),
      await pickReturn(db, demoA.id),
    ];
    for (const r of review) await setReturn(db, r.returnId, { status: "pre_shipment" });
    const flagged = await pickReturn(db, demoA.id);
    await setReturn(db, flagged.returnId, { status: "flagged" });
    const delivered = [await pickReturn(db, demoA.id), await pickReturn(db, demoA.id)];
    for (const r of delivered) await setReturn(db, r.returnId, { status: "delivered" });
    const [s1, s2, s3, s4, s5] = (await shipmentIds(db, demoA.id, 5)) as string[];
    const shipments = [
      { id: s1, status: "IN_TRANSIT", eta: day(3), units: [10, 0] },
      { id: s2, status: "PENDING", eta: day(0), units: [5, 0] },
      { id: s3, status: "PARTIALLY_RECEIVED", eta: day(-10), units: [8, 3] },
      { id: s4, status: "RECEIVED", eta: day(-1), units: [7, 7] },
      { id: s5, status: "IN_TRANSIT", eta: day(8), units: [4, 0] },
    ] as const;
    for (const s of shipments) await setShipment(db, s.id as string, s.status, s.eta, [...s.units]);
    await insertWebhook(db, demoA.id, {});
    await insertWebhook(db, demoA.id, { failing: true });
    await insertWebhook(db, demoA.id, { failing: true, disabled: true });

    // Returns created: this week 2 returns and a claim, two weeks ago a warranty, none last week.
    const created = [
      { r: await pickReturn(db, demoA.id), type: "return", weeks: 0, reason: "Too small", quantity: 2 },
      { r: await pickReturn(db, demoA.id), type: "return", weeks: 0, reason: "Too small", quantity: 1 },
      { r: await pickReturn(db, demoA.id), type: "claim", weeks: 0, reason: "Wrong item", quantity: 1 },
      {
        r: await pickReturn(db, demoA.id),
        type: "warranty",
        weeks: 2,
        reason: "Seam came apart",
        quantity: 3,
      },
    ];
    for (const c of created) {
      await setReturn(db, c.r.returnId, { type: c.type, at: weeksAgo(c.weeks) });
      await db.execute(sql`update return_items set reason = ${c.reason}, quantity = ${c.quantity}
        where return_id = ${c.r.returnId}`);
    }
    const units = (reason: string) =>
      created.filter((c) => c.reason === reason).reduce((sum, c) => sum + c.quantity * c.r.itemIds.length, 0);

    // Delivered -> closed: 10 h and 40 h this week (from the audit trail), 20 h last week (from the parcel's
    // delivered_at and updated_at); a green return closed without delivery and one closed in 2020 do not count.
    const closing = [
      await pickReturn(db, demoA.id),
      await pickReturn(db, demoA.id),
      await pickReturn(db, demoA.id),
    ];
    const [c10, c40, c20] = closing.map((c) => c.returnId) as [string, string, string];
    for (const [id, hours] of [
      [c10, 10],
      [c40, 40],
    ] as const) {
      await setReturn(db, id, { status: "complete", updated: weeksAgo(0) });
      await moved(db, id, "delivered", weeksAgo(0, hours));
      await moved(db, id, "complete", weeksAgo(0));
    }
    await setReturn(db, c20, { status: "complete", updated: weeksAgo(1) });
    await db.delete(returnShipments).where(sql`return_id = ${c20}`);
    await db.insert(returnShipments).values({
      id: newId("returnShipment"),
      returnId: c20,
      status: "delivered",
      deliveredAt: weeksAgo(1, 20),
    });
    const green = await pickReturn(db, demoA.id);
    await setReturn(db, green.returnId, { status: "complete", updated: weeksAgo(0) });
    await db.delete(returnShipments).where(sql`return_id = ${green.returnId}`);
    const longAgo = await pickReturn(db, demoA.id);
    await setReturn(db, longAgo.returnId, { status: "complete" });

    const overview = await overviewOf(demoA.id, demoA.secret);
    expect(overview.counts).toEqual({
      returnsAwaitingReview: 3,
      returnsFlagged: 1,
      returnsAwaitingProcessing: 2,
      shipmentsArrivingSoon: 2,
      shipmentsLate: 1,
      webhooksFailing: 2,
    });
    const weeks = overviewWeeks(new Date());
    expect(overview.returnsByWeek.map((w) => w.week)).toEqual(weeks);
    expect(overview.returnsByWeek[11]).toEqual({ week: weeks[11], return: 2, claim: 1, warranty: 0 });
    expect(overview.returnsByWeek[10]).toEqual({ week: weeks[10], return: 0, claim: 0, warranty: 0 });
    expect(overview.returnsByWeek[9]).toEqual({ week: weeks[9], return: 0, claim: 0, warranty: 1 });
    expect(overview.returnsByWeek.slice(0, 9).every((w) => w.return + w.claim + w.warranty === 0)).toBe(true);
    expect(overview.topReasons).toEqual(
      [
        { reason: "Too small", units: units("Too small") },
        { reason: "Seam came apart", units: units("Seam came apart") },
        { reason: "Wrong item", units: units("Wrong item") },
      ].sort((a, b) => b.units - a.units || a.reason.localeCompare(b.reason)),
    );
    expect(overview.deliveredToClosed.closed).toBe(3);
    expect(overview.deliveredToClosed.medianHours).toBeCloseTo(20, 3);
    expect(overview.deliveredToClosed.weeks[11]).toMatchObject({ closed: 2 });
    expect(overview.deliveredToClosed.weeks[11]?.medianHours).toBeCloseTo(25, 3);
    expect(overview.deliveredToClosed.weeks[10]?.medianHours).toBeCloseTo(20, 3);
    expect(overview.deliveredToClosed.weeks[9]).toEqual({ week: weeks[9], medianHours: null, closed: 0 });

    const expected = weeks.map((week) => ({ week, expected: 0, received: 0 }));
    for (const s of shipments) {
      const slot = expected.find((w) => w.week <= s.eta && s.eta < addDays(w.week, 7));
      if (slot) {
        slot.expected += s.units[0];
        slot.received += s.units[1];
      }
    }
    expect(overview.inboundUnitsByWeek).toEqual(expected);

    // Each count is what the list behind it shows with the same filter.
    const rows = async (handler: typeof listReturns, path: string, key: string) => {
      const response = await callRoute<Record<string, unknown[]>>(
        handler,
        { storeId: demoA.id },
        { path, secret: demoA.secret, headers: { "x-page-size": "500" } },
      );
      return response.body[key]?.length;
    };
    const base = `/stores/${demoA.id}`;
    expect(await rows(listReturns, `${base}/returns?status=pre_shipment`, "returns")).toBe(3);
    expect(await rows(listReturns, `${base}/returns?status=delivered`, "returns")).toBe(2);
    expect(await rows(listReturns, `${base}/returns?status=flagged`, "returns")).toBe(1);
    expect(await rows(listShipments, `${base}/inbound-shipments?late=true`, "inbound_shipments")).toBe(1);
    expect(
      await rows(listShipments, `${base}/inbound-shipments?arriving_within_days=7`, "inbound_shipments"),
    ).toBe(2);
  });

  it("ticks each first-run step from the store's own rows, and opens it again when they go", async () => {
    const { database, demoA } = setup();
    const db = database.db;
    const { storeId, locationId } = await createStore(db, {
      name: "Fresh",
      currency: "EUR",
      timeZone: "UTC",
    });
    const none = {
      locations: false,
      returnAddress: false,
      products: false,
      inboundShipment: false,
      team: false,
      integration: false,
    };
    // Setup's first location is there from the start; everything else waits for its own rows.
    expect(await setupProgress(db, storeId)).toEqual({ ...none, locations: true });

    const address = { line1: "1 Kai", city: "Hamburg", state: "HH", postalCode: "20457", country: "DE" };
    await updateLocation(db, storeId, locationId, { return_address: address });
    await bulkUploadProducts(db, storeId, [
      { title: "Tee", external_id: "TEE", variants: [{ sku: "FRESH-TEE", price: 1999, currency: "EUR" }] },
    ]);
    await createInboundShipment(
      db,
      { storeId, publicUrl: "http://localhost:3000" },
      { location_id: locationId, items: [{ sku: "FRESH-TEE", quantity: 4 }] },
    );
    await addStaffMember(db, storeId, { email: "first@fresh.example", name: "First", role: "admin" });
    expect(await setupProgress(db, storeId)).toEqual({
      locations: true,
      returnAddress: true,
      products: true,
      inboundShipment: true,
      team: false,
      integration: false,
    });
    await addStaffMember(db, storeId, { email: "second@fresh.example", name: "Second", role: "viewer" });
    const { apiKey, secret } = await createApiKey(db, { storeId, name: "ERP" });
    const all = { locations: true, returnAddress: true, products: true, inboundShipment: true, team: true };
    expect(await overviewOf(storeId, secret).then((o) => o.setup)).toEqual({ ...all, integration: true });

    // A revoked secret connects nothing; a webhook does.
    await revokeApiKey(db, storeId, apiKey.id);
    expect(await setupProgress(db, storeId)).toEqual({ ...all, integration: false });
    await insertWebhook(db, storeId, {});
    expect(await setupProgress(db, storeId)).toEqual({ ...all, integration: true });

    // The address's location archived: no active location receives returns, so that step is open again.
    await createLocation(db, storeId, { name: "Second" });
    await updateLocation(db, storeId, locationId, { archived: true });
    expect(await setupProgress(db, storeId)).toMatchObject({ locations: true, returnAddress: false });
    // Another store's rows never count.
    expect((await overviewOf(demoA.id, demoA.secret)).setup).toMatchObject({ products: true });
  });

  it("refuses another store's secret", async () => {
    const { demoA, demoB } = setup();
    const response = await callRoute(
      GET,
      { storeId: demoA.id },
      { path: `/stores/${demoA.id}/overview`, secret: demoB.secret },
    );
    expectProblem(response, 403, "auth/forbidden");
  });
});
