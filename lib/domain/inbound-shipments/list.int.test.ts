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
