import { describe, expect, it } from "vitest";
import { COALESCE_WINDOW_MS, flushDueEvents } from "@/lib/domain/events/coalesce";
import { createReceipt } from "@/lib/domain/inbound-shipments/receive";
import type { SubjectEvent } from "@/lib/schemas/subject-events";
import { callRoute } from "@/lib/testing/api";
import { expectProblem } from "@/lib/testing/api-helpers";
import { setupApiTestDatabase, type TestStore } from "@/lib/testing/api-setup";
import { receivableShipment } from "@/lib/testing/receiving";
import { GET } from "./route";

const setup = setupApiTestDatabase();

const list = (store: TestStore, shipmentId: string, headers: Record<string, string> = {}) =>
  callRoute<{ events: SubjectEvent[] }>(
    GET,
    { storeId: store.id, inboundShipmentId: shipmentId },
    { path: `/stores/${store.id}/inbound-shipments/${shipmentId}/events`, secret: store.secret, headers },
  );

describe("GET /stores/{storeId}/inbound-shipments/{inboundShipmentId}/events", () => {
  it("lists the shipment's events newest first with their deliveries, pages, and hides other stores'", async () => {
    const { storeA, storeB, database } = setup();
    const s = await receivableShipment(database.db, storeA, [5]);
    for (const received of [1, 2]) {
      await createReceipt(
        database.db,
        { storeId: storeA.id, publicUrl: "http://localhost:3000", actor: { name: "Dock" } },
        s.id,
        { lines: [{ item_id: s.itemIds[0], received, damaged: 0, missing: 0 }] },
      );
      // A receipt's `updated` event is coalesced (docs/receiving.md): rendered once its window has passed, as
      // the dispatcher does, so each receipt here gives one.
      expect(await flushDueEvents(database.db, new Date(Date.now() + COALESCE_WINDOW_MS + 1))).toBe(1);
    }
    const all = await list(storeA, s.id);
    expect(all.status, all.text).toBe(200);
    expect(all.body.events.map((e) => e.type)).toEqual(["updated", "updated", "created"]);
    expect(all.body.events[0]?.deliveries).toEqual({ pending: 0, delivered: 0, discarded: 0 });
    const first = await list(storeA, s.id, { "x-page-size": "2" });
    const next = first.headers.get("x-page-next") as string;
    const rest = await list(storeA, s.id, { "x-page-size": "2", "x-page-continue": next });
    expect([...first.body.events, ...rest.body.events].map((e) => e.id)).toEqual(
      all.body.events.map((e) => e.id),
    );
    expectProblem(await list(storeB, s.id), 404, "inbound-shipment/not-found");
  });
});
