import { parse } from "csv-parse/sync";
import { describe, expect, it } from "vitest";
import { createReceipt } from "@/lib/domain/inbound-shipments/receive";
import type { Discrepancy } from "@/lib/schemas/inbound-receipts";
import { callRoute } from "@/lib/testing/api";
import { expectProblem } from "@/lib/testing/api-helpers";
import { setupApiTestDatabase, type TestStore } from "@/lib/testing/api-setup";
import { receivableShipment } from "@/lib/testing/receiving";
import { GET as exportReport } from "./export/route";
import { GET } from "./route";

const setup = setupApiTestDatabase();

const receive = (store: TestStore, shipmentId: string, lines: unknown[]) =>
  createReceipt(
    setup().database.db,
    { storeId: store.id, publicUrl: "http://localhost:3000", actor: { name: "Dock" } },
    shipmentId,
    { lines } as Parameters<typeof createReceipt>[3],
  );

const list = (store: TestStore, query = "", headers: Record<string, string> = {}) =>
  callRoute<{ discrepancies: Discrepancy[] }>(
    GET,
    { storeId: store.id },
    { path: `/stores/${store.id}/inbound-shipments/discrepancies${query}`, secret: store.secret, headers },
  );

describe("GET /stores/{storeId}/inbound-shipments/discrepancies", () => {
  it("lists damaged, missing and overage lines with their receipts' reasons, pages, and exports the same", async () => {
    const { storeA, storeB } = setup();
    const db = setup().database.db;
    const clean = await receivableShipment(db, storeA, [3]);
    await receive(storeA, clean.id, [{ item_id: clean.itemIds[0], received: 3, damaged: 0, missing: 0 }]);
    const s = await receivableShipment(db, storeA, [10, 4]);
    await receive(storeA, s.id, [
      { item_id: s.itemIds[0], received: 11, damaged: 0, missing: 0 },
      {
        item_id: s.itemIds[1],
        received: 1,
        damaged: 2,
        damaged_reason: "defective",
        missing: 1,
        missing_reason: "short_shipped",
      },
    ]);
    const all = await list(storeA);
    expect(all.status, all.text).toBe(200);
    expect(all.body.discrepancies).toHaveLength(2);
    const byItem = new Map(all.body.discrepancies.map((d) => [d.item_id, d]));
    expect(byItem.get(s.itemIds[0] as string)).toMatchObject({
      expected: 10,
      received: 11,
      overage: 1,
      discrepancy: 1,
    });
    expect(byItem.get(s.itemIds[1] as string)).toMatchObject({
      inbound_shipment: { id: s.id, status: "RECEIVED" },
      damaged: 2,
      missing: 1,
      damaged_reasons: ["defective"],
      missing_reasons: ["short_shipped"],
      discrepancy: -3,
    });
    // The clean shipment has no line here; store B sees none of A's.
    expect(all.body.discrepancies.some((d) => d.inbound_shipment.id === clean.id)).toBe(false);
    expect((await list(storeB, "", {})).status).toBe(200);
    expect((await list(storeB)).body.discrepancies).toEqual([]);

    const first = await list(storeA, "", { "x-page-size": "1" });
    const next = first.headers.get("x-page-next") as string;
    const second = await list(storeA, "", { "x-page-size": "1", "x-page-continue": next });
    expect([...first.body.discrepancies, ...second.body.discrepancies].map((d) => d.item_id).sort()).toEqual(
      [...(s.itemIds as string[])].sort(),
    );
    expect((await list(storeA, "?status=PENDING")).body.discrepancies).toEqual([]);
    expectProblem(await list(storeA, "?status=LOST"), 400, "inbound-shipment/invalid-request");

    const csv = await callRoute(
      exportReport,
      { storeId: storeA.id },
      { path: `/stores/${storeA.id}/inbound-shipments/discrepancies/export`, secret: storeA.secret },
    );
    const rows = parse(csv.text.replace(/^\uFEFF/, ""), { columns: true }) as Record<string, string>[];
    expect(rows.map((r) => [r.item_id, r.damaged_reasons, r.missing_reasons, r.overage]).sort()).toEqual(
      [
        [s.itemIds[0], "", "", "1"],
        [s.itemIds[1], "defective", "short_shipped", "0"],
      ].sort(),
    );
  });
});
