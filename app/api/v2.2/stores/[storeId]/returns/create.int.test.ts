import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { events, locations, orderLineItems, returns } from "@/lib/db/schema";
import type { Return } from "@/lib/schemas/returns";
import { callRoute } from "@/lib/testing/api";
import { expectProblem, SAME_ORIGIN } from "@/lib/testing/api-helpers";
import { CROSS_TENANT_ORDER } from "@/lib/testing/api-operation-inputs";
import { setupApiTestDatabase, type TestStore } from "@/lib/testing/api-setup";
import { checkRequestAgainstPublished } from "@/lib/testing/published-schema";
import { staffSessionCookie } from "@/lib/testing/session";
import { GET as getReturn } from "../../../returns/[returnId]/route";
import { POST as syncOrder } from "../custom/orders/route";
import { POST } from "./route";

const setup = setupApiTestDatabase();

const HUB = { line1: "500 Dock Rd", city: "Reno", state: "NV", postalCode: "89502", country: "US" };
const FROM = {
  line1: "12 Elm St",
  line2: "Apt 4",
  city: "Austin",
  state: "TX",
  postalCode: "73301",
  country: "US",
};

/** An order of the store with two lines: L1 × 2 at 25.00 less 5.00 discount, L2 × 1 at 10.00. */
async function orderOf(store: TestStore, id: string) {
  const price = (amount: number) => ({
    presentmentMoney: { amount, currency: "USD" },
    shopMoney: { amount, currency: "USD" },
  });
  const body = {
    ...CROSS_TENANT_ORDER,
    id,
    customer: { email: "jane@example.com", firstName: "Jane", lastName: "Doe", phone: "+1 555 0100" },
    lineItems: [
      {
        id: `${id}-L1`,
        quantity: 2,
        priceSet: price(25),
        title: "Trail Tee",
        productId: "P-1",
        variantId: "V-1",
        sku: "TEE",
        discounts: [{ discountId: "D", amountSet: price(5) }],
      },
      { id: `${id}-L2`, quantity: 1, priceSet: price(10), title: "Socks", productId: "P-2", sku: "SOCK" },
    ],
  };
  const response = await callRoute<{ redoId: string }>(
    syncOrder,
    { storeId: store.id },
    { method: "POST", path: `/stores/${store.id}/custom/orders`, body, secret: store.secret },
  );
  expect(response.status, response.text).toBe(200);
  return response.body.redoId;
}

async function giveReturnAddress(store: TestStore) {
  await setup()
    .database.db.update(locations)
    .set({ address: HUB, phone: "+1 775 555 0134" })
    .where(eq(locations.id, store.locationIds[1] as string));
}

function body(orderId: string, overrides: Record<string, unknown> = {}, items?: unknown[]) {
  return {
    data: {
      provider: "custom",
      externalOrderId: orderId,
      items: items ?? [
        {
          lineItemId: `${orderId}-L1`,
          quantity: 1,
          reason: "Too small",
          reasonCode: "size",
          compensation: "refund",
        },
        {
          lineItemId: `${orderId}-L2`,
          quantity: 1,
          reason: "Changed mind",
          compensation: "store_credit",
          notes: "Unworn",
        },
      ],
      shippingAddress: FROM,
      ...overrides,
    },
  };
}

const create = (store: TestStore, payload: unknown, headers: Record<string, string> = {}, cookie?: string) =>
  callRoute<{ return: Return; externalRMAResponses: unknown[] }>(
    POST,
    { storeId: store.id },
    {
      method: "POST",
      path: `/stores/${store.id}/returns`,
      body: payload,
      secret: cookie ? undefined : store.secret,
      headers: cookie ? { cookie, ...SAME_ORIGIN, ...headers } : headers,
    },
  );

