import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { inboundShipments } from "@/lib/db/schema";
import type { InboundShipment } from "@/lib/schemas/inbound-shipments";
import { callRoute } from "@/lib/testing/api";
import { expectProblem } from "@/lib/testing/api-helpers";
import { setupApiTestDatabase } from "@/lib/testing/api-setup";
import { receivableShipment } from "@/lib/testing/receiving";
import { GET as exportShipments } from "./export/route";
import { GET } from "./route";

const setup = setupApiTestDatabase();

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

describe("GET /stores/{storeId}/inbound-shipments: q, late and arriving_within_days", () => {
  it("finds a shipment by tracking number, merchant id, SKU or UPC, and by when it is due", async () => {
    const { storeA, database } = setup();
    const db = database.db;
    const late = await receivableShipment(db, storeA, [2]);
    const soon = await receivableShipment(db, storeA, [3]);
    const later = await receivableShipment(db, storeA, [4]);
    const set = (id: string, values: Partial<typeof inboundShipments.$inferInsert>) =>
      db.update(inboundShipments).set(values).where(eq(inboundShipments.id, id));
    await set(late.id, {
      trackingNumber: "1ZLATE0001",
      shipmentId: "PO-LATE",
      estimatedArrivalDate: day(-2),
      status: "IN_TRANSIT",
    });
    await set(soon.id, { estimatedArrivalDate: day(3), status: "IN_TRANSIT" });
    await set(later.id, { estimatedArrivalDate: day(30) });

    const ids = async (query: string) => {
      const response = await callRoute<{ inbound_shipments: InboundShipment[] }>(
        GET,
        { storeId: storeA.id },
        { path: `/stores/${storeA.id}/inbound-shipments?${query}`, secret: storeA.secret },
      );
      expect(response.status, response.text).toBe(200);
      return response.body.inbound_shipments.map((s) => s.id);
    };
    expect(await ids("q=1ZLATE0001")).toEqual([late.id]);
    // A scanner sends upper case; a person may type lower case.
    expect(await ids("q=1zlate0001")).toEqual([late.id]);
    expect(await ids("q=PO-LATE")).toEqual([late.id]);
    expect(await ids(`q=${encodeURIComponent(soon.lines[0]?.sku as string)}`)).toEqual([soon.id]);
    expect(await ids(`q=${soon.lines[0]?.upc}`)).toEqual([soon.id]);
    expect(await ids("q=NOTHING-LIKE-IT")).toEqual([]);
    // The search box's `match=contains`: any part of a code, any case; `q` alone stays exact.
    expect(await ids("q=1ZLATE")).toEqual([]);
    expect(await ids("q=late00&match=contains")).toEqual([late.id]);
    expect(await ids("q=o-la&match=contains")).toEqual([late.id]);
    expect(await ids(`q=${late.id.slice(-12).toLowerCase()}&match=contains`)).toEqual([late.id]);
    const sku = soon.lines[0]?.sku as string;
    expect(await ids(`q=${encodeURIComponent(sku.slice(1, -1).toLowerCase())}&match=contains`)).toContain(
      soon.id,
    );
    // LIKE's wildcards are plain characters.
    expect(await ids("q=%25LATE_&match=contains")).toEqual([]);
    expect(await ids("late=true")).toEqual([late.id]);
    expect(await ids("arriving_within_days=7")).toEqual([soon.id]);
    expect((await ids("arriving_within_days=60")).sort()).toEqual([soon.id, later.id].sort());
    // Fully received shipments are neither late nor arriving.
    await set(late.id, { status: "RECEIVED" });
    expect(await ids("late=true")).toEqual([]);

    const csv = await callRoute(
      exportShipments,
      { storeId: storeA.id },
      { path: `/stores/${storeA.id}/inbound-shipments/export?arriving_within_days=7`, secret: storeA.secret },
    );
    expect(csv.text).toContain(soon.id);
    expect(csv.text).not.toContain(later.id);

    const bad = await callRoute(
      GET,
      { storeId: storeA.id },
      { path: `/stores/${storeA.id}/inbound-shipments?arriving_within_days=-1`, secret: storeA.secret },
    );
    expectProblem(bad, 400, "inbound-shipment/invalid-request");
  });
});
