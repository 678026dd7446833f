import type { components, paths, webhooks } from "@redotech/redo-api-schema/openapi";
import { and, eq, isNotNull } from "drizzle-orm";
import createClient from "openapi-fetch";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { inventoryItems, returns as returnRows, webhooks as webhookRows } from "@/lib/db/schema";
import { DUE_EVENTS } from "@/lib/domain/events/coalesce";
import { pickReturn, setupDemoApiTestDatabase } from "@/lib/testing/api-helpers";
import { type ApiHttpServer, startApiHttpServer } from "@/lib/testing/api-http-server";
import { startReceiver } from "@/lib/testing/webhook-deliveries";
import { type Dispatcher, startDispatcher } from "@/lib/webhooks/dispatcher/dispatcher";

/**
 * A day of a real integration, written only from the published package's generated types (`paths` of
 * `@redotech/redo-api-schema/openapi` through openapi-fetch), against the API behind a real HTTP server and
 * the webhook dispatcher delivering to a local receiver. If the package's types and our server disagree,
 * this file stops compiling or a step fails. Steps run in order; each reports on its own operation (a step
 * whose subject an earlier step failed to make takes a demo one instead, so one failure does not hide the
 * rest).
 *
 * The two operations of the service's 2.2.1 branches (approve, item identifiers) are not in the package
 * yet: `BranchPaths` types them in the package's own component names, as published on those branches.
 */

type Schemas = components["schemas"];
type ReturnStatus = Schemas["return-status.schema"];
type ReturnEvent = webhooks["return"]["post"]["requestBody"]["content"]["application/json"];
type Problem = Schemas["error.schema"];

type BranchPaths = {
  "/returns/{returnId}/approve": {
    post: {
      parameters: { path: { returnId: string } };
      requestBody?: {
        content: {
          "application/json": { customerNotes?: string; items?: { id: string; shipBack?: boolean }[] };
        };
      };
      responses: {
        200: {
          content: {
            "application/json": {
              order: Schemas["order-read.schema"];
              return: Schemas["return-read.schema"];
            };
          };
        };
        400: { content: { "application/problem+json": Problem } };
        default: { content: { "application/problem+json": Problem } };
      };
    };
  };
  "/stores/{storeId}/returns/{returnId}/item-identifiers": {
    put: {
      parameters: { path: { storeId: string; returnId: string } };
      requestBody: {
        content: { "application/json": { items: { id: string; externalIdentifier: string }[] } };
      };
      responses: {
        200: { content: { "application/json": { return: Schemas["return-read.schema"] } } };
        400: { content: { "application/problem+json": Problem } };
        404: { content: { "application/problem+json": Problem } };
        default: { content: { "application/problem+json": Problem } };
      };
    };
  };
};

/** Every value of the published status enum (the compiler refuses a missing or extra one). */
const RETURN_STATUSES = Object.keys({
  open: 0,
  in_transit: 0,
  delivered: 0,
  needs_review: 0,
  in_review: 0,
  complete: 0,
  rejected: 0,
  flagged: 0,
  pre_shipment: 0,
  deleted: 0,
} satisfies Record<ReturnStatus, 0>) as ReturnStatus[];

const ORDER_ID = "PUBLISHED-CLIENT-1001";
const LINE_ID = "PUBLISHED-CLIENT-LINE-1";
const ADDRESS = { line1: "1 Client St", city: "Reno", state: "NV", postalCode: "89501", country: "US" };

const setup = setupDemoApiTestDatabase();
let server: ApiHttpServer;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
let dispatcher: Dispatcher;
let client: ReturnType<typeof createClient<paths & BranchPaths>>;
let storeId: string;

/** What the day made, for the steps after it. */
const day: { returnId?: string; itemId?: string } = {};
/** A SKU of the store's catalog: the order's line sells it, so processing can restock it. */
let catalogSku: string;

beforeAll(async () => {
  // The receiver is on 127.0.0.1, over http: allowed only by this development setting.
  vi.stubEnv("BACKROOM_ALLOW_PRIVATE_WEBHOOK_URLS", "true");
  const { database, demoA } = setup();
  storeId = demoA.id;
  // Only this day's webhook is delivered to: the demo's own subscriptions point at hosts that do not exist.
  await database.db
    .update(webhookRows)
    .set({ disabledAt: new Date(), disabledReason: "test isolation" })
    .where(eq(webhookRows.storeId, storeId));
  const [item] = await database.db
    .select({ sku: inventoryItems.sku })
    .from(inventoryItems)
    .where(and(eq(inventoryItems.storeId, storeId), isNotNull(inventoryItems.sku)))
    .limit(1);
  catalogSku = item?.sku as string;
  server = await startApiHttpServer();
  receiver = await startReceiver();
  dispatcher = startDispatcher({ database, allowPrivate: true, pollMs: 20, dueEvents: DUE_EVENTS });
  client = createClient<paths & BranchPaths>({
    baseUrl: `${server.url}/api/v2.2`,
    headers: { Authorization: `Bearer ${demoA.secret}` },
  });
});

