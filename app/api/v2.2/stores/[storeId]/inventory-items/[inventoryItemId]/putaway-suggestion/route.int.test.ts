import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { products, productVariants } from "@/lib/db/schema";
import type { PutawayRule, PutawaySuggestion } from "@/lib/schemas/putaway";
import { type Caller, callRoute } from "@/lib/testing/api";
import { expectInvalid, expectProblem } from "@/lib/testing/api-helpers";
import { setupApiTestDatabase, type TestStore } from "@/lib/testing/api-setup";
import { createBin, patchBin } from "@/lib/testing/bins";
import { postReceipt, type ReceiveArgs, receivableShipment } from "@/lib/testing/receiving";
import { POST as RECEIVE } from "../../../inbound-shipments/[inboundShipmentId]/receipts/route";
import { GET as LIST_RULES, PUT as PUT_RULES } from "../../../locations/[locationId]/putaway-rules/route";
import { POST as MOVE } from "../bin-moves/route";
import { GET as GET_ITEM } from "../route";
import { GET } from "./route";

const setup = setupApiTestDatabase();
const receive = (...args: ReceiveArgs) => postReceipt(RECEIVE, ...args);

function suggest(store: TestStore, itemId: string, query = "") {
  return callRoute<{ suggestions: PutawaySuggestion[] }>(
    GET,
    { storeId: store.id, inventoryItemId: itemId },
    {
      method: "GET",
      path: `/stores/${store.id}/inventory-items/${itemId}/putaway-suggestion${query}`,
      secret: store.secret,
    },
  );
}

function putRules(store: TestStore, locationId: string, rules: unknown, auth: Caller) {
  return callRoute<{ rules: PutawayRule[] }>(
    PUT_RULES,
    { storeId: store.id, locationId },
    {
      method: "PUT",
      path: `/stores/${store.id}/locations/${locationId}/putaway-rules`,
      body: { rules },
      ...auth,
    },
  );
}

function moveInto(store: TestStore, itemId: string, locationId: string, toBinId: string, quantity: number) {
  return callRoute(
    MOVE,
    { storeId: store.id, inventoryItemId: itemId },
    {
      method: "POST",
      path: `/stores/${store.id}/inventory-items/${itemId}/bin-moves`,
      body: { move: { location_id: locationId, from_bin_id: null, to_bin_id: toBinId, quantity } },
      secret: store.secret,
    },
  );
}

/** Level = sum of bins + unbinned, and every bin and level equals its ledger rows, for the store's items. */
async function offTheLedger(storeId: string): Promise<unknown[]> {
  const { rows } = await setup().database.db.execute(sql`
    select 'level' as what, l.inventory_item_id from inventory_levels l
      left join inventory_movements m on m.inventory_item_id = l.inventory_item_id and m.location_id = l.location_id
        and m.stock_state = 'sellable'
      where l.store_id = ${storeId}
      group by l.inventory_item_id, l.location_id, l.quantity having l.quantity <> coalesce(sum(m.quantity_delta), 0)
    union all
    select 'bin', s.inventory_item_id from bin_stock s
      left join inventory_movements m on m.inventory_item_id = s.inventory_item_id and m.bin_id = s.bin_id
        and m.stock_state = 'sellable'
      where s.store_id = ${storeId}
      group by s.inventory_item_id, s.bin_id, s.quantity having s.quantity <> coalesce(sum(m.quantity_delta), 0)
    union all
    select 'unbinned', l.inventory_item_id from inventory_levels l
      where l.store_id = ${storeId} and l.quantity < (select coalesce(sum(s.quantity), 0) from bin_stock s
        where s.inventory_item_id = l.inventory_item_id and s.location_id = l.location_id)`);
  return rows;
}

async function tagProduct(
  itemSku: string,
  values: { productType?: string; tags?: string[]; tracksLots?: boolean },
) {
  const { database } = setup();
  const [variant] = await database.db
    .select({ productId: productVariants.productId })
    .from(productVariants)
    .where(eq(productVariants.sku, itemSku));
  await database.db
    .update(products)
    .set(values)
    .where(eq(products.id, variant?.productId as string));
}

