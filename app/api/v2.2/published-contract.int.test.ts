import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { contracts, webhooks } from "@/lib/contracts";
import { inboundShipments, inventoryItems, inventoryLevels, returns } from "@/lib/db/schema";
import { upsertCustomer } from "@/lib/domain/customers/profiles";
import { createOrder } from "@/lib/domain/orders/create";
import { createFulfillment } from "@/lib/domain/orders/fulfillments";
import { syncOrder } from "@/lib/domain/orders/sync";
import { upsertWebhook } from "@/lib/domain/webhooks";
import { orderSyncRequestSchema } from "@/lib/schemas/order-sync";
import { callRoute } from "@/lib/testing/api";
import { pickReturn, setupDemoApiTestDatabase } from "@/lib/testing/api-helpers";
import { CROSS_TENANT_ORDER } from "@/lib/testing/api-operation-inputs";
import { type ApiOperation, apiOperations, type ResourceIds, unknownIds } from "@/lib/testing/api-operations";
import { publishedOperations } from "@/lib/testing/published-schema";

/**
 * The published package, operation by operation (docs/api.md, "Published operations"). Every operation it
 * publishes is served by a contract on the same method and path, or is one of the 501s of a returns and
 * inventory back-office; each served one is called for its success and for the errors any operation can
 * be provoked into (no secret, another store, an unknown id, a body of the wrong type), and `callRoute`
 * holds every answer to the package's schema for that method, path and status.
 */

/** Outside a returns and inventory back-office: answered 501 (lib/contracts/not-offered.ts). */
const NOT_OFFERED: readonly string[] = [
  "GET /stores/{storeId}/checkout-buttons-ui",
  "GET /stores/{storeId}/coverage-info",
  "POST /stores/{storeId}/coverage-products",
  "POST /stores/{storeId}/events",
  "POST /stores/{storeId}/events/bulk",
  "GET /stores/{storeId}/customer-portal",
  "POST /stores/{storeId}/customer-subscriptions",
  "GET /invoices/pending/items.csv",
  "GET /invoices/{invoiceId}/items.csv",
  "GET /stores/{storeId}/invoices",
  "GET /stores/{storeId}/admin",
  "POST /stores/{storeId}/storefront/events",
];

const nameOf = (op: { method: string; path: string }) => `${op.method.toUpperCase()} ${op.path}`;
const published = publishedOperations().map((op) => ({ ...op, name: nameOf(op) }));
const contractByName = new Map(contracts.map((contract) => [nameOf(contract), contract]));
const served = published.filter((op) => !NOT_OFFERED.includes(op.name));

describe("Every published operation", () => {
  it.each(published.map((op) => [op.name] as const))("%s is served, or a 501", (name) => {
    const contract = contractByName.get(name);
    if (NOT_OFFERED.includes(name)) {
      expect(contract?.notOffered, `${name} should answer 501`).toBe(true);
    } else {
      expect(contract, `${name} is published and not served`).toBeDefined();
      expect(contract?.notOffered).toBeUndefined();
    }
  });
});

const setup = setupDemoApiTestDatabase();
let ids: ResourceIds;

beforeAll(async () => {
  const { database, demoA } = setup();
  const { db } = database;
  const picked = await pickReturn(db, demoA.id);
  const [item] = await db
    .select({ id: inventoryItems.id, levelId: inventoryLevels.id })
    .from(inventoryItems)
    .innerJoin(inventoryLevels, eq(inventoryLevels.inventoryItemId, inventoryItems.id))
    .where(eq(inventoryItems.storeId, demoA.id))
    .limit(1);
  const [shipment] = await db
    .select({ id: inboundShipments.id })
    .from(inboundShipments)
    .where(eq(inboundShipments.storeId, demoA.id))
    .limit(1);
  // The order Create return's valid body returns from.
  const order = await syncOrder(db, demoA.id, orderSyncRequestSchema.parse(CROSS_TENANT_ORDER));
  // The probe order's customer has a profile, for Get customer to find.
  await upsertCustomer(db, { storeId: demoA.id, profile: { email: CROSS_TENANT_ORDER.customer.email } });
  ids = {
    ...unknownIds(),
    returnId: picked.returnId,
    itemId: picked.itemIds[0] as string,
    webhookId: await newWebhook(),
    inventoryItemId: item?.id as string,
    inventoryLevelId: item?.levelId as string,
    inboundShipmentId: shipment?.id as string,
    orderId: order.id,
    fulfillmentId: (
      await createFulfillment(
        db,
        { storeId: demoA.id, orderId: order.id },
        { lineItems: [{ id: "CT-LINE-1", quantity: 1 }] },
      )
    ).id,
  };
}, 60_000);

