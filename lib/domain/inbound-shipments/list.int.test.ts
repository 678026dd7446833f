import { afterAll, beforeAll, expect, it } from "vitest";
import { inboundShipmentItems, inboundShipments, products, productVariants } from "../../db/schema";
import { newId } from "../../ids";
import { listInboundShipmentsResponseSchema } from "../../schemas/inbound-shipments";
import { createTestDatabase, type TestDatabase } from "../../testing/database";
import { insertLocation, insertStore } from "../../testing/fixtures";
import { listInboundShipmentsJson } from "./list";

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

it("names a product summary by product and variant, or by the product alone for a variant without options", async () => {
  const { db } = database;
  const store = await insertStore(db);
  const location = await insertLocation(db, store.id);
  const productId = newId("product");
  await db
    .insert(products)
    .values({ id: productId, storeId: store.id, title: "Gift Box", imageUrl: "/demo/box.svg" });
  const plain = newId("variant");
  const blue = newId("variant");
  await db.insert(productVariants).values([
    { id: plain, storeId: store.id, productId, title: "", sku: "GB-1", price: "5.00" },
    {
      id: blue,
      storeId: store.id,
      productId,
      title: "Blue",
      sku: "GB-2",
      price: "5.00",
      imageUrl: "https://cdn.example/b.png",
    },
  ]);
  const shipmentId = newId("inboundShipment");
  await db.insert(inboundShipments).values({
    id: shipmentId,
    storeId: store.id,
    locationId: location.id,
    status: "PENDING",
    currency: "EUR",
    freightCost: "12.5",
    skuCount: 2,
    itemCount: 3,
  });
  await db.insert(inboundShipmentItems).values([
    { id: newId("shipmentItem"), shipmentId, variantId: plain, quantity: 1, position: 0 },
    { id: newId("shipmentItem"), shipmentId, variantId: blue, quantity: 2, position: 1 },
  ]);

  const page = await listInboundShipmentsJson(db, {
    storeId: store.id,
    limit: 20,
    publicUrl: "https://backroom.test",
  });
  const body = listInboundShipmentsResponseSchema.parse({ inbound_shipments: JSON.parse(page.json) });
  const [shipment] = body.inbound_shipments;
  expect(page.next).toBeUndefined();
  expect(shipment?.freight_cost).toEqual({ amount: "12.50", currency: "EUR" });
  expect(shipment?.items.map((i) => i.product)).toEqual([
    { id: productId, title: "Gift Box", sku: "GB-1", image_url: "https://backroom.test/demo/box.svg" },
    { id: productId, title: "Gift Box - Blue", sku: "GB-2", image_url: "https://cdn.example/b.png" },
  ]);
});

it("pages a created_at range week by week in exactly the list's order, alone and with a status", async () => {
  const { db } = database;
  const store = await insertStore(db);
  const location = await insertLocation(db, store.id);
  // 150 shipments created over ~20 weeks, each updated 0-60 days later, so the update order crosses weeks.
  const day = 86_400_000;
  const start = Date.parse("2026-01-01T00:00:00Z");
  const rows = Array.from({ length: 150 }, (_, n) => {
    const createdAt = new Date(start + ((n * 37) % 140) * day + n * 1000);
    return {
      id: newId("inboundShipment"),
      storeId: store.id,
      locationId: location.id,
      status: n % 3 === 0 ? ("RECEIVED" as const) : ("PENDING" as const),
      currency: "EUR",
      createdAt,
      // Some rows share an updated_at, so the id breaks ties across weeks as well.
      updatedAt: new Date(
        createdAt.getTime() + ((n * 13) % 60) * day - (n % 2) * (createdAt.getTime() % day),
      ),
    };
  });
  await db.insert(inboundShipments).values(rows);

  const min = new Date("2026-01-20T12:00:00Z");
  const max = new Date("2026-04-03T06:00:00Z");
  for (const [status, filter] of [
    [undefined, { createdAtMin: min, createdAtMax: max }],
    [undefined, { createdAtMax: max }],
    [undefined, { createdAtMin: min }],
    ["RECEIVED" as const, { createdAtMin: min, createdAtMax: max }],
  ] as const) {
    const expected = rows
      .filter(
        (r) =>
          (!filter.createdAtMin || r.createdAt >= filter.createdAtMin) &&
          (!filter.createdAtMax || r.createdAt < filter.createdAtMax),
      )
      .filter((r) => !status || r.status === status)
      .sort((a, b) => b.updatedAt.getTime() - a.updatedAt.getTime() || (a.id < b.id ? 1 : -1))
      .map((r) => r.id);
    expect(expected.length).toBeGreaterThan(20);

    const seen: string[] = [];
    let after: Awaited<ReturnType<typeof listInboundShipmentsJson>>["next"];
    do {
      const page = await listInboundShipmentsJson(db, {
        storeId: store.id,
        status,
        ...filter,
        limit: 7,
        after,
        publicUrl: "https://backroom.test",
      });
      seen.push(...(JSON.parse(page.json) as { id: string }[]).map((s) => s.id));
      after = page.next;
    } while (after);
    expect(seen).toEqual(expected);
  }
});