describe("putaway", () => {
  it("suggests by rule, then learns the last bin; a receipt naming a bin puts its units there", async () => {
    const { storeA } = setup();
    const auth = { secret: storeA.secret };
    const locationId = storeA.locationIds[0] as string;
    const s = await receivableShipment(setup().database.db, storeA, [10, 6]);
    const [tee, cap] = s.lines as [(typeof s.lines)[0], (typeof s.lines)[0]];
    await tagProduct(tee.sku, { productType: "Apparel", tags: ["Summer"] });
    const full = (
      await createBin(storeA.id, locationId, { code: "PA-COLD-1", zone: "Cold", capacity: 1 }, auth)
    ).body.bin;
    const cold = (await createBin(storeA.id, locationId, { code: "PA-COLD-2", zone: "cold" }, auth)).body.bin;
    const shelf = (await createBin(storeA.id, locationId, { code: "PA-SHELF-1", zone: "Shelves" }, auth)).body
      .bin;

    // Nothing yet: no last bin, no rule.
    const none = await suggest(storeA, tee.itemId, `?location_id=${locationId}`);
    expect(none.status, none.text).toBe(200);
    expect(none.body.suggestions).toEqual([
      { location_id: locationId, unbinned: 0, bin: null, source: "none", rule: null },
    ]);

    const rules = await putRules(
      storeA,
      locationId,
      [
        { match_field: "tag", match_value: "summer", zone: "Nowhere" },
        { match_field: "product_type", match_value: "APPAREL", zone: "COLD" },
      ],
      auth,
    );
    expect(rules.status, rules.text).toBe(200);
    // The tag's zone has no bin, so the type's rule answers: its zone's first bin with room (PA-COLD-1 fills up).
    await receive(storeA, s.id, { lines: [{ sku: cap.sku, received: 1 }], bin: "pa-cold-1" });
    const byRule = await suggest(storeA, tee.itemId, `?location_id=${locationId}`);
    expect(byRule.body.suggestions[0]).toMatchObject({
      bin: { id: cold.id, code: "PA-COLD-2" },
      source: "rule",
      rule: { match_field: "product_type", zone: "COLD" },
    });

    // A receipt naming a bin (any case) puts its received units straight into it.
    const received = await receive(storeA, s.id, {
      lines: [{ sku: tee.sku, received: 4 }],
      bin: "pa-shelf-1",
    });
    expect(received.status, received.text).toBe(201);
    expect(received.body.receipt).toMatchObject({ bin: "pa-shelf-1", bin_id: shelf.id });
    const learnt = await suggest(storeA, tee.itemId);
    expect(learnt.body.suggestions).toEqual([
      {
        location_id: locationId,
        unbinned: 0,
        bin: { id: shelf.id, code: "PA-SHELF-1", zone: "Shelves" },
        source: "last_bin",
        rule: null,
      },
    ]);
    const item = await callRoute<{ inventory_item: { locations: { bin: string | null }[] } }>(
      GET_ITEM,
      { storeId: storeA.id, inventoryItemId: tee.itemId },
      { method: "GET", path: `/stores/${storeA.id}/inventory-items/${tee.itemId}`, ...auth },
    );
    expect(item.body.inventory_item.locations[0]?.bin).toBe("PA-SHELF-1");

    // Units received unbinned, then put away in another bin: the suggestion follows the last confirmation.
    await receive(storeA, s.id, { lines: [{ sku: tee.sku, received: 3 }] });
    expect((await suggest(storeA, tee.itemId)).body.suggestions[0]?.unbinned).toBe(3);
    expect((await moveInto(storeA, tee.itemId, locationId, cold.id, 2)).status).toBe(201);
    expect((await moveInto(storeA, tee.itemId, locationId, shelf.id, 1)).status).toBe(201);
    expect((await suggest(storeA, tee.itemId)).body.suggestions[0]).toMatchObject({
      unbinned: 0,
      bin: { id: shelf.id },
    });
    // An archived last bin is passed over for the one before it.
    await patchBin(storeA.id, shelf.id, { archived: true }, auth);
    expect((await suggest(storeA, tee.itemId)).body.suggestions[0]).toMatchObject({
      bin: { id: cold.id },
      source: "last_bin",
    });
    expect(full.quantity).toBe(0);
    expect(await offTheLedger(storeA.id)).toEqual([]);
    // Twenty-odd requests: 14 s on the embedded database at load 13, past the default 30 s at load 15 on PostgreSQL.
  }, 90_000);

  it("refuses a receipt that would overfill its bin, keeps other text a note, and refuses an unknown location", async () => {
    const { storeA } = setup();
    const auth = { secret: storeA.secret };
    const locationId = storeA.locationIds[0] as string;
    const s = await receivableShipment(setup().database.db, storeA, [10]);
    const line = s.lines[0] as (typeof s.lines)[0];
    await createBin(storeA.id, locationId, { code: "PA-SMALL", capacity: 3 }, auth);
    const over = await receive(storeA, s.id, { lines: [{ sku: line.sku, received: 4 }], bin: "PA-SMALL" });
    expectProblem(over, 409, "bin/over-capacity");
    const note = await receive(storeA, s.id, { lines: [{ sku: line.sku, received: 4 }], bin: "top shelf" });
    expect(note.body.receipt).toMatchObject({ bin: "top shelf", bin_id: null });
    expect((await suggest(storeA, line.itemId)).body.suggestions[0]).toMatchObject({
      unbinned: 4,
      source: "none",
    });
    const unknown = await suggest(storeA, line.itemId, "?location_id=loc_NoSuchLocation000000");
    expectInvalid(unknown, "inventory-item", ["location_id"]);
    expect(await offTheLedger(storeA.id)).toEqual([]);
  });

  it("records lots for lot-tracked products and exposes the current lot on the item", async () => {
    const { storeA } = setup();
    const s = await receivableShipment(setup().database.db, storeA, [10, 5]);
    const [milk, cap] = s.lines as [(typeof s.lines)[0], (typeof s.lines)[0]];
    await tagProduct(milk.sku, { tracksLots: true });
    const missing = await receive(storeA, s.id, {
      lines: [
        { sku: milk.sku, received: 2 },
        { sku: cap.sku, received: 1, lot_number: "L1" },
      ],
    });
    expectInvalid(missing, "inbound-receipt", ["receipt.lines.0.lot_number", "receipt.lines.1.lot_number"]);
    const ok = await receive(storeA, s.id, {
      lines: [{ sku: milk.sku, received: 2, lot_number: "LOT-7", expiration_date: "2027-03-31" }],
    });
    expect(ok.status, ok.text).toBe(201);
    expect(ok.body.receipt.lines[0]).toMatchObject({ lot_number: "LOT-7", expiration_date: "2027-03-31" });
    const item = await callRoute<{
      inventory_item: { lot_number: string | null; expiration_date: string | null };
    }>(
      GET_ITEM,
      { storeId: storeA.id, inventoryItemId: milk.itemId },
      { method: "GET", path: `/stores/${storeA.id}/inventory-items/${milk.itemId}`, secret: storeA.secret },
    );
    expect(item.body.inventory_item).toMatchObject({ lot_number: "LOT-7", expiration_date: "2027-03-31" });
  });

  it("keeps rules in order and refuses bad ones", async () => {
    const { storeA } = setup();
    const locationId = storeA.locationIds[0] as string;
    const bad = await putRules(storeA, locationId, [{ match_field: "vendor", match_value: "", zone: "A" }], {
      secret: storeA.secret,
    });
    expect(bad.status).toBe(400);
    await putRules(storeA, locationId, [{ match_field: "tag", match_value: "frozen", zone: "Cold" }], {
      secret: storeA.secret,
    });
    const listed = await callRoute<{ rules: PutawayRule[] }>(
      LIST_RULES,
      { storeId: storeA.id, locationId },
      {
        method: "GET",
        path: `/stores/${storeA.id}/locations/${locationId}/putaway-rules`,
        secret: storeA.secret,
      },
    );
    expect(listed.body.rules).toEqual([{ match_field: "tag", match_value: "frozen", zone: "Cold" }]);
  });
});