/** A webhook of store A made without the API, so the suite's setup does not depend on its answers. */
async function newWebhook(): Promise<string> {
  const { database, demoA } = setup();
  const body = webhooks.createOrUpdateWebhook.body.parse({
    webhook: { callback: { url: "https://hooks.example.com/published", auth: null }, topic: "return" },
  });
  return (await upsertWebhook(database.db, { storeId: demoA.id, input: body.webhook })).webhook.id;
}

/** The ids a successful call addresses: a fresh subject where the call removes or moves it. */
async function idsForSuccess(op: ApiOperation): Promise<ResourceIds> {
  const { database, demoA } = setup();
  if (op.name === "DELETE /webhooks/{webhookId}") return { ...ids, webhookId: await newWebhook() };
  if (op.name === "DELETE /stores/{storeId}/orders/{orderId}") {
    // A fresh order: the probe order is the one Create return and the fulfillments address.
    const fresh = await createOrder(database.db, demoA.id, {
      orderId: `PUBLISHED-DELETE-${Math.random().toString(36).slice(2)}`,
      createdAt: "2026-01-05T10:00:00Z",
      lineItems: [{ id: "L1", productId: "PUBLISHED-PRODUCT", title: "Probe", quantity: 1 }],
    });
    return { ...ids, orderId: fresh.id };
  }
  if (!op.returnStatus) return ids;
  const picked = await pickReturn(database.db, demoA.id);
  await database.db.update(returns).set({ status: op.returnStatus }).where(eq(returns.id, picked.returnId));
  return { ...ids, returnId: picked.returnId, itemId: picked.itemIds[0] as string };
}

type Caller = { secret?: string; storeId?: string; ids?: ResourceIds; body?: unknown };

function call(op: ApiOperation, caller: Caller) {
  const storeId = caller.storeId ?? setup().demoA.id;
  const addressed = caller.ids ?? ids;
  const body = "body" in caller ? caller.body : op.body?.(addressed);
  return callRoute(op.handler, op.params(storeId, addressed), {
    method: op.method,
    path: op.path(storeId, addressed),
    ...(caller.secret === undefined ? {} : { secret: caller.secret }),
    ...(body === undefined ? {} : { body }),
    ...(op.csv ? { headers: { "content-type": "text/csv" } } : {}),
  });
}

const servedOperations = served.map((publishedOp) => {
  const op = apiOperations.find((candidate) => candidate.name === publishedOp.name);
  if (!op) throw new Error(`${publishedOp.name}: no route`);
  const statuses = Object.keys(publishedOp.operation.responses as Record<string, unknown>);
  return { name: publishedOp.name, op, successes: statuses.map(Number).filter((s) => s >= 200 && s < 300) };
});

describe.each(servedOperations)("$name, as the package publishes it", ({ op, successes }) => {
  it("succeeds with a status the package lists", async () => {
    const response = await call(op, { secret: setup().demoA.secret, ids: await idsForSuccess(op) });
    expect(successes, response.text.slice(0, 500)).toContain(response.status);
  });

  it("answers 401 without a secret", async () => {
    expect((await call(op, {})).status).toBe(401);
  });

  // Each error only where the operation can be provoked into it: a test that could not run is not written.
  if (op.store) {
    it("answers 403 on another store", async () => {
      const { demoA, demoB } = setup();
      expect((await call(op, { secret: demoA.secret, storeId: demoB.id })).status).toBe(403);
    });
  }

  if (op.resource) {
    it("answers 404 for an unknown id", async () => {
      expect((await call(op, { secret: setup().demoA.secret, ids: { ...unknownIds() } })).status).toBe(404);
    });
  }

  if (op.body && !op.csv) {
    it("answers 400 for a body of the wrong type", async () => {
      const response = await call(op, { secret: setup().demoA.secret, body: ["not", "an", "object"] });
      expect(response.status).toBe(400);
    });
  }
});
