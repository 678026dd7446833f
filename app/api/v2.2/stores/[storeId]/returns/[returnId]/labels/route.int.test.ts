import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { returnItems } from "@/lib/db/schema";
import { LICENSE_PLATE_PATTERN } from "@/lib/domain/labels/license-plates";
import { listReturnTimeline } from "@/lib/domain/returns/timeline";
import { findByCode } from "@/lib/domain/search/find-by-code";
import { type ApiResult, type Caller, callRoute } from "@/lib/testing/api";
import {
  expectInvalid,
  expectProblem,
  pickReturn,
  setupDemoRouteTest,
  unknownId,
} from "@/lib/testing/api-helpers";
import { receivableShipment } from "@/lib/testing/receiving";
import { POST as printShipment } from "../../../inbound-shipments/[inboundShipmentId]/labels/route";
import { POST as printItem } from "../../../inventory-items/[inventoryItemId]/labels/route";
import { GET as listPrints } from "../../../label-prints/route";
import { POST as printLocation } from "../../../locations/[locationId]/labels/route";
import { POST as printReturn } from "./route";

/**
 * The label operations (docs/labels.md): a return's license plates (given once, under a race too, found by
 * search, on the timeline), a shipment's line and carton labels, an inventory item's and a location's, and
 * what each refuses. The cross-tenant suite covers another store's ids and the role floor of every one.
 */

const { setup, cookies, owner } = setupDemoRouteTest({ returns: 40, editorName: "Dock Dana" });

const formats = (zpl: string) => zpl.trim().split(/\n(?=\^XA)/);
const codesOf = (zpl: string) =>
  formats(zpl).map((format) => /\^B[A-Z]N[^\n]*\^FD(.*?)\^FS/.exec(format)?.[1]?.replaceAll("_5F", "_"));

function plates(returnId: string, body: object, caller: Caller = owner()): Promise<ApiResult<string>> {
  const storeId = setup().demoA.id;
  return callRoute<string>(
    printReturn,
    { storeId, returnId },
    { method: "POST", path: `/stores/${storeId}/returns/${returnId}/labels`, body, ...caller },
  );
}

