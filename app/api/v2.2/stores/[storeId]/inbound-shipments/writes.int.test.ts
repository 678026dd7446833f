import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { events, inboundShipmentItems, inboundShipments } from "@/lib/db/schema";
import type { InboundShipmentDetail } from "@/lib/schemas/inbound-shipments";
import { type Caller, callRoute } from "@/lib/testing/api";
import { expectInvalid, expectProblem, unknownId } from "@/lib/testing/api-helpers";
import { setupApiTestDatabase } from "@/lib/testing/api-setup";
import { insertVariant } from "@/lib/testing/fixtures";
import { DELETE, GET as getOne, PATCH } from "./[inboundShipmentId]/route";
import { POST } from "./route";

type Detail = { inbound_shipment: InboundShipmentDetail };

const setup = setupApiTestDatabase();

function create(storeId: string, body: unknown, auth: Caller) {
  return callRoute<Detail>(
    POST,
    { storeId },
    {
      method: "POST",
      path: `/stores/${storeId}/inbound-shipments`,
      ...auth,
      body,
    },
  );
}

function update(storeId: string, inboundShipmentId: string, body: unknown, auth: Caller) {
  return callRoute<Detail>(
    PATCH,
    { storeId, inboundShipmentId },
    {
      method: "PATCH",
      path: `/stores/${storeId}/inbound-shipments/${inboundShipmentId}`,
      ...auth,
      body,
    },
  );
}

function cancel(storeId: string, inboundShipmentId: string, auth: Caller) {
  return callRoute(
    DELETE,
    { storeId, inboundShipmentId },
    {
      method: "DELETE",
      path: `/stores/${storeId}/inbound-shipments/${inboundShipmentId}`,
      ...auth,
    },
  );
}

async function twoSkus(storeId: string) {
  const { database } = setup();
  const first = await insertVariant(database.db, storeId);
  const second = await insertVariant(database.db, storeId);
  return [first, second] as const;
}

describe("POST /stores/{storeId}/inbound-shipments", () => {
  it("creates an ASN that reads back through Get inbound shipment, with a created event", async () => {
    const { database, storeA } = setup();
    const [first, second] = await twoSkus(storeA.id);
    const response = await create(
      storeA.id,
      {
        inbound_shipment: {
          shipment_id: "PO-1001",
          location_id: storeA.locationIds[1],
          carrier: "UPS",
          tracking_number: "1Z999",
          tracking_url: "https://www.ups.com/track?tracknum=1Z999",
          estimated_arrival_date: "2026-12-01",
          freight_type: "Parcel",
          payment_terms: "NET30",
          freight_cost: { amount: "120.50", currency: "EUR" },
          items: [
            { sku: second.variant.sku, quantity: 12 },
            { sku: first.variant.sku, quantity: 3 },
          ],
        },
      },
      { secret: storeA.secret },
    );
    expect(response.status, response.text).toBe(201);
    const shipment = response.body.inbound_shipment;
    expect(shipment).toMatchObject({
      shipment_id: "PO-1001",
      status: "PENDING",
      location: { id: storeA.locationIds[1] },
      carrier: "UPS",
      estimated_arrival_date: "2026-12-01",
      freight_cost: { amount: "120.50", currency: "EUR" },
      duty_cost: { amount: "0.00", currency: "EUR" },
      sku_count: 2,
      item_count: 15,
      received_count: 0,
      damaged_count: 0,
    });
    expect(shipment.items.map((i) => [i.product.sku, i.quantity, i.discrepancy])).toEqual([
      [second.variant.sku, 12, -12],
      [first.variant.sku, 3, -3],
    ]);
    expect(shipment.items[0]?.product).toMatchObject({
      id: second.product.id,
      title: "Trail Tee - Forest / M",
    });
    const read = await callRoute<Detail>(
      getOne,
      { storeId: storeA.id, inboundShipmentId: shipment.id },
      { path: `/stores/${storeA.id}/inbound-shipments/${shipment.id}`, secret: storeA.secret },
    );
    expect(read.body.inbound_shipment).toEqual(shipment);
    const [event] = await database.db
      .select()
      .from(events)
      .where(and(eq(events.subjectId, shipment.id), eq(events.topic, "inbound_shipment")));
    expect(event).toMatchObject({ type: "created" });
    expect((event?.payload as unknown as Detail | undefined)?.inbound_shipment).toEqual(shipment);
  });

  it("names every unknown SKU, a repeated SKU and a foreign location, and writes nothing", async () => {
    const { database, storeA, storeB } = setup();
    const [first] = await twoSkus(storeA.id);
    const [foreign] = await twoSkus(storeB.id);
    const before = await database.db.$count(inboundShipments, eq(inboundShipments.storeId, storeA.id));
    expectInvalid(
      await create(
        storeA.id,
        {
          inbound_shipment: {
            location_id: storeB.locationIds[0],
            items: [
              { sku: first.variant.sku, quantity: 1 },
              { sku: foreign.variant.sku, quantity: 1 },
              { sku: "NOT-IN-CATALOG", quantity: 2 },
            ],
          },
        },
        { secret: storeA.secret },
      ),
      "inbound-shipment",
      ["inbound_shipment.location_id", "inbound_shipment.items.1.sku", "inbound_shipment.items.2.sku"],
    );
    expectInvalid(
      await create(
        storeA.id,
        {
          inbound_shipment: {
            location_id: storeA.locationIds[0],
            tracking_url: "javascript:alert(1)",
            freight_cost: { amount: "1.00", currency: "USD" },
            duty_cost: { amount: "1.00", currency: "EUR" },
            items: [
              { sku: first.variant.sku, quantity: 0 },
              { sku: first.variant.sku, quantity: 1 },
            ],
          },
        },
        { secret: storeA.secret },
      ),
      "inbound-shipment",
      [
        "inbound_shipment.tracking_url",
        "inbound_shipment.duty_cost.currency",
        "inbound_shipment.items.0.quantity",
        "inbound_shipment.items.1.sku",
      ],
    );
    expectInvalid(
      await create(
        storeA.id,
        { inbound_shipment: { location_id: storeA.locationIds[0], items: [] } },
        { secret: storeA.secret },
      ),
      "inbound-shipment",
      ["inbound_shipment.items"],
    );
    expect(await database.db.$count(inboundShipments, eq(inboundShipments.storeId, storeA.id))).toBe(before);
  });
});

