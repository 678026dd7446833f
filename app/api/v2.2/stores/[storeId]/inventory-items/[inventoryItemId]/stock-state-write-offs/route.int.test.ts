import { count, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { inventoryMovements } from "@/lib/db/schema";
import { moveStockState } from "@/lib/domain/dispositions/stock-states";
import type { ItemStockStates } from "@/lib/schemas/dispositions";
import type { InventoryMovement } from "@/lib/schemas/inventory-levels";
import { callRoute } from "@/lib/testing/api";
import { expectProblem, setupDemoRouteTest } from "@/lib/testing/api-helpers";
import { offTheLedger } from "@/lib/testing/ledger-invariant";
import { POST } from "./route";

/**
 * Writing units off out of a non-sellable state (docs/dispositions.md "Writing off"): one ledger row out of the
 * state, the level untouched, and a shortfall refused whole.
 */

const { setup, owner, storeId } = setupDemoRouteTest({ returns: 20 });
let item: { inventoryItemId: string; locationId: string; sellable: number };

beforeAll(async () => {
  // An item with unbinned sellable units, three of which the test puts into `dispose`.
  const { rows } = await setup().database.db.execute<{
    id: string;
    location_id: string;
    quantity: number;
  }>(sql`
    select l.inventory_item_id as id, l.location_id, l.quantity from inventory_levels l
    join inventory_items i on i.id = l.inventory_item_id
    where i.store_id = ${storeId()} and l.quantity >= 5
      and not exists (select 1 from bin_stock b where b.inventory_item_id = l.inventory_item_id)
    order by l.id limit 1`);
  const row = rows[0];
  if (!row) throw new Error("no demo item with 5 unbinned units");
  await moveStockState(setup().database.db, {
    storeId: storeId(),
    inventoryItemId: row.id,
    move: {
      location_id: row.location_id,
      from_state: "sellable",
      from_bin_id: null,
      to_state: "dispose",
      to_bin_id: null,
      quantity: 3,
    },
    actor: { name: "test" },
  });
  item = { inventoryItemId: row.id, locationId: row.location_id, sellable: Number(row.quantity) - 3 };
});

const writeOff = (body: Record<string, unknown>) =>
  callRoute<{ movements: InventoryMovement[]; stock: ItemStockStates }>(
    POST,
    { storeId: storeId(), inventoryItemId: item.inventoryItemId },
    {
      method: "POST",
      path: `/stores/${storeId()}/inventory-items/${item.inventoryItemId}/stock-state-write-offs`,
      body: { write_off: { location_id: item.locationId, ...body } },
      ...owner(),
    },
  );

const ledgerRows = async () =>
  (
    await setup()
      .database.db.select({ n: count() })
      .from(inventoryMovements)
      .where(eq(inventoryMovements.inventoryItemId, item.inventoryItemId))
  )[0]?.n;

describe("POST …/stock-state-write-offs", () => {
  it("takes units of a state off the books in one ledger row and leaves the sellable level alone", async () => {
    const response = await writeOff({ state: "dispose", quantity: 2, note: "Disposal certificate 118" });

    expect(response.status, response.text).toBe(201);
    expect(response.body.movements).toHaveLength(1);
    expect(response.body.movements[0]).toMatchObject({
      quantity_delta: -2,
      reason: "written_off",
      stock_state: "dispose",
      note: "Disposal certificate 118",
      source: { type: "write_off" },
    });
    const here = response.body.stock.locations.find((l) => l.location_id === item.locationId);
    expect(here?.sellable).toBe(item.sellable);
    expect(here?.states.find((s) => s.state === "dispose")?.quantity).toBe(1);
    expect(await offTheLedger(setup().database.db)).toEqual([]);
  });

  it("refuses more units than the state holds, naming the field, and writes nothing", async () => {
    const before = await ledgerRows();

    const response = await writeOff({ state: "dispose", quantity: 2 });

    const problem = expectProblem(response, 409, "inventory-movement/not-enough-stock");
    expect(problem.errors?.[0]?.path).toBe("write_off.quantity");
    expect(await ledgerRows()).toBe(before);
  });

  it("answers 400 naming the bin for a bin that is not at the location", async () => {
    const [other] = (
      await setup().database.db.execute<{ id: string }>(sql`
        select b.id from bins b where b.store_id = ${storeId()} and b.location_id <> ${item.locationId} limit 1`)
    ).rows;
    if (!other) return expect.fail("the demo store has no bin at another location");
    const response = await writeOff({ state: "dispose", quantity: 1, bin_id: other.id });

    const problem = expectProblem(response, 400, "inventory-movement/invalid-request");
    expect(problem.errors?.[0]?.path).toBe("write_off.bin_id");
  });
});