describe("POST /stores/{storeId}/returns/{returnId}/labels", () => {
  it("gives each item a plate on its first print, keeps it on a reprint, records both on the timeline and search finds it", async () => {
    const { database, demoA, demoB } = setup();
    const { returnId, itemIds } = await pickReturn(database.db, demoA.id, 2);

    const first = await plates(returnId, { format: "zpl", size: "4x6" }, { cookie: cookies.editor });
    expect(first.status, first.text).toBe(200);
    expect(first.headers.get("content-type")).toBe("text/plain; charset=utf-8");
    expect(first.headers.get("content-disposition")).toBe(`attachment; filename="labels-${returnId}.zpl"`);
    const stored = await database.db
      .select({ id: returnItems.id, plate: returnItems.licensePlate })
      .from(returnItems)
      .where(eq(returnItems.returnId, returnId));
    const plateOf = new Map(stored.map((item) => [item.id, item.plate ?? ""]));
    expect(codesOf(first.body)).toEqual(itemIds.map((id) => plateOf.get(id)));
    for (const plate of plateOf.values()) expect(plate).toMatch(LICENSE_PLATE_PATTERN);

    const [onlyFirst] = itemIds;
    const reprint = await plates(returnId, { format: "pdf", size: "2x1", item_ids: [onlyFirst] });
    expect(reprint.status, reprint.text).toBe(200);
    expect(reprint.headers.get("content-type")).toBe("application/pdf");
    expect(reprint.text.startsWith("%PDF-")).toBe(true);
    expect(reprint.headers.get("x-label-count")).toBe("1");
    const after = await database.db
      .select({ plate: returnItems.licensePlate })
      .from(returnItems)
      .where(eq(returnItems.id, onlyFirst ?? ""));
    expect(after[0]?.plate).toBe(plateOf.get(onlyFirst ?? ""));

    const timeline = await listReturnTimeline(database.db, { returnId, storeIds: [demoA.id], limit: 100 });
    expect(
      timeline.entries.filter((e) => e.kind === "labels_printed").map((e) => [e.actor.name, e.details]),
    ).toEqual([
      ["Dock Dana", { format: "zpl", size: "4x6", count: itemIds.length, itemIds }],
      [expect.any(String), { format: "pdf", size: "2x1", count: 1, itemIds: [onlyFirst] }],
    ]);
    const listed = await callRoute<{ prints: { count: number; actor: { kind: string } }[] }>(
      listPrints,
      { storeId: demoA.id },
      {
        path: `/stores/${demoA.id}/label-prints?subject_type=return&subject_id=${returnId}`,
        cookie: cookies.viewer,
      },
    );
    expect(listed.body.prints.map((p) => [p.count, p.actor.kind])).toEqual([
      [1, "api_secret"],
      [itemIds.length, "staff"],
    ]);

    const plate = plateOf.get(onlyFirst ?? "") ?? "";
    const found = await findByCode(database.db, { storeId: demoA.id, q: plate.toLowerCase(), limit: 5 });
    expect(found.results).toEqual([
      expect.objectContaining({ type: "return", id: returnId, matched: "license_plate" }),
    ]);
    expect((await findByCode(database.db, { storeId: demoB.id, q: plate, limit: 5 })).results).toEqual([]);
  });

  it("two first prints at once give each item one plate, and both files carry it", async () => {
    const { database, demoA } = setup();
    const { returnId } = await pickReturn(database.db, demoA.id, 2);
    const [a, b] = await Promise.all([1, 2].map(() => plates(returnId, { format: "zpl", size: "2x1" })));
    expect([a?.status, b?.status]).toEqual([200, 200]);
    const stored = await database.db
      .select({ plate: returnItems.licensePlate })
      .from(returnItems)
      .where(eq(returnItems.returnId, returnId));
    const assigned = stored.map((item) => item.plate).sort();
    expect(codesOf(a?.body ?? "").sort()).toEqual(assigned);
    expect(codesOf(b?.body ?? "").sort()).toEqual(assigned);
    expect(new Set(assigned).size).toBe(stored.length);
  });

  it("refuses what it cannot print: ZPL on a sheet, an unknown format or item, a viewer; an unknown return is 404", async () => {
    const { database, demoA } = setup();
    const { returnId } = await pickReturn(database.db, demoA.id);
    expectInvalid(await plates(returnId, { format: "zpl", size: "letter" }), "return", ["size"]);
    expectInvalid(await plates(returnId, { format: "png", size: "4x6" }), "return", ["format"]);
    const unknownItem = await plates(returnId, { format: "pdf", size: "4x6", item_ids: ["rti_nope"] });
    expect(expectProblem(unknownItem, 400, "return/item-not-found").errors).toEqual([
      expect.objectContaining({ path: "item_ids.0" }),
    ]);
    expectProblem(
      await plates(returnId, { format: "pdf", size: "4x6" }, { cookie: cookies.viewer }),
      403,
      "auth/forbidden",
    );
    expectProblem(await plates(unknownId("ret"), { format: "pdf", size: "4x6" }), 404, "return/not-found");
    const stored = await database.db
      .select({ plate: returnItems.licensePlate })
      .from(returnItems)
      .where(eq(returnItems.returnId, returnId));
    expect(stored.every((item) => item.plate === null)).toBe(true);
  });
});

