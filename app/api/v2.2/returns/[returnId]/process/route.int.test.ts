import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { inventoryMovements, locations, orderLineItems, returnItems } from "@/lib/db/schema";
import { defaultReturnLocation } from "@/lib/domain/returns/default-location";
import { PARTLY_PROCESSED_MESSAGE, PROCESSED_MESSAGE } from "@/lib/domain/returns/process";
import type { ReturnStatus } from "@/lib/enums";
import type { Return } from "@/lib/schemas/returns";
import { callRoute } from "@/lib/testing/api";
import { expectInvalid, expectProblem, setupDemoRouteTest, unknownId } from "@/lib/testing/api-helpers";
import { checkRequestAgainstPublished } from "@/lib/testing/published-schema";
import {
  activeLocation,
  returnActivitiesOf,
  returnEvents,
  returnIn,
  stockOfItem,
  storedState,
} from "@/lib/testing/return-lifecycle";
import { POST } from "./route";

const { setup, cookies, owner } = setupDemoRouteTest({ returns: 300 });
let locationId: string;

beforeAll(async () => {
  const { database, demoA } = setup();
  locationId = await activeLocation(database.db, demoA.id);
});

type Answer = { message: string; return: Return };

function processIt(returnId: string, body: unknown, auth = owner()) {
  return callRoute<Answer>(
    POST,
    { returnId },
    { method: "POST", path: `/returns/${returnId}/process`, body, ...auth },
  );
}
const fresh = (
  status: ReturnStatus,
  options: { minItems?: number; green?: boolean; restockable?: boolean } = {},
) => returnIn(setup().database.db, setup().demoA.id, status, options);
const restock = (id: string, extra: Record<string, unknown> = {}) => ({
  _id: id,
  processInput: { restock: true, locationId },
  ...extra,
});
const reject = (id: string) => ({ _id: id, reject: true, rejectReason: "Worn and washed" });

async function movementsOf(returnId: string) {
  return setup()
    .database.db.select()
    .from(inventoryMovements)
    .where(and(eq(inventoryMovements.sourceType, "return"), eq(inventoryMovements.sourceId, returnId)));
}

