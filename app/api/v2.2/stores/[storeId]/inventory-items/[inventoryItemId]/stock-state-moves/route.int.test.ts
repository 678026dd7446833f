import { and, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { POST as PROCESS } from "@/app/api/v2.2/returns/[returnId]/process/route";
import { GET as RULES_GET, PUT as RULES_PUT } from "@/app/api/v2.2/stores/[storeId]/disposition-rules/route";
import { inventoryItems, inventoryMovements, productVariants, returnItems } from "@/lib/db/schema";
import { createBin } from "@/lib/domain/bins/bins";
import { createInboundShipment } from "@/lib/domain/inbound-shipments/write";
import { createSupplier } from "@/lib/domain/suppliers/suppliers";
import { DISPOSITIONS, type Disposition, stockStateOf } from "@/lib/enums";
import type { ItemStockStates } from "@/lib/schemas/dispositions";
import type { InventoryMovement } from "@/lib/schemas/inventory-levels";
import type { ProcessReturnResponse } from "@/lib/schemas/return-lifecycle";
import { callRoute } from "@/lib/testing/api";
import { expectInvalid, expectProblem, setupDemoRouteTest } from "@/lib/testing/api-helpers";
import { offTheLedger } from "@/lib/testing/ledger-invariant";
import { activeLocation, returnIn, stockOfItem } from "@/lib/testing/return-lifecycle";
import { GET as STATES } from "../stock-states/route";
import { POST } from "./route";

/**
 * Dispositions into stock states (docs/dispositions.md): processing puts each unit into its disposition's state
 * through the ledger, a move changes it later, and the ledger explains every unit in exactly one state.
 */

const { setup, owner, storeId } = setupDemoRouteTest({ returns: 200 });
let locationId: string;

beforeAll(async () => {
  locationId = await activeLocation(setup().database.db, storeId());
});

const processIt = (returnId: string, body: unknown) =>
  callRoute<ProcessReturnResponse>(
    PROCESS,
    { returnId },
    { method: "POST", path: `/returns/${returnId}/process`, body, ...owner() },
  );

const statesOf = async (inventoryItemId: string) => {
  const response = await callRoute<ItemStockStates>(
    STATES,
    { storeId: storeId(), inventoryItemId },
    {
      method: "GET",
      path: `/stores/${storeId()}/inventory-items/${inventoryItemId}/stock-states`,
      ...owner(),
    },
  );
  expect(response.status, response.text).toBe(200);
  const here = response.body.locations.find((l) => l.location_id === locationId);
  const state = (name: string) => here?.states.find((s) => s.state === name);
  return { sellable: here?.sellable ?? 0, state, quantityOf: (name: string) => state(name)?.quantity ?? 0 };
};

const move = (inventoryItemId: string, body: Record<string, unknown>) =>
  callRoute<{ movements: InventoryMovement[]; stock: ItemStockStates }>(
    POST,
    { storeId: storeId(), inventoryItemId },
    {
      method: "POST",
      path: `/stores/${storeId()}/inventory-items/${inventoryItemId}/stock-state-moves`,
      body: { move: { location_id: locationId, ...body } },
      ...owner(),
    },
  );

/** Every unit once: at each (item, location), the level plus each state's units equals all its ledger rows. */
async function unitsCountedOnce(inventoryItemId: string) {
  const { rows } = await setup().database.db.execute<{ ledger: number; held: number }>(sql`
    select
      (select coalesce(sum(quantity_delta), 0) from inventory_movements
        where inventory_item_id = ${inventoryItemId} and location_id = ${locationId})::int as ledger,
      ((select coalesce(sum(quantity), 0) from inventory_levels
        where inventory_item_id = ${inventoryItemId} and location_id = ${locationId})
      + (select coalesce(sum(quantity), 0) from stock_state_quantities
        where inventory_item_id = ${inventoryItemId} and location_id = ${locationId}))::int as held`);
  expect(Number(rows[0]?.held)).toBe(Number(rows[0]?.ledger));
}

/** A return with one restockable item processed to `disposition`: its stock before and the answer. */
async function processedTo(disposition: Disposition) {
  const { database } = setup();
  const { returnId, itemIds } = await returnIn(database.db, storeId(), "delivered", { restockable: true });
  const itemId = itemIds[0] as string;
  const before = await stockOfItem(database.db, itemId, locationId);
  const statesBefore = await statesOf(before.inventoryItemId);
  const response = await processIt(returnId, {
    products: [{ _id: itemId, processInput: { disposition, locationId } }],
  });
  expect(response.status, response.text).toBe(200);
  return { returnId, itemId, before, statesBefore, response };
}

describe("dispositions into stock states", () => {
  it("puts each disposition's units into its state, leaving the level (sellable) alone unless restocked", async () => {
    const { database } = setup();
    for (const disposition of DISPOSITIONS) {
      const { returnId, itemId, before, statesBefore, response } = await processedTo(disposition);
      const after = await statesOf(before.inventoryItemId);
      const state = stockStateOf(disposition);
      if (state === "sellable") expect(after.sellable).toBe(statesBefore.sellable + before.returned);
      else {
        expect(after.sellable, disposition).toBe(statesBefore.sellable);
        expect(after.quantityOf(state), disposition).toBe(statesBefore.quantityOf(state) + before.returned);
      }
      expect(response.body.dispositions).toEqual([
        {
          item_id: itemId,
          disposition,
          inventory_item_id: before.inventoryItemId,
          location_id: locationId,
          quantity: before.returned,
        },
      ]);
      const [stored] = await database.db
        .select({ disposition: returnItems.disposition })
        .from(returnItems)
        .where(eq(returnItems.id, itemId));
      expect(stored?.disposition).toBe(disposition);
      const rows = await database.db
        .select()
        .from(inventoryMovements)
        .where(and(eq(inventoryMovements.sourceType, "return"), eq(inventoryMovements.sourceId, returnId)));
      expect(rows.map((row) => [row.stockState, row.reason, row.quantityDelta])).toEqual([
        [state, "returned", before.returned],
      ]);
      await unitsCountedOnce(before.inventoryItemId);
    }
    expect(await offTheLedger(database.db)).toEqual([]);
  });

  it("a return-to-vendor unit joins the open claim of the supplier whose shipment brought the item in", async () => {
    const { database } = setup();
    const { returnId, itemIds } = await returnIn(database.db, storeId(), "delivered", { restockable: true });
    const itemId = itemIds[0] as string;
    const { inventoryItemId, returned } = await stockOfItem(database.db, itemId, locationId);
    const [variant] = await database.db
      .select({ sku: productVariants.sku })
      .from(inventoryItems)
      .innerJoin(productVariants, eq(productVariants.id, inventoryItems.variantId))
      .where(eq(inventoryItems.id, inventoryItemId));
    const supplier = await createSupplier(database.db, storeId(), {
      name: `RTV supplier ${crypto.randomUUID().slice(0, 8)}`,
      email: "rtv@supplier.example",
    });
    await createInboundShipment(
      database.db,
      { storeId: storeId(), publicUrl: "http://localhost:3000" },
      {
        location_id: locationId,
        supplier_id: supplier.id,
        items: [{ sku: variant?.sku as string, quantity: 4, unit_cost: "7.50" }],
      },
    );
    const response = await processIt(returnId, {
      products: [{ _id: itemId, processInput: { disposition: "return_to_vendor", locationId } }],
    });
    expect(response.status, response.text).toBe(200);
    const { rows } = await database.db.execute<{
      status: string;
      reason: string;
      quantity: number;
      unit_cost: string;
    }>(sql`
      select c.status, l.reason, l.quantity, l.unit_cost::text as unit_cost
      from supplier_claim_lines l join supplier_claims c on c.id = l.claim_id
      where c.supplier_id = ${supplier.id} and l.return_id = ${returnId}`);
    expect(rows).toEqual([
      { status: "DRAFT", reason: "return_to_vendor", quantity: returned, unit_cost: "7.50" },
    ]);
  });

  it("changes a disposition later as a ledger movement with its actor: refurbish to sellable, quarantine to dispose in a bin", async () => {
    const { database } = setup();
    const refurbished = await processedTo("refurbish");
    const item = refurbished.before.inventoryItemId;
    const start = await statesOf(item);
    const toSellable = await move(item, {
      from_state: "refurbish",
      to_state: "sellable",
      quantity: 1,
      note: "Fixed",
    });
    expect(toSellable.status, toSellable.text).toBe(201);
    expect(
      toSellable.body.movements.map((m) => [
        m.stock_state,
        m.quantity_delta,
        m.reason,
        m.source.type,
        m.actor.type,
      ]),
    ).toEqual([
      ["refurbish", -1, "disposition", "disposition_change", "api_secret"],
      ["sellable", 1, "disposition", "disposition_change", "api_secret"],
    ]);
    const after = await statesOf(item);
    expect(after.sellable).toBe(start.sellable + 1);
    expect(after.quantityOf("refurbish")).toBe(start.quantityOf("refurbish") - 1);

    const toQuarantine = await move(item, { from_state: "sellable", to_state: "quarantine", quantity: 1 });
    expect(toQuarantine.status, toQuarantine.text).toBe(201);
    expect((await statesOf(item)).sellable).toBe(after.sellable - 1);
    const bin = await createBin(database.db, { storeId: storeId(), locationId }, { code: "DISP-Q1" });
    const quarantined = (await statesOf(item)).quantityOf("quarantine");
    const toDispose = await move(item, {
      from_state: "quarantine",
      to_state: "dispose",
      to_bin_id: bin.id,
      quantity: 1,
    });
    expect(toDispose.status, toDispose.text).toBe(201);
    const disposed = await statesOf(item);
    expect(disposed.quantityOf("quarantine")).toBe(quarantined - 1);
    expect(disposed.state("dispose")?.bins).toEqual([{ bin_id: bin.id, code: "DISP-Q1", quantity: 1 }]);

    const tooMany = await move(item, { from_state: "refurbish", to_state: "sellable", quantity: 100_000 });
    expectProblem(tooMany, 409, "inventory-movement/not-enough-stock");
    await unitsCountedOnce(item);
    expect(await offTheLedger(database.db)).toEqual([]);
  });

  it("refuses a disposition that contradicts restock, and sellable-to-sellable moves", async () => {
    const { returnId, itemIds } = await returnIn(setup().database.db, storeId(), "delivered", {
      restockable: true,
    });
    const contradicted = await processIt(returnId, {
      products: [{ _id: itemIds[0], processInput: { restock: true, disposition: "refurbish", locationId } }],
    });
    expectInvalid(contradicted, "return", ["products.0.processInput.disposition"]);
    const { before } = await processedTo("open_box");
    const sellable = await move(before.inventoryItemId, {
      from_state: "sellable",
      to_state: "sellable",
      quantity: 1,
    });
    expect(sellable.status).toBe(400);
  });

  it("keeps the store's disposition rules in order, replaced whole, with their checklist answers", async () => {
    const path = `/stores/${storeId()}/disposition-rules`;
    const rules = [
      {
        grade: "C",
        outcome: null,
        answer: { question: "accessories", equals: "no" },
        disposition: "open_box",
      },
      { grade: "D", outcome: null, answer: null, disposition: "refurbish" },
      {
        grade: null,
        outcome: null,
        answer: { question: "condition", equals: "damaged" },
        disposition: "quarantine",
      },
    ];
    const put = await callRoute(
      RULES_PUT,
      { storeId: storeId() },
      { method: "PUT", path, body: { rules }, ...owner() },
    );
    expect(put.status, put.text).toBe(200);
    const got = await callRoute<{ rules: unknown[] }>(
      RULES_GET,
      { storeId: storeId() },
      { method: "GET", path, ...owner() },
    );
    expect(got.body.rules).toEqual(rules);
    const empty = await callRoute(
      RULES_PUT,
      { storeId: storeId() },
      {
        method: "PUT",
        path,
        body: { rules: [{ grade: null, outcome: null, disposition: "donate" }] },
        ...owner(),
      },
    );
    expect(empty.status).toBe(400);
    // A rule sent without `answer` (before rules could ask for one) asks for none.
    const older = await callRoute<{ rules: unknown[] }>(
      RULES_PUT,
      { storeId: storeId() },
      {
        method: "PUT",
        path,
        body: { rules: [{ grade: "B", outcome: null, disposition: "open_box" }] },
        ...owner(),
      },
    );
    expect(older.body.rules).toEqual([{ grade: "B", outcome: null, answer: null, disposition: "open_box" }]);
  });
});
