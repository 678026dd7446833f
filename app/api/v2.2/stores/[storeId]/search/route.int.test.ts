import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { bins, inboundShipments, orders, returnItems, returnShipments, returns } from "@/lib/db/schema";
import type { SearchResult } from "@/lib/schemas/search";
import { callRoute } from "@/lib/testing/api";
import { expectProblem, pickReturn, setupDemoApiTestDatabase } from "@/lib/testing/api-helpers";
import { GET } from "./route";

const setup = setupDemoApiTestDatabase();

const find = (storeId: string, secret: string, q: string, headers: Record<string, string> = {}) =>
  callRoute<{ results: SearchResult[] }>(
    GET,
    { storeId },
    { path: `/stores/${storeId}/search?q=${encodeURIComponent(q)}`, secret, headers },
  );

describe("GET /stores/{storeId}/search", () => {
  it("finds a bin's location by the bin's code, in any case, and not another store's", async () => {
    const { database, demoA, demoB } = setup();
    const [bin] = await database.db.select().from(bins).where(eq(bins.storeId, demoA.id)).limit(1);
    if (!bin) throw new Error("the demo has no bins");
    const found = await find(demoA.id, demoA.secret, bin.code.toLowerCase());
    expect(found.body.results).toContainEqual(
      expect.objectContaining({ type: "location", id: bin.locationId, matched: "bin_code" }),
    );
    expect((await find(demoB.id, demoB.secret, bin.code)).body.results).not.toContainEqual(
      expect.objectContaining({ id: bin.locationId }),
    );
  });

  it("finds a return by its id, order name, parcel tracking number and item identifier", async () => {
    const { database, demoA, demoB } = setup();
    const { returnId, itemIds } = await pickReturn(database.db, demoA.id);
    const [row] = await database.db
      .select({ name: orders.name })
      .from(returns)
      .innerJoin(orders, eq(orders.id, returns.orderId))
      .where(eq(returns.id, returnId));
    const name = row?.name ?? "";
    await database.db
      .update(returnItems)
      .set({ externalIdentifier: "SN-SEARCH-77" })
      .where(eq(returnItems.id, itemIds[0] as string));
    await database.db.insert(returnShipments).values({
      id: `rsh_${"S".repeat(22)}`,
      returnId,
      tracker: "1ZRETURN000SEARCH",
      status: "in_transit",
    });
    for (const [q, matched] of [
      [returnId, "id"],
      [name, "order_name"],
      [name.replace("#", ""), "order_name"],
      ["1zreturn000search", "tracking_number"],
      ["SN-SEARCH-77", "item_identifier"],
    ] as const) {
      const found = await find(demoA.id, demoA.secret, q);
      expect(found.status, found.text).toBe(200);
      expect(found.body.results).toContainEqual(
        expect.objectContaining({ type: "return", id: returnId, matched, title: `Return for ${name}` }),
      );
    }
    // Another store's secret finds nothing of store A's.
    expect((await find(demoB.id, demoB.secret, returnId)).body.results).toEqual([]);
  });

  it("finds a shipment by tracking number or merchant id and an item by SKU, and pages", async () => {
    const { database, demoA } = setup();
    const [shipment] = await database.db
      .select({ id: inboundShipments.id, shipmentId: inboundShipments.shipmentId })
      .from(inboundShipments)
      .where(eq(inboundShipments.storeId, demoA.id))
      .limit(2);
    await database.db
      .update(inboundShipments)
      .set({ trackingNumber: "1ZSHARED", shipmentId: "PO-SEARCH-1" })
      .where(and(eq(inboundShipments.id, shipment?.id as string)));
    const byTracking = await find(demoA.id, demoA.secret, "1zshared");
    expect(byTracking.body.results).toEqual([
      expect.objectContaining({
        type: "inbound_shipment",
        id: shipment?.id,
        matched: "tracking_number",
        title: "PO-SEARCH-1",
      }),
    ]);
    expect((await find(demoA.id, demoA.secret, "PO-SEARCH-1")).body.results[0]).toMatchObject({
      matched: "shipment_id",
    });

    // Two shipments with one tracking number (a consolidated delivery): a page of one, then the next.
    const [, other] = await database.db
      .select({ id: inboundShipments.id })
      .from(inboundShipments)
      .where(eq(inboundShipments.storeId, demoA.id))
      .limit(2);
    await database.db
      .update(inboundShipments)
      .set({ trackingNumber: "1ZSHARED" })
      .where(eq(inboundShipments.id, other?.id as string));
    const first = await find(demoA.id, demoA.secret, "1ZSHARED", { "x-page-size": "1" });
    const next = first.headers.get("x-page-next") as string;
    expect(next).toBeTruthy();
    const second = await find(demoA.id, demoA.secret, "1ZSHARED", {
      "x-page-size": "1",
      "x-page-continue": next,
    });
    expect([...first.body.results, ...second.body.results].map((r) => r.id).sort()).toEqual(
      [shipment?.id, other?.id].sort(),
    );
    expect(second.headers.get("x-page-next")).toBeNull();

    // Suggestions while typing (`match=contains`): part of a code, any case; without it, a part finds nothing.
    expect((await find(demoA.id, demoA.secret, "po-search")).body.results).toEqual([]);
    const partial = await callRoute<{ results: SearchResult[] }>(
      GET,
      { storeId: demoA.id },
      { path: `/stores/${demoA.id}/search?q=o-search&match=contains`, secret: demoA.secret },
    );
    expect(partial.status, partial.text).toBe(200);
    expect(partial.body.results).toEqual([
      expect.objectContaining({ type: "inbound_shipment", id: shipment?.id, matched: "shipment_id" }),
    ]);
    expectProblem(
      await callRoute(
        GET,
        { storeId: demoA.id },
        { path: `/stores/${demoA.id}/search?q=x&match=fuzzy`, secret: demoA.secret },
      ),
      400,
      "search/invalid-request",
    );
    expectProblem(await find(demoA.id, demoA.secret, " "), 400, "search/invalid-request");
    expect((await find(demoA.id, demoA.secret, "nothing-has-this-code")).body.results).toEqual([]);
  });
});