describe("POST /stores/{storeId}/returns", () => {
  it("creates an open return from an order's lines that reads back through Get return", async () => {
    const { storeA, database } = setup();
    await giveReturnAddress(storeA);
    const orderId = await orderOf(storeA, "R-1");
    const response = await create(
      storeA,
      body("R-1", {
        label: { trackingNumber: "1Z999", carrier: "UPS", trackingUrl: "https://ups.example/1Z999" },
        notes: "Customer called in.",
      }),
    );
    expect(response.status, response.text).toBe(201);
    const created = response.body.return;
    expect(response.body.externalRMAResponses).toEqual([]);
    expect(created).toMatchObject({
      type: "return",
      status: "open",
      order: { id: orderId },
      source: {
        emailAddress: "jane@example.com",
        name: { given: "Jane", surname: "Doe" },
        mailingAddress: FROM,
      },
      destination: { mailingAddress: HUB, phoneNumber: "+1 775 555 0134" },
      compensationMethods: ["refund", "store_credit"],
      platformOrderIds: ["R-1"],
      // L1: (2 × 25 - 5) / 2 = 22.50 a unit, refunded; L2: 10.00 as store credit
      totals: { refund: { amount: { amount: "22.50" } }, storeCredit: { amount: { amount: "10.00" } } },
      notes: [{ message: "Customer called in." }],
      shipment: { carrier: "UPS", tracker: "1Z999", status: "pre_transit" },
    });
    expect(created.items.map((item) => [item.quantity, item.reason, item.customerComment])).toEqual([
      [1, "Too small", undefined],
      [1, "Changed mind", "Unworn"],
    ]);
    const read = await callRoute<{ return: Return }>(
      getReturn,
      { returnId: created.id },
      { path: `/returns/${created.id}`, secret: storeA.secret },
    );
    expect(read.body.return).toEqual(created);
    const recorded = await database.db
      .select({ type: events.type })
      .from(events)
      .where(and(eq(events.topic, "return"), eq(events.subjectId, created.id)));
    expect(recorded).toEqual([{ type: "created" }]);
  });

  it("takes bodies shaped as the package publishes them, extensions left out", async () => {
    const { storeA } = setup();
    await giveReturnAddress(storeA);
    await orderOf(storeA, "R-PKG");
    const bodies = [
      {
        data: {
          provider: "shopify",
          externalOrderId: "R-PKG",
          items: [{ lineItemId: "R-PKG-L1", quantity: 1, reason: "Too big", compensation: "refund" }],
          shippingAddress: {
            line1: "1 Main St",
            city: "Boise",
            state: "ID",
            postalCode: "83702",
            country: "US",
          },
        },
      },
      {
        data: {
          provider: "shopify",
          externalOrderId: "R-PKG",
          items: [
            {
              lineItemId: "R-PKG-L2",
              quantity: 1,
              reason: "Other",
              reasonCode: "other",
              compensation: "store_credit",
              notes: "Gift",
            },
          ],
          shippingAddress: FROM,
          label: { trackingNumber: "9400100000000000000000" },
          notes: "Agent-created",
        },
        options: { createExternalRMAs: false },
      },
    ];
    for (const payload of bodies) {
      expect(checkRequestAgainstPublished("post", "/stores/{storeId}/returns", payload)).toBeUndefined();
      const response = await create(storeA, payload);
      expect(response.status, response.text).toBe(201);
      // A return made through the API has no label bought by Backroom: no payer yet.
      expect(response.body.return.protection).toEqual({
        covered: false,
        returnsCoverage: false,
        packageProtection: false,
        finalSaleCoverage: false,
        labelPayer: null,
        labelPayerReason: null,
      });
    }
  });

  it("counts units already returned: a second return may take only what is left", async () => {
    const { storeA } = setup();
    await giveReturnAddress(storeA);
    await orderOf(storeA, "R-2");
    const one = (quantity: number) => [
      { lineItemId: "R-2-L1", quantity, reason: "Damaged", compensation: "refund" },
    ];
    expect((await create(storeA, body("R-2", {}, one(1)))).status).toBe(201);
    const over = await create(storeA, body("R-2", { status: "pre_shipment" }, one(2)));
    const problem = expectProblem(over, 400, "return/invalid-request");
    expect(problem.errors).toEqual([
      { path: "data.items.0.quantity", message: "Only 1 of this line's 2 units can still be returned." },
    ]);
    const last = await create(storeA, body("R-2", { status: "pre_shipment", type: "claim" }, one(1)));
    expect(last.body.return).toMatchObject({ status: "pre_shipment", type: "claim" });
    const none = await create(storeA, body("R-2", {}, one(1)));
    expect(expectProblem(none, 400, "return/invalid-request").errors).toEqual([
      { path: "data.items.0.quantity", message: "Every unit of this line is already in a return." },
    ]);
  });

  it("names every unknown order, line and location, and writes nothing", async () => {
    const { storeA, storeB, database } = setup();
    await giveReturnAddress(storeA);
    await orderOf(storeA, "R-3");
    const before = await database.db.$count(returns, eq(returns.storeId, storeA.id));
    expect(
      expectProblem(await create(storeA, body("NO-SUCH")), 400, "return/invalid-request").errors,
    ).toEqual([{ path: "data.externalOrderId", message: "No order of this store has this id or name." }]);
    const bad = await create(
      storeA,
      body("R-3", { locationId: storeB.locationIds[0] }, [
        { lineItemId: "R-3-L9", quantity: 1, reason: "x", compensation: "refund" },
      ]),
    );
    expect(expectProblem(bad, 400, "return/invalid-request").errors).toEqual([
      { path: "data.items.0.lineItemId", message: "The order has no line with this id." },
      { path: "data.locationId", message: "No active location of this store has this id." },
    ]);
    const malformed = await create(storeA, body("R-3", { shippingAddress: { line1: "x" }, items: [] }));
    expect(expectProblem(malformed, 400, "return/invalid-request").errors).toEqual(
      expect.arrayContaining([expect.objectContaining({ path: "data.items" })]),
    );
    // Store B cannot return store A's order: to B it does not exist.
    expectProblem(await create(storeB, body("R-3")), 400, "return/invalid-request");
    expect(await database.db.$count(returns, eq(returns.storeId, storeA.id))).toBe(before);
  });

  it("answers 409 when no location has a return address", async () => {
    const { storeB } = setup();
    await orderOf(storeB, "R-4");
    expectProblem(await create(storeB, body("R-4")), 409, "return/no-return-address");
  });

  it("replays a retried request with the same Idempotency-Key instead of creating twice", async () => {
    const { storeA, database } = setup();
    await giveReturnAddress(storeA);
    const orderId = await orderOf(storeA, "R-5");
    const key = { "idempotency-key": "scanner-retry-1" };
    const first = await create(storeA, body("R-5"), key);
    const again = await create(storeA, body("R-5"), key);
    expect(again.status).toBe(201);
    expect(again.body.return.id).toBe(first.body.return.id);
    expect(await database.db.$count(returns, eq(returns.orderId, orderId))).toBe(1);
  });

  it("lets editors create; a synced order keeps a returned line", async () => {
    const { storeA, database } = setup();
    await giveReturnAddress(storeA);
    await orderOf(storeA, "R-6");
    const editor = await staffSessionCookie(database.db, [{ storeId: storeA.id, role: "editor" }]);
    const made = await create(storeA, body("R-6"), {}, editor.cookie);
    expect(made.status, made.text).toBe(201);
    expect(made.body.return.internalCreatedByName).toEqual(expect.any(String));
    // Re-syncing the order without L2 would orphan the return's item: refused, lines unchanged.
    const resync = await callRoute(
      syncOrder,
      { storeId: storeA.id },
      {
        method: "POST",
        path: `/stores/${storeA.id}/custom/orders`,
        secret: storeA.secret,
        body: {
          ...CROSS_TENANT_ORDER,
          id: "R-6",
          lineItems: [{ ...CROSS_TENANT_ORDER.lineItems[0], id: "R-6-L1" }],
        },
      },
    );
    expectProblem(resync, 409, "order/line-item-in-use");
    const lines = await database.db
      .select({ id: orderLineItems.externalId })
      .from(orderLineItems)
      .where(eq(orderLineItems.orderId, made.body.return.order.id));
    expect(lines.map((line) => line.id).sort()).toEqual(["R-6-L1", "R-6-L2"]);
  });
});
