import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { inboundShipmentItems, inboundShipments, productVariants } from "@/lib/db/schema";
import { newId } from "@/lib/ids";
import type { InboundShipment, InboundShipmentDetail } from "@/lib/schemas/inbound-shipments";
import { type Caller, callRoute } from "@/lib/testing/api";
import { expectProblem, unknownId } from "@/lib/testing/api-helpers";
import { setupApiTestDatabase, type TestStore } from "@/lib/testing/api-setup";
import { insertVariant } from "@/lib/testing/fixtures";
import { staffSessionCookie } from "@/lib/testing/session";
import { GET as list } from "../route";
import { GET } from "./route";

const setup = setupApiTestDatabase();

/**
 * A partly received shipment: line 1 has 6 of 10 received, 1 damaged, 1 missing; line 2 nothing yet. Each has
 * its own reference (a reference names one shipment of the store).
 */
async function partlyReceived(store: TestStore, reference = `PO-${newId("inboundShipment").slice(4)}`) {
  const { db } = setup().database;
  const first = await insertVariant(db, store.id);
  const second = await insertVariant(db, store.id);
  await db
    .update(productVariants)
    .set({ upc: "012345678905" })
    .where(eq(productVariants.id, first.variant.id));
  const id = newId("inboundShipment");
  await db.insert(inboundShipments).values({
    id,
    storeId: store.id,
    locationId: store.locationIds[0] as string,
    shipmentId: reference,
    status: "PARTIALLY_RECEIVED",
    currency: "USD",
    freightCost: "120.00",
    dutyCost: "0.00",
    skuCount: 2,
    itemCount: 14,
    receivedCount: 6,
  });
  await db.insert(inboundShipmentItems).values([
    {
      id: newId("shipmentItem"),
      shipmentId: id,
      variantId: first.variant.id,
      quantity: 10,
      receivedQuantity: 6,
      damagedQuantity: 1,
      missingQuantity: 1,
      position: 0,
    },
    { id: newId("shipmentItem"), shipmentId: id, variantId: second.variant.id, quantity: 4, position: 1 },
  ]);
  return id;
}

const read = (storeId: string, inboundShipmentId: string, auth: Caller) =>
  callRoute<{ inbound_shipment: InboundShipmentDetail }>(
    GET,
    { storeId, inboundShipmentId },
    {
      path: `/stores/${storeId}/inbound-shipments/${inboundShipmentId}`,
      secret: auth.secret,
      headers: auth.cookie ? { cookie: auth.cookie } : {},
    },
  );

describe("GET /stores/{storeId}/inbound-shipments/{inboundShipmentId}", () => {
  it("answers the detail view: the list view plus discrepancies, UPCs and damaged/missing totals", async () => {
    const { storeA } = setup();
    const id = await partlyReceived(storeA, "PO-7781");
    const response = await read(storeA.id, id, { secret: storeA.secret });
    expect(response.status).toBe(200);
    const shipment = response.body.inbound_shipment;
    expect(shipment).toMatchObject({
      id,
      shipment_id: "PO-7781",
      status: "PARTIALLY_RECEIVED",
      damaged_count: 1,
      missing_count: 1,
      custom_volume_cubic_meters: null,
      purchase_orders: [],
      transfer_orders: [],
      files: [],
    });
    expect(shipment.items.map((item) => [item.quantity, item.received_quantity, item.discrepancy])).toEqual([
      [10, 6, -4],
      [4, 0, -4],
    ]);
    expect(shipment.items[0]?.product.upc).toBe("012345678905");
    expect(shipment.items[1]?.product.upc).toBeNull();

    // Everything the list shows for the shipment, the detail shows the same way.
    const listed = await callRoute<{ inbound_shipments: InboundShipment[] }>(
      list,
      { storeId: storeA.id },
      { path: `/stores/${storeA.id}/inbound-shipments`, secret: storeA.secret },
    );
    const row = listed.body.inbound_shipments.find((s) => s.id === id) as InboundShipment;
    const { items: _detailItems, ...detailHead } = shipment;
    const { items: _listItems, ...listHead } = row;
    expect(detailHead).toMatchObject(listHead);
  });

  it("is the same 404 for another store's shipment, an unknown id and a malformed one", async () => {
    const { storeA, storeB } = setup();
    const id = await partlyReceived(storeA);
    for (const missing of [id, unknownId("inb"), "not-an-id"]) {
      expectProblem(
        await read(storeB.id, missing, { secret: storeB.secret }),
        404,
        "inbound-shipment/not-found",
      );
    }
  });

  it("answers a viewer's session", async () => {
    const { database, storeA } = setup();
    const id = await partlyReceived(storeA);
    const { cookie } = await staffSessionCookie(database.db, [{ storeId: storeA.id, role: "viewer" }]);
    expect((await read(storeA.id, id, { cookie })).status).toBe(200);
  });
});
