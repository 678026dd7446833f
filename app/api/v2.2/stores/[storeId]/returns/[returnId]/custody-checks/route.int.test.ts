import { desc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { events, orderLineItems, returnItems } from "@/lib/db/schema";
import { createInboundShipment } from "@/lib/domain/inbound-shipments/write";
import type { CustodyFinding } from "@/lib/schemas/inspection";
import type { Return } from "@/lib/schemas/returns";
import { callRoute } from "@/lib/testing/api";
import { setupDemoRouteTest } from "@/lib/testing/api-helpers";
import { activeLocation, returnActivitiesOf, returnIn } from "@/lib/testing/return-lifecycle";
import { GET as getTimeline } from "../../../../../returns/[returnId]/timeline/route";
import { POST as receive } from "../../../inbound-shipments/[inboundShipmentId]/receipts/route";
import { POST } from "./route";

const { setup, owner, storeId } = setupDemoRouteTest({ returns: 120 });
type Answer = { custody: CustodyFinding; flagged: boolean; return: Return };

let shipmentId: string;
const RECEIVED = ["SN-CUSTODY-1", "SN-CUSTODY-2"];

beforeAll(async () => {
  const { database } = setup();
  const { itemIds } = await returnIn(database.db, storeId(), "delivered");
  const [line] = await database.db
    .select({ sku: orderLineItems.sku })
    .from(returnItems)
    .innerJoin(orderLineItems, eq(orderLineItems.id, returnItems.orderLineItemId))
    .where(eq(returnItems.id, itemIds[0] as string));
  const shipment = await createInboundShipment(
    database.db,
    { storeId: storeId(), publicUrl: "http://localhost:3000" },
    {
      location_id: await activeLocation(database.db, storeId()),
      items: [{ sku: line?.sku as string, quantity: 2 }],
    },
  );
  shipmentId = shipment.id;
  const receipt = await callRoute(
    receive,
    { storeId: storeId(), inboundShipmentId: shipmentId },
    {
      method: "POST",
      path: `/stores/${storeId()}/inbound-shipments/${shipmentId}/receipts`,
      body: {
        receipt: {
          bin: "B-04",
          lines: [{ sku: line?.sku, received: 2, damaged: 0, missing: 0, serials: RECEIVED }],
        },
      },
      ...owner(),
    },
  );
  expect(receipt.status, receipt.text).toBe(201);
});

function check(returnId: string, itemId: string, identifier: string) {
  return callRoute<Answer>(
    POST,
    { storeId: storeId(), returnId },
    {
      method: "POST",
      path: `/stores/${storeId()}/returns/${returnId}/custody-checks`,
      body: { item_id: itemId, identifier },
      ...owner(),
    },
  );
}

describe("POST /stores/{storeId}/returns/{returnId}/custody-checks", () => {
  it("a serial received here answers its shipment, bin and day, and leaves the return as it was", async () => {
    const { returnId, itemIds } = await returnIn(setup().database.db, storeId(), "delivered");
    const response = await check(returnId, itemIds[0] as string, "SN-CUSTODY-1");
    expect(response.status, response.text).toBe(200);
    expect(response.body.custody).toMatchObject({
      identifier: "SN-CUSTODY-1",
      kind: "serial",
      verdict: "received",
      received: { inbound_shipment_id: shipmentId, bin: "B-04" },
      returned: null,
    });
    expect(response.body.custody.summary).toMatch(
      new RegExp(`^received on ${shipmentId} into bin B-04 on \\d{4}-\\d\\d-\\d\\d$`),
    );
    expect(response.body.flagged).toBe(false);
    expect(response.body.return.status).toBe("delivered");
    // Recorded on the return: its item's `custody`, and the event the webhook sends.
    expect(response.body.return.items[0]?.custody?.verdict).toBe("received");
    const [event] = await setup()
      .database.db.select({ payload: events.payload })
      .from(events)
      .where(eq(events.subjectId, returnId))
      .orderBy(desc(events.seq))
      .limit(1);
    const sent = (event?.payload as { return?: Return } | undefined)?.return;
    expect(sent?.items[0]?.custody).toEqual(response.body.custody);
  });

  it("the same serial on a second return is `returned_before` naming the first, and flags it with the reason", async () => {
    const db = setup().database.db;
    const first = await returnIn(db, storeId(), "delivered");
    expect(
      (await check(first.returnId, first.itemIds[0] as string, "SN-CUSTODY-2")).body.custody.verdict,
    ).toBe("received");
    const second = await returnIn(db, storeId(), "delivered");
    const response = await check(second.returnId, second.itemIds[0] as string, "SN-CUSTODY-2");
    expect(response.body.custody).toMatchObject({
      verdict: "returned_before",
      returned: { return_id: first.returnId, item_id: first.itemIds[0] },
      received: { inbound_shipment_id: shipmentId },
    });
    expect(response.body.custody.summary).toMatch(new RegExp(`^returned before on ${first.returnId} on `));
    expect(response.body.flagged).toBe(true);
    expect(response.body.return.status).toBe("flagged");
    const activities = await returnActivitiesOf(db, second.returnId);
    expect(activities.map((a) => a.kind)).toEqual(
      expect.arrayContaining(["custody_checked", "status_changed"]),
    );
    expect(activities.find((a) => a.kind === "status_changed")?.details).toMatchObject({
      to: "flagged",
      via: "custody",
      reason: `SN-CUSTODY-2: returned before on ${first.returnId} on ${response.body.custody.returned?.at.slice(0, 10)}`,
    });
    // The timeline tells both, in its published shape (the contract's response schema checks it).
    const timeline = await callRoute<{ entries: { kind: string; details: { via?: string } }[] }>(
      getTimeline,
      { returnId: second.returnId },
      { path: `/returns/${second.returnId}/timeline`, ...owner() },
    );
    expect(timeline.status, timeline.text).toBe(200);
    expect(timeline.body.entries.map((e) => e.kind)).toEqual(expect.arrayContaining(["custody_checked"]));
    expect(timeline.body.entries.find((e) => e.kind === "status_changed")?.details.via).toBe("custody");
    // Scanning it again on the same return still names the first, not itself.
    const again = await check(second.returnId, second.itemIds[0] as string, "SN-CUSTODY-2");
    expect(again.body.custody.returned?.return_id).toBe(first.returnId);
  });

  it("an unknown serial is `never_received` and flags the return; an item of another return is a 400", async () => {
    const db = setup().database.db;
    const { returnId, itemIds } = await returnIn(db, storeId(), "delivered");
    const response = await check(returnId, itemIds[0] as string, "SN-NEVER-SEEN");
    expect(response.body.custody).toMatchObject({
      verdict: "never_received",
      summary: "never received here",
      received: null,
      returned: null,
    });
    expect(response.body.return.status).toBe("flagged");
    const other = await returnIn(db, storeId(), "delivered");
    const foreign = await check(returnId, other.itemIds[0] as string, "SN-CUSTODY-1");
    expect(foreign.status).toBe(400);
  });
});