afterAll(async () => {
  await dispatcher?.stop();
  await receiver?.close();
  await server?.close();
  vi.unstubAllEnvs();
});

/** The return the later steps act on: the one the day created, else a demo return of the store. */
async function subject(): Promise<{ returnId: string; itemId: string }> {
  if (day.returnId && day.itemId) return { returnId: day.returnId, itemId: day.itemId };
  const picked = await pickReturn(setup().database.db, storeId);
  day.returnId = picked.returnId;
  day.itemId = picked.itemIds[0] as string;
  return { returnId: picked.returnId, itemId: picked.itemIds[0] as string };
}

describe.sequential("An integration's day through the package's generated client", () => {
  it("subscribes a webhook to return events", async () => {
    const { data, response } = await client.POST("/stores/{storeId}/webhooks", {
      params: { path: { storeId } },
      body: {
        webhook: {
          callback: { url: `${receiver.url}/returns`, auth: { bearer: { token: "integration-token-1" } } },
          topic: "return",
          externalId: "published-client",
        },
      },
    });
    expect([200, 201]).toContain(response.status);
    expect(data?.webhook?.topic).toBe("return");
  });

  it("creates an order", async () => {
    const { data, response } = await client.POST("/stores/{storeId}/orders", {
      params: { path: { storeId } },
      body: {
        orderId: ORDER_ID,
        createdAt: "2026-11-20T10:00:00Z",
        currencyCode: "USD",
        customer: { email: "client@example.com", firstName: "Pat", lastName: "Client" },
        lineItems: [
          {
            id: LINE_ID,
            productId: "PUBLISHED-PRODUCT",
            sku: catalogSku,
            title: "Client shirt",
            quantity: 2,
            price: 25,
          },
        ],
        shipping: {
          address: {
            address1: "1 Client St",
            city: "Reno",
            province: "NV",
            postalCode: "89501",
            country: "US",
          },
        },
      },
    });
    expect(response.status, JSON.stringify(data)).toBe(200);
  });

  it("creates a return for it", async () => {
    const { data, error, response } = await client.POST("/stores/{storeId}/returns", {
      params: { path: { storeId } },
      body: {
        data: {
          provider: "custom",
          externalOrderId: ORDER_ID,
          items: [{ lineItemId: LINE_ID, quantity: 1, reason: "Too small", compensation: "refund" }],
          shippingAddress: ADDRESS,
        },
      },
    });
    expect(response.status, JSON.stringify(error)).toBe(201);
    day.returnId = data?.return?.id;
    day.itemId = data?.return?.items?.[0]?.id;
    expect(day.returnId).toBeTruthy();
  });

  it("lists returns, and filters them by every published status", async () => {
    const all = await client.GET("/stores/{storeId}/returns", { params: { path: { storeId } } });
    expect(all.response.status).toBe(200);
    expect(all.data?.returns?.length).toBeGreaterThan(0);
    for (const status of RETURN_STATUSES) {
      const { data, response } = await client.GET("/stores/{storeId}/returns", {
        params: { path: { storeId }, query: { status } },
      });
      expect(response.status, `status=${status}`).toBe(200);
      for (const listed of data?.returns ?? []) expect(listed.status, `status=${status}`).toBe(status);
    }
  });

  it("approves a return that awaits the merchant's authorization", async () => {
    // A return created through the API is approved already (open); approval is for returns the customer
    // asked for that need the merchant's word first: a demo return in pre_shipment.
    const [awaiting] = await setup()
      .database.db.select({ id: returnRows.id })
      .from(returnRows)
      .where(and(eq(returnRows.storeId, storeId), eq(returnRows.status, "pre_shipment")))
      .limit(1);
    const returnId = awaiting?.id as string;
    const before = await client.GET("/returns/{returnId}", { params: { path: { returnId } } });
    const itemId = before.data?.return.items[0]?.id as string;
    const { data, response } = await client.POST("/returns/{returnId}/approve", {
      params: { path: { returnId } },
      body: { items: [{ id: itemId, shipBack: true }], customerNotes: "Approved" },
    });
    expect(response.status).toBe(200);
    expect(data?.return.status).toBe("open");
  });

  it("sets the items' identifiers", async () => {
    const { returnId, itemId } = await subject();
    const { data, response } = await client.PUT("/stores/{storeId}/returns/{returnId}/item-identifiers", {
      params: { path: { storeId, returnId } },
      body: { items: [{ id: itemId, externalIdentifier: "WMS-0001" }] },
    });
    expect(response.status).toBe(200);
    expect(data?.return.items.find((item) => item.id === itemId)).toBeDefined();
  });

  it("comments on the return and reads the comments back", async () => {
    const { returnId } = await subject();
    const created = await client.POST("/returns/{returnId}/comments", {
      params: { path: { returnId } },
      body: { comment: { message: "Parcel expected Tuesday." } },
    });
    expect(created.response.status).toBe(201);
    const listed = await client.GET("/returns/{returnId}/comments", { params: { path: { returnId } } });
    expect(listed.response.status).toBe(200);
    expect(JSON.stringify(listed.data)).toContain("Parcel expected Tuesday.");
  });

  it("processes the return once the carrier delivered it", async () => {
    const { returnId, itemId } = await subject();
    // The carrier's delivery is no call of the client: the test moves the return as tracking would.
    await setup()
      .database.db.update(returnRows)
      .set({ status: "delivered" })
      .where(eq(returnRows.id, returnId));
    const { response, error } = await client.POST("/returns/{returnId}/process", {
      params: { path: { returnId } },
      body: { products: [{ _id: itemId, processInput: { restock: true } }], customerNotes: "Restocked." },
    });
    expect(response.status, JSON.stringify(error)).toBe(200);
  });

  it("completes the return and reads its status", async () => {
    const { returnId } = await subject();
    const put = await client.PUT("/returns/{returnId}/status", {
      params: { path: { returnId } },
      body: { status: "complete" },
    });
    expect(put.response.status, JSON.stringify(put.error)).toBe(204);
    const { data, response } = await client.GET("/returns/{returnId}/status", {
      params: { path: { returnId } },
    });
    expect(response.status).toBe(200);
    expect(data?.status).toBe("complete");
  });

  it("receives the return's events at its webhook, ending with the completed return", async () => {
    const { returnId } = await subject();
    const isCompleted = (body: string) => {
      const event = JSON.parse(body) as ReturnEvent;
      return event.return?.id === returnId && event.return.status === "complete";
    };
    const completed = JSON.parse(
      (await receiver.waitForRequest((request) => isCompleted(request.body))).body,
    ) as ReturnEvent;
    expect(completed.type).toBe("updated");
    expect(eventsOf(returnId)[0]?.type).toBe("created");
    expect(receiver.received[0]?.authorization).toBe("Bearer integration-token-1");
  });

  it("reads inbound shipments, one by id", async () => {
    const list = await client.GET("/stores/{storeId}/inbound-shipments", { params: { path: { storeId } } });
    expect(list.response.status).toBe(200);
    const first = list.data?.inbound_shipments?.[0];
    expect(first?.id).toBeTruthy();
    const one = await client.GET("/stores/{storeId}/inbound-shipments/{inboundShipmentId}", {
      params: { path: { storeId, inboundShipmentId: first?.id as string } },
    });
    expect(one.response.status).toBe(200);
    expect(one.data?.inbound_shipment?.id).toBe(first?.id);
  });

  it("reads inventory items and levels, one of each by id", async () => {
    const items = await client.GET("/stores/{storeId}/inventory-items", { params: { path: { storeId } } });
    expect(items.response.status).toBe(200);
    const item = items.data?.inventory_items?.[0];
    const oneItem = await client.GET("/stores/{storeId}/inventory-items/{inventoryItemId}", {
      params: { path: { storeId, inventoryItemId: item?.id as string } },
    });
    expect(oneItem.data?.inventory_item?.id).toBe(item?.id);
    const levels = await client.GET("/stores/{storeId}/inventory-levels", { params: { path: { storeId } } });
    expect(levels.response.status).toBe(200);
    const level = levels.data?.inventory_levels?.[0];
    const oneLevel = await client.GET("/stores/{storeId}/inventory-levels/{inventoryLevelId}", {
      params: { path: { storeId, inventoryLevelId: level?.id as string } },
    });
    expect(oneLevel.data?.inventory_level?.id).toBe(level?.id);
  });
});

/** The return events the receiver got for `returnId`, in arrival order. */
function eventsOf(returnId: string): ReturnEvent[] {
  return receiver.received
    .map((request) => JSON.parse(request.body) as ReturnEvent)
    .filter((event) => event.return?.id === returnId);
}
