import { asc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { apiKeys, deliveryAttempts, events, returns, webhookDeliveries, webhooks } from "@/lib/db/schema";
import { TIMELINE_SYSTEM_NAME } from "@/lib/domain/returns/timeline";
import { newId } from "@/lib/ids";
import type { ReturnTimelineEntry } from "@/lib/schemas/return-timeline";
import { type Caller, callRoute } from "@/lib/testing/api";
import { expectProblem, setupDemoRouteTest } from "@/lib/testing/api-helpers";
import { activeLocation, returnIn } from "@/lib/testing/return-lifecycle";
import { PUT as setIdentifiers } from "../../../stores/[storeId]/returns/[returnId]/item-identifiers/route";
import { POST as approve } from "../approve/route";
import { POST as comment } from "../comments/route";
import { POST as flag } from "../flag/route";
import { POST as processReturn } from "../process/route";
import { PUT as setStatus } from "../status/route";
import { GET } from "./route";

const EDITOR_NAME = "Erin Editor";
const { setup, cookies } = setupDemoRouteTest({ returns: 200, editorName: EDITOR_NAME });
let locationId: string;

beforeAll(async () => {
  const { database, demoA } = setup();
  locationId = await activeLocation(database.db, demoA.id);
});

type Page = { entries: ReturnTimelineEntry[] };
const editor = (): Caller => ({ cookie: cookies.editor });

function timeline(returnId: string, auth: Caller) {
  return callRoute<Page>(GET, { returnId }, { path: `/returns/${returnId}/timeline`, ...auth });
}

async function call(
  handler: Parameters<typeof callRoute>[0],
  method: string,
  path: string,
  params: Record<string, string>,
  body?: unknown,
) {
  const response = await callRoute(handler, params, { method, path, body, ...editor() });
  expect(response.status, response.text).toBeLessThan(300);
}

/** Every page of the timeline at `size` entries a page, following X-Page-Next. */
async function allPages(returnId: string, size: number): Promise<ReturnTimelineEntry[]> {
  const secret = setup().demoA.secret;
  const entries: ReturnTimelineEntry[] = [];
  let marker: string | null = null;
  for (let pages = 0; pages < 100; pages++) {
    const headers: Record<string, string> = { "x-page-size": String(size) };
    if (marker) headers["x-page-continue"] = marker;
    const response = await timeline(returnId, { secret, headers });
    expect(response.status, response.text).toBe(200);
    expect(response.body.entries.length).toBeLessThanOrEqual(size);
    entries.push(...response.body.entries);
    marker = response.headers.get("x-page-next");
    if (!marker) return entries;
  }
  throw new Error("the timeline did not end");
}

/** Two attempts at delivering the return's latest event to a webhook of its store: 503, then 200. */
async function deliverLatestEvent(storeId: string, returnId: string) {
  const { db } = setup().database;
  const [event] = await db
    .select({ id: events.id, seq: events.seq })
    .from(events)
    .where(eq(events.subjectId, returnId))
    .orderBy(asc(events.seq));
  if (!event) throw new Error("the return has no event");
  const webhookId = newId("webhook");
  await db.insert(webhooks).values({
    id: webhookId,
    storeId,
    url: "https://hooks.example.com/timeline",
    topic: "return",
    signingSecret: "whsec_test",
  });
  const deliveryId = newId("delivery");
  const now = Date.now();
  await db.insert(webhookDeliveries).values({
    id: deliveryId,
    webhookId,
    eventId: event.id,
    storeId,
    subjectId: returnId,
    eventSeq: Number(event.seq),
    status: "delivered",
    attemptCount: 2,
    completedAt: new Date(now + 2_000),
  });
  await db.insert(deliveryAttempts).values([
    {
      id: newId("deliveryAttempt"),
      deliveryId,
      attemptNumber: 1,
      attemptedAt: new Date(now + 1_000),
      durationMs: 12,
      responseStatus: 503,
    },
    {
      id: newId("deliveryAttempt"),
      deliveryId,
      attemptNumber: 2,
      attemptedAt: new Date(now + 2_000),
      durationMs: 9,
      responseStatus: 200,
    },
  ]);
  return { deliveryId, webhookId, eventId: event.id };
}

describe("GET /returns/{returnId}/timeline", () => {
  it("tells a return's whole story oldest first, with who did each step, and pages across sources", async () => {
    const { database, demoA } = setup();
    const { returnId, itemIds } = await returnIn(database.db, demoA.id, "pre_shipment", {
      minItems: 2,
      restockable: true,
    });
    const [first, second] = itemIds as [string, string];
    const [secretRow] = await database.db
      .select({ name: apiKeys.name })
      .from(apiKeys)
      .where(eq(apiKeys.storeId, demoA.id));
    const started = Date.now();

    await call(
      setIdentifiers,
      "PUT",
      `/stores/${demoA.id}/returns/${returnId}/item-identifiers`,
      { storeId: demoA.id, returnId },
      { items: [{ id: first, externalIdentifier: "RMA-TL-1" }] },
    );
    await call(approve, "POST", `/returns/${returnId}/approve`, { returnId }, {});
    const commented = await callRoute(
      comment,
      { returnId },
      {
        method: "POST",
        path: `/returns/${returnId}/comments`,
        secret: demoA.secret,
        body: { comment: { message: "Label sent" } },
      },
    );
    expect(commented.status, commented.text).toBe(201);
    await call(flag, "POST", `/returns/${returnId}/flag`, { returnId });
    await call(setStatus, "PUT", `/returns/${returnId}/status`, { returnId }, { status: "open" });
    // The parcel arrives (tracking updates tell their own story in their test).
    await database.db.update(returns).set({ status: "delivered" }).where(eq(returns.id, returnId));
    await call(
      processReturn,
      "POST",
      `/returns/${returnId}/process`,
      { returnId },
      {
        products: [
          { _id: first, processInput: { restock: true, locationId }, grade: "A - Like new" },
          { _id: second, reject: true, rejectReason: "Worn and washed" },
          ...itemIds.slice(2).map((id) => ({ _id: id, reject: true, rejectReason: "Missing parts" })),
        ],
      },
    );
    const delivery = await deliverLatestEvent(demoA.id, returnId);

    const whole = await allPages(returnId, 500);
    // Oldest first by (at, id), with no entry twice.
    const keys = whole.map((entry) => [entry.at, entry.id] as const);
    const sorted = [...keys].sort((a, b) => a[0].localeCompare(b[0]) || (a[1] < b[1] ? -1 : 1));
    expect(keys).toEqual(sorted);
    expect(new Set(whole.map((entry) => entry.id)).size).toBe(whole.length);

    const [created] = whole;
    const [stored] = await database.db
      .select({ createdAt: returns.createdAt, type: returns.type })
      .from(returns)
      .where(eq(returns.id, returnId));
    expect(created).toMatchObject({
      id: returnId,
      kind: "created",
      at: stored?.createdAt.toISOString(),
      details: { type: stored?.type },
    });

    const today = whole.filter((entry) => Date.parse(entry.at) >= started);
    expect(today.map((entry) => entry.kind)).toEqual([
      "identifiers_set",
      "approved",
      "comment",
      "status_changed",
      "status_changed",
      ...itemIds.map(() => "item_processed"),
      "status_changed",
      "webhook_delivery",
      "webhook_delivery",
    ]);
    const staff = { kind: "staff", name: EDITOR_NAME };
    const byKind = (kind: string) => today.filter((entry) => entry.kind === kind);
    expect(byKind("identifiers_set")[0]).toMatchObject({
      actor: staff,
      details: { items: [{ itemId: first, from: null, to: "RMA-TL-1" }] },
    });
    expect(byKind("status_changed").map((entry) => entry.details)).toEqual([
      { from: "open", to: "flagged", via: "status" },
      { from: "flagged", to: "open", via: "status" },
      { from: "delivered", to: "complete", via: "process" },
    ]);
    expect(byKind("comment")[0]).toMatchObject({
      actor: { kind: "api_secret", name: secretRow?.name },
      details: { message: "Label sent" },
    });
    const [restocked, rejected] = byKind("item_processed");
    expect(restocked).toMatchObject({
      actor: staff,
      details: { itemId: first, result: "processed", restock: true, locationId, grade: "A - Like new" },
    });
    expect(restocked?.kind === "item_processed" && restocked.details.locationName).toEqual(
      expect.any(String),
    );
    expect(rejected).toMatchObject({
      details: { itemId: second, result: "rejected", restock: false, rejectReason: "Worn and washed" },
    });
    expect(byKind("status_changed")[0]).toMatchObject({ actor: staff });
    expect(byKind("webhook_delivery").map((entry) => [entry.actor, entry.details])).toEqual([
      [
        { kind: "system", name: TIMELINE_SYSTEM_NAME },
        expect.objectContaining({
          ...delivery,
          attempt: 1,
          result: "failed",
          responseStatus: 503,
          final: false,
        }),
      ],
      [
        { kind: "system", name: TIMELINE_SYSTEM_NAME },
        expect.objectContaining({
          ...delivery,
          attempt: 2,
          result: "delivered",
          responseStatus: 200,
          final: true,
        }),
      ],
    ]);

    // Small pages cross from one source to the next and still give every entry once, in order.
    for (const size of [1, 2, 3]) {
      expect((await allPages(returnId, size)).map((entry) => entry.id)).toEqual(whole.map((e) => e.id));
    }
  });

  it("is readable by a viewer, and 404 from another store", async () => {
    const { database, demoA, demoB } = setup();
    const { returnId } = await returnIn(database.db, demoA.id, "open");
    const asViewer = await timeline(returnId, { cookie: cookies.viewer });
    expect(asViewer.status, asViewer.text).toBe(200);
    expect(asViewer.body.entries[0]).toMatchObject({ id: returnId, kind: "created" });
    expectProblem(await timeline(returnId, { secret: demoB.secret }), 404, "return/not-found");
  });

  it("refuses a page marker that was altered or issued for another return with 400", async () => {
    const { database, demoA } = setup();
    const one = await returnIn(database.db, demoA.id, "open");
    const other = await returnIn(database.db, demoA.id, "open");
    const secret = demoA.secret;
    // A second entry besides `created`, so a page of one has a next page.
    const commented = await callRoute(
      comment,
      { returnId: one.returnId },
      {
        method: "POST",
        path: `/returns/${one.returnId}/comments`,
        secret,
        body: { comment: { message: "Paging probe" } },
      },
    );
    expect(commented.status, commented.text).toBe(201);
    const first = await timeline(one.returnId, { secret, headers: { "x-page-size": "1" } });
    const marker = first.headers.get("x-page-next");
    expect(marker).toBeTruthy();
    for (const [returnId, value] of [
      [one.returnId, "garbage"],
      [one.returnId, `${marker}x`],
      [other.returnId, marker as string],
    ] as const) {
      const response = await timeline(returnId, {
        secret,
        headers: { "x-page-size": "1", "x-page-continue": value },
      });
      expectProblem(response, 400, "return/invalid-request");
    }
  });
});