describe("labels of shipments, inventory items and locations", () => {
  it("prints a shipment's cartons as `<units>*<line id>`, which search resolves to the shipment", async () => {
    const { database, storeA } = setup();
    const shipment = await receivableShipment(database.db, storeA, [10, 4]);
    const call = (body: object) =>
      callRoute<string>(
        printShipment,
        { storeId: storeA.id, inboundShipmentId: shipment.id },
        {
          method: "POST",
          path: `/stores/${storeA.id}/inbound-shipments/${shipment.id}/labels`,
          body,
          secret: storeA.secret,
        },
      );
    const cartons = await call({ format: "zpl", size: "4x6", kind: "cartons", units_per_carton: 4 });
    expect(cartons.status, cartons.text).toBe(200);
    const [first, second] = shipment.itemIds;
    expect(codesOf(cartons.body)).toEqual([`4*${first}`, `4*${first}`, `2*${first}`, `4*${second}`]);
    expect(cartons.body).toContain("Carton 3 of 3 · 2 units");
    expectInvalid(await call({ format: "pdf", size: "4x6", kind: "cartons" }), "inbound-shipment", [
      "units_per_carton",
    ]);
    const lines = await call({ format: "pdf", size: "letter", kind: "lines" });
    expect(lines.headers.get("x-label-count")).toBe("2");

    for (const code of [`2*${first}`, second ?? ""]) {
      const found = await findByCode(database.db, { storeId: storeA.id, q: code, limit: 5 });
      expect(found.results).toEqual([
        expect.objectContaining({ type: "inbound_shipment", id: shipment.id, matched: "shipment_line" }),
      ]);
    }
  });

  it("prints an inventory item's UPC (copies) and a location's id, each found by search", async () => {
    const { database, storeA } = setup();
    const shipment = await receivableShipment(database.db, storeA, [1]);
    const line = shipment.lines[0];
    if (!line) throw new Error("no line");
    const item = await callRoute<string>(
      printItem,
      { storeId: storeA.id, inventoryItemId: line.itemId },
      {
        method: "POST",
        path: `/stores/${storeA.id}/inventory-items/${line.itemId}/labels`,
        body: { format: "zpl", size: "2x1", copies: 3 },
        secret: storeA.secret,
      },
    );
    expect(formats(item.body)).toHaveLength(3);
    expect(codesOf(item.body)).toEqual([line.upc, line.upc, line.upc]);

    const locationId = storeA.locationIds[0] ?? "";
    const location = await callRoute<string>(
      printLocation,
      { storeId: storeA.id, locationId },
      {
        method: "POST",
        path: `/stores/${storeA.id}/locations/${locationId}/labels`,
        body: { format: "zpl", size: "4x6" },
        secret: storeA.secret,
      },
    );
    expect(codesOf(location.body)).toEqual([locationId]);
    const found = await findByCode(database.db, { storeId: storeA.id, q: locationId, limit: 5 });
    expect(found.results).toEqual([
      expect.objectContaining({ type: "location", id: locationId, matched: "id" }),
    ]);
  });

  it("lists one object's prints newest first, a page at a time, none of another object's", async () => {
    const { database, storeA } = setup();
    const shipment = await receivableShipment(database.db, storeA, [2]);
    const line = shipment.lines[0];
    if (!line) throw new Error("no line");
    const print = (route: typeof printShipment, params: Record<string, string>, path: string, body: object) =>
      callRoute<string>(
        route,
        { storeId: storeA.id, ...params },
        { method: "POST", path, body, secret: storeA.secret },
      );
    const shipmentPath = `/stores/${storeA.id}/inbound-shipments/${shipment.id}/labels`;
    for (const size of ["4x6", "2x1", "letter"]) {
      const printed = await print(printShipment, { inboundShipmentId: shipment.id }, shipmentPath, {
        format: "pdf",
        size,
        kind: "lines",
      });
      expect(printed.status, printed.text).toBe(200);
    }
    await print(
      printItem,
      { inventoryItemId: line.itemId },
      `/stores/${storeA.id}/inventory-items/${line.itemId}/labels`,
      { format: "zpl", size: "2x1", copies: 2 },
    );

    type Page = { prints: { size: string; count: number; actor: { kind: string; name: string } }[] };
    const list = (subject: string, headers: Record<string, string>) =>
      callRoute<Page>(
        listPrints,
        { storeId: storeA.id },
        { path: `/stores/${storeA.id}/label-prints?${subject}`, secret: storeA.secret, headers },
      );
    const ofShipment = `subject_type=inbound_shipment&subject_id=${shipment.id}`;
    const first = await list(ofShipment, { "x-page-size": "2" });
    expect(first.status, first.text).toBe(200);
    expect(first.body.prints.map((p) => p.size)).toEqual(["letter", "2x1"]);
    const next = first.headers.get("x-page-next") ?? "";
    const second = await list(ofShipment, { "x-page-size": "2", "x-page-continue": next });
    expect(second.body.prints.map((p) => [p.size, p.count, p.actor.kind])).toEqual([
      ["4x6", 1, "api_secret"],
    ]);
    expect(second.headers.get("x-page-next")).toBeNull();
    // A marker is for the list it came from: another object's list refuses it.
    const ofItem = `subject_type=inventory_item&subject_id=${line.itemId}`;
    expectProblem(await list(ofItem, { "x-page-continue": next }), 400, "label/invalid-request");
    expect((await list(ofItem, {})).body.prints.map((p) => [p.size, p.count])).toEqual([["2x1", 2]]);
  });
});