describe("PATCH and DELETE /stores/{storeId}/inbound-shipments/{inboundShipmentId}", () => {
  async function newShipment() {
    const { storeA } = setup();
    const [first] = await twoSkus(storeA.id);
    const created = await create(
      storeA.id,
      {
        inbound_shipment: {
          location_id: storeA.locationIds[0],
          carrier: "FedEx",
          items: [{ sku: first.variant.sku, quantity: 5 }],
        },
      },
      { secret: storeA.secret },
    );
    return created.body.inbound_shipment;
  }

  it("updates tracking, clears a field with null, marks IN_TRANSIT, and moves updated_at", async () => {
    const { storeA } = setup();
    const shipment = await newShipment();
    const response = await update(
      storeA.id,
      shipment.id,
      { inbound_shipment: { tracking_number: "TRK-42", carrier: null, status: "IN_TRANSIT" } },
      { secret: storeA.secret },
    );
    expect(response.status, response.text).toBe(200);
    expect(response.body.inbound_shipment).toMatchObject({
      tracking_number: "TRK-42",
      carrier: null,
      status: "IN_TRANSIT",
    });
    expect(Date.parse(response.body.inbound_shipment.updated_at)).toBeGreaterThan(
      Date.parse(shipment.updated_at),
    );
    const same = await update(
      storeA.id,
      shipment.id,
      { inbound_shipment: { tracking_number: "TRK-42" } },
      { secret: storeA.secret },
    );
    expect(same.body.inbound_shipment).toEqual(response.body.inbound_shipment);
    expectInvalid(
      await update(storeA.id, shipment.id, { inbound_shipment: {} }, { secret: storeA.secret }),
      "inbound-shipment",
      ["inbound_shipment"],
    );
    expectInvalid(
      await update(
        storeA.id,
        shipment.id,
        { inbound_shipment: { status: "RECEIVED" } },
        { secret: storeA.secret },
      ),
      "inbound-shipment",
      ["inbound_shipment.status"],
    );
  });

  it("refuses IN_TRANSIT and cancelling once receiving started (409), and cancels an untouched shipment", async () => {
    const { database, storeA, storeB } = setup();
    const started = await newShipment();
    await database.db
      .update(inboundShipmentItems)
      .set({ receivedQuantity: 1 })
      .where(eq(inboundShipmentItems.shipmentId, started.id));
    await database.db
      .update(inboundShipments)
      .set({ status: "PARTIALLY_RECEIVED", receivedCount: 1 })
      .where(eq(inboundShipments.id, started.id));
    expectProblem(
      await update(
        storeA.id,
        started.id,
        { inbound_shipment: { status: "IN_TRANSIT" } },
        { secret: storeA.secret },
      ),
      409,
      "inbound-shipment/receiving-started",
    );
    expectProblem(
      await cancel(storeA.id, started.id, { secret: storeA.secret }),
      409,
      "inbound-shipment/receiving-started",
    );

    const untouched = await newShipment();
    expectProblem(
      await cancel(storeB.id, untouched.id, { secret: storeB.secret }),
      404,
      "inbound-shipment/not-found",
    );
    expect((await cancel(storeA.id, untouched.id, { secret: storeA.secret })).status).toBe(204);
    expectProblem(
      await cancel(storeA.id, untouched.id, { secret: storeA.secret }),
      404,
      "inbound-shipment/not-found",
    );
    const [deleted] = await database.db
      .select()
      .from(events)
      .where(and(eq(events.subjectId, untouched.id), eq(events.type, "deleted")));
    expect((deleted?.payload as unknown as Detail | undefined)?.inbound_shipment.id).toBe(untouched.id);
    expectProblem(
      await cancel(storeA.id, unknownId("inb"), { secret: storeA.secret }),
      404,
      "inbound-shipment/not-found",
    );
  });
});