describe("POST /returns/{returnId}/process", () => {
  it("restocks one item and rejects the other: the level grows, the ledger says returned, the return closes", async () => {
    const { database } = setup();
    const { returnId, itemIds } = await fresh("delivered", { minItems: 2, restockable: true });
    const [first, second] = itemIds as [string, string];
    const before = await stockOfItem(database.db, first, locationId);
    const response = await processIt(returnId, {
      customerNotes: "Thanks, refunded.",
      products: [restock(first, { grade: "A - Like new" }), { ...reject(second), grade: "D - Damaged" }],
    });
    expect(response.status, response.text).toBe(200);
    expect(response.body.message).toBe(itemIds.length === 2 ? PROCESSED_MESSAGE : PARTLY_PROCESSED_MESSAGE);
    const after = await stockOfItem(database.db, first, locationId);
    expect(after.level).toBe(before.level + before.returned);
    const [movement, ...others] = await movementsOf(returnId);
    expect(others).toEqual([]);
    expect(movement).toMatchObject({
      inventoryItemId: before.inventoryItemId,
      locationId,
      quantityDelta: before.returned,
      quantityAfter: before.level + before.returned,
      reason: "returned",
      sourceType: "return",
      sourceId: returnId,
      actorKind: "api_secret",
    });
    const state = await storedState(database.db, returnId);
    const byId = new Map(state.items.map((item) => [item.id, item]));
    expect(byId.get(first)).toMatchObject({ status: "processed", grade: "A - Like new", outcome: "restock" });
    expect(byId.get(second)).toMatchObject({
      status: "rejected",
      grade: "D - Damaged",
      outcome: "return_to_customer",
      refundAmount: "0.00",
    });
    const trail = await returnActivitiesOf(database.db, returnId);
    const processed = trail.filter((a) => a.kind === "item_processed").map((a) => a.details);
    expect(processed[0]).toMatchObject({
      itemId: first,
      restock: true,
      locationId,
      movementId: movement?.id,
    });
    expect(processed[1]).toMatchObject({
      itemId: second,
      result: "rejected",
      rejectReason: "Worn and washed",
    });
    if (itemIds.length === 2) {
      expect(state.status).toBe("complete");
      expect(response.body.return.status).toBe("complete");
      expect(trail.at(-1)).toMatchObject({
        kind: "status_changed",
        details: { from: "delivered", to: "complete", via: "process", customerNotes: "Thanks, refunded." },
      });
    }
  });

  it("a merchant adjustment replaces the credit and moves the return's total", async () => {
    const { database } = setup();
    const { returnId, itemIds } = await fresh("delivered");
    const before = await storedState(database.db, returnId);
    const item = before.items[0];
    const response = await processIt(returnId, {
      products: itemIds.map((id) => ({
        _id: id,
        processInput: { newMerchantAdjustment: id === item?.id ? 1.5 : null },
      })),
    });
    expect(response.status, response.text).toBe(200);
    const after = await storedState(database.db, returnId);
    expect(after.items[0]?.refundAmount).toBe("1.50");
    const delta = 1.5 - Number(item?.refundAmount ?? 0);
    const total = item?.refundType === "store_credit" ? "storeCreditTotal" : "refundTotal";
    if (item?.refundType === "refund" || item?.refundType === "store_credit") {
      expect(Number(after[total])).toBeCloseTo(Number(before[total]) + delta, 2);
    }
    const [activity] = await returnActivitiesOf(database.db, returnId);
    expect(activity?.details).toMatchObject({ adjustment: { from: item?.refundAmount, to: "1.50" } });
  });

  it("some items now, the rest later: the partial message and in review, then complete", async () => {
    const { database } = setup();
    const { returnId, itemIds } = await fresh("delivered", { minItems: 2 });
    const [first, ...rest] = itemIds as [string, ...string[]];
    const partial = await processIt(returnId, {
      products: [{ _id: first, processInput: { restock: false } }],
    });
    expect(partial.body.message).toBe(PARTLY_PROCESSED_MESSAGE);
    expect((await storedState(database.db, returnId)).status).toBe("in_review");
    const again = await processIt(returnId, { products: [{ _id: first }] });
    const refused = expectProblem(again, 409, "return/item-already-processed");
    // Named at its place in the request, so the process panel shows it beside the item.
    expect(refused.errors).toEqual([{ path: "products.0._id", message: "This item is processed already." }]);
    const done = await processIt(returnId, { products: rest.map((id) => reject(id)) });
    expect(done.body.message).toBe(PROCESSED_MESSAGE);
    expect((await storedState(database.db, returnId)).status).toBe("complete");
    expect((await returnEvents(database.db, returnId)).map((e) => e.status)).toEqual([
      "in_review",
      "complete",
    ]);
  });

  it("a green return is processed from open (customer kept); a green item cannot be restocked", async () => {
    const { database } = setup();
    const { returnId, itemIds } = await fresh("open", { green: true, restockable: true });
    expectInvalid(await processIt(returnId, { products: [restock(itemIds[0] as string)] }), "return", [
      "products.0.processInput.restock",
    ]);
    const response = await processIt(returnId, {
      products: itemIds.map((id) => ({ _id: id, processInput: {} })),
    });
    expect(response.status, response.text).toBe(200);
    const state = await storedState(database.db, returnId);
    expect(state.status).toBe("complete");
    expect(state.items.every((item) => item.outcome === "customer_kept")).toBe(true);
  });

  it.each([
    ["open (not green)", "open"],
    ["pre_shipment", "pre_shipment"],
    ["in_transit", "in_transit"],
    ["rejected", "rejected"],
    ["complete", "complete"],
  ] as const)("from %s: 409 return/invalid-transition, no stock moves", async (_name, status) => {
    const { database } = setup();
    const { returnId, itemIds } = await fresh(status, { restockable: true });
    const problem = expectProblem(
      await processIt(returnId, { products: [restock(itemIds[0] as string)] }),
      409,
      "return/invalid-transition",
    );
    expect(problem.detail).toContain(`This return is ${status}: it cannot be processed.`);
    expect(await movementsOf(returnId)).toEqual([]);
    expect(await returnEvents(database.db, returnId)).toEqual([]);
  });

  it("an unknown item: 400 return/item-not-found at products.N._id, nothing written", async () => {
    const { database } = setup();
    const { returnId, itemIds } = await fresh("delivered", { restockable: true });
    const ghost = unknownId("rti");
    const response = await processIt(returnId, { products: [restock(itemIds[0] as string), { _id: ghost }] });
    const problem = expectProblem(response, 400, "return/item-not-found");
    expect(problem.errors?.map((e) => e.path)).toEqual(["products.1._id"]);
    expect(await movementsOf(returnId)).toEqual([]);
    expect((await storedState(database.db, returnId)).status).toBe("delivered");
  });

  it("a restock of a product no inventory item holds: 409 return/no-inventory-item at its place, nothing written", async () => {
    const { database } = setup();
    const { returnId, itemIds } = await fresh("delivered", { minItems: 2, restockable: true });
    const [first, second] = itemIds as [string, string];
    // The second item's order line loses its variant and gets a SKU no inventory item has.
    const [line] = await database.db
      .select({ id: returnItems.orderLineItemId })
      .from(returnItems)
      .where(eq(returnItems.id, second));
    await database.db
      .update(orderLineItems)
      .set({ variantId: null, sku: "NO-STOCK-ANYWHERE" })
      .where(eq(orderLineItems.id, line?.id as string));
    const response = await processIt(returnId, { products: [restock(first), restock(second)] });
    const problem = expectProblem(response, 409, "return/no-inventory-item");
    expect(problem.errors).toEqual([
      { path: "products.1.processInput.restock", message: expect.stringContaining("without restocking") },
    ]);
    expect(await movementsOf(returnId)).toEqual([]);
    expect((await storedState(database.db, returnId)).status).toBe("delivered");
  });

  it("an unknown or archived location: 400 naming it", async () => {
    const { database, demoA } = setup();
    const { returnId, itemIds } = await fresh("delivered", { minItems: 2, restockable: true });
    const [first, second] = itemIds as [string, string];
    const [archived] = await database.db
      .insert(locations)
      .values({
        id: unknownId("loc"),
        storeId: demoA.id,
        name: `Archived ${returnId}`,
        archivedAt: new Date(),
      })
      .returning({ id: locations.id });
    const response = await processIt(returnId, {
      products: [
        { _id: first, processInput: { restock: true, locationId: unknownId("loc") } },
        { _id: second, processInput: { restock: true, locationId: archived?.id } },
      ],
    });
    expectInvalid(response, "return", [
      "products.0.processInput.locationId",
      "products.1.processInput.locationId",
    ]);
  });

  it.each([
    ["no products", () => ({}), ["products"]],
    ["empty products", () => ({ products: [] }), ["products"]],
    [
      "reject and processInput",
      (id: string) => ({ products: [{ ...reject(id), processInput: {} }] }),
      ["products.0.reject"],
    ],
    [
      "a reason without reject",
      (id: string) => ({ products: [{ _id: id, rejectReason: "Worn" }] }),
      ["products.0.rejectReason"],
    ],
    [
      "a negative adjustment",
      (id: string) => ({ products: [{ _id: id, processInput: { newMerchantAdjustment: -1 } }] }),
      ["products.0.processInput.newMerchantAdjustment"],
    ],
    [
      "three decimals",
      (id: string) => ({ products: [{ _id: id, processInput: { newMerchantAdjustment: 1.005 } }] }),
      ["products.0.processInput.newMerchantAdjustment"],
    ],
    ["a duplicate item", (id: string) => ({ products: [{ _id: id }, { _id: id }] }), ["products.1._id"]],
    [
      "a string adjustment",
      (id: string) => ({ products: [{ _id: id, processInput: { newMerchantAdjustment: "5" } }] }),
      ["products.0.processInput.newMerchantAdjustment"],
    ],
  ])("%s: 400 return/invalid-request naming the field, never 500", async (_name, body, paths) => {
    const { returnId, itemIds } = await fresh("delivered");
    expectInvalid(await processIt(returnId, body(itemIds[0] as string)), "return", paths);
  });

  it("takes the published body as is: a restock without a location goes to the store's default return location, a rejection needs no reason", async () => {
    const { database, demoA } = setup();
    const { returnId, itemIds } = await fresh("delivered", { minItems: 2, restockable: true });
    const [first, second] = itemIds as [string, string];
    const body = {
      products: [
        { _id: first, processInput: { restock: true } },
        { _id: second, reject: true },
      ],
    };
    expect(checkRequestAgainstPublished("post", "/returns/{returnId}/process", body)).toBeUndefined();
    const fallback = await defaultReturnLocation(database.db, demoA.id);
    if (!fallback) throw new Error("the demo store has a location with a return address");
    const before = await stockOfItem(database.db, first, fallback.id);

    const response = await processIt(returnId, body);
    expect(response.status, response.text).toBe(200);
    expect(response.body.message).toBe("Processing triggered successfully");
    const after = await stockOfItem(database.db, first, fallback.id);
    expect(after.level).toBe(before.level + after.returned);
    const byId = new Map(response.body.return.items.map((item) => [item.id, item]));
    expect(byId.get(second)).toMatchObject({ status: "rejected", outcome: "return_to_customer" });
  });

  it("a retry with the same Idempotency-Key replays the answer and restocks once", async () => {
    const { database } = setup();
    const { returnId, itemIds } = await fresh("delivered", { restockable: true });
    const auth = { secret: setup().demoA.secret, headers: { "Idempotency-Key": `process-${returnId}` } };
    const body = { products: itemIds.map((id) => restock(id)) };
    const first = await processIt(returnId, body, auth);
    const again = await processIt(returnId, body, auth);
    expect(first.status, first.text).toBe(200);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(await movementsOf(returnId)).toHaveLength(itemIds.length);
    expect((await movementsOf(returnId))[0]?.idempotencyKey).toBe(`process-${returnId}`);
    expect(await returnEvents(database.db, returnId)).toHaveLength(1);
  });

  it("an editor processes, and the movement it writes is the staff member's", async () => {
    const { returnId, itemIds } = await fresh("delivered", { restockable: true });
    const body = { products: itemIds.map((id) => restock(id)) };
    expect(await movementsOf(returnId)).toEqual([]);
    const editor = { cookie: cookies.editor };
    expect((await processIt(returnId, body, editor)).status).toBe(200);
    expect((await movementsOf(returnId))[0]?.actorKind).toBe("staff");
  });
});
