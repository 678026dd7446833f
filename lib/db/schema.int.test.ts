import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newId } from "../ids";
import { createTestDatabase, type TestDatabase } from "../testing/database";
import { insertLocation, insertStore, insertVariant } from "../testing/fixtures";
import { migrateDatabase } from "./migrate";
import { inboundShipmentItems, inboundShipments, inventoryItems, inventoryLevels, webhooks } from "./schema";

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

/** Postgres error codes surface on the driver error, which Drizzle wraps as `cause`. */
function pgCode(error: unknown): string | undefined {
  const e = error as { code?: string; cause?: { code?: string } };
  return e.cause?.code ?? e.code;
}

async function expectPgError(promise: Promise<unknown>, code: string) {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error, "the statement should have failed").toBeDefined();
  expect(pgCode(error)).toBe(code);
}

describe("schema", () => {
  it("applies migrations idempotently: a second run changes no table, column or applied migration", async () => {
    // The test database was migrated when it was made; every table the schema declares exists.
    const shape = async () =>
      (
        await database.db.execute<{ columns: string }>(
          sql`select string_agg(table_name || '.' || column_name || ':' || data_type, ',' order by table_name, column_name) as columns
              from information_schema.columns where table_schema = 'public'`,
        )
      ).rows[0]?.columns;
    const applied = async () =>
      (
        await database.db.execute<{ n: number }>(
          sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
        )
      ).rows[0]?.n;
    const before = { shape: await shape(), applied: await applied() };
    expect(before.shape).toContain("returns.status_before_flag:");
    await migrateDatabase(database);
    expect({ shape: await shape(), applied: await applied() }).toEqual(before);
  });

  it("keeps a shipment's location inside its own store", async () => {
    const { db } = database;
    const storeA = await insertStore(db);
    const storeB = await insertStore(db);
    const foreignLocation = await insertLocation(db, storeB.id);
    await expectPgError(
      db.insert(inboundShipments).values({
        id: newId("inboundShipment"),
        storeId: storeA.id,
        locationId: foreignLocation.id,
        status: "PENDING",
        currency: "USD",
      }),
      "23503",
    );
  });

  it("rejects ids with the wrong prefix", async () => {
    await expectPgError(insertStore(database.db, { id: "loc_wrongprefix00000000000" }), "23514");
  });

  it("rejects negative shipment item quantities (received beyond expected is an overage, allowed)", async () => {
    const { db } = database;
    const store = await insertStore(db);
    const location = await insertLocation(db, store.id);
    const { variant } = await insertVariant(db, store.id);
    const shipmentId = newId("inboundShipment");
    await db.insert(inboundShipments).values({
      id: shipmentId,
      storeId: store.id,
      locationId: location.id,
      status: "IN_TRANSIT",
      currency: "USD",
    });
    await expectPgError(
      db.insert(inboundShipmentItems).values({
        id: newId("shipmentItem"),
        shipmentId,
        variantId: variant.id,
        quantity: 5,
        receivedQuantity: 4,
        damagedQuantity: -1,
      }),
      "23514",
    );
    await db.insert(inboundShipmentItems).values({
      id: newId("shipmentItem"),
      shipmentId,
      variantId: variant.id,
      quantity: 5,
      receivedQuantity: 6,
      damagedQuantity: 1,
    });
  });

  it("allows one webhook per externalId in a store but any number without one", async () => {
    const { db } = database;
    const store = await insertStore(db);
    const webhook = (externalId: string | null) => ({
      id: newId("webhook"),
      storeId: store.id,
      url: "https://example.com/hook",
      topic: "return" as const,
      externalId,
      signingSecret: "whsec_test",
    });
    await db.insert(webhooks).values([webhook(null), webhook(null), webhook("erp")]);
    await expectPgError(db.insert(webhooks).values(webhook("erp")), "23505");
    const other = await insertStore(db);
    await db.insert(webhooks).values({ ...webhook("erp"), storeId: other.id });
  });

  it("stores timestamps with millisecond precision and money as exact decimal strings", async () => {
    const { db } = database;
    const store = await insertStore(db);
    const location = await insertLocation(db, store.id);
    const at = new Date("2026-03-04T05:06:07.891Z");
    const id = newId("inboundShipment");
    await db.insert(inboundShipments).values({
      id,
      storeId: store.id,
      locationId: location.id,
      status: "PENDING",
      currency: "USD",
      freightCost: "1234.5",
      estimatedArrivalDate: "2026-03-10",
      createdAt: at,
      updatedAt: at,
    });
    const [row] = await db.select().from(inboundShipments).where(eq(inboundShipments.id, id));
    expect(row?.updatedAt.toISOString()).toBe("2026-03-04T05:06:07.891Z");
    expect(row?.freightCost).toBe("1234.50");
    expect(row?.estimatedArrivalDate).toBe("2026-03-10");
  });

  it("cascades inventory levels with their item and refuses negative quantities", async () => {
    const { db } = database;
    const store = await insertStore(db);
    const location = await insertLocation(db, store.id);
    const itemId = newId("inventoryItem");
    await db.insert(inventoryItems).values({ id: itemId, storeId: store.id, kind: "PRODUCT", sku: "A-1" });
    await expectPgError(
      db
        .insert(inventoryLevels)
        .values({ inventoryItemId: itemId, storeId: store.id, locationId: location.id, quantity: -1 }),
      "23514",
    );
    await db
      .insert(inventoryLevels)
      .values({ inventoryItemId: itemId, storeId: store.id, locationId: location.id, quantity: 3 });
    await db.delete(inventoryItems).where(eq(inventoryItems.id, itemId));
    const left = await db.select().from(inventoryLevels).where(eq(inventoryLevels.inventoryItemId, itemId));
    expect(left).toHaveLength(0);
  });
});
