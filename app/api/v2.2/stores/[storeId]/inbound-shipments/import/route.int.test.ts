import { parse } from "csv-parse/sync";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { inboundShipmentItems, inboundShipments, locations } from "@/lib/db/schema";
import { createSupplier } from "@/lib/domain/suppliers/suppliers";
import type { ImportCheck, ImportEvent } from "@/lib/schemas/imports";
import { type Caller, callRoute } from "@/lib/testing/api";
import { expectInvalid, expectProblem, SAME_ORIGIN } from "@/lib/testing/api-helpers";
import { setupApiTestDatabase } from "@/lib/testing/api-setup";
import { insertVariant } from "@/lib/testing/fixtures";
import { staffSessionCookie } from "@/lib/testing/session";
import { GET as exportShipments } from "../export/route";
import { POST as check } from "./check/route";
import { POST as importFile } from "./route";

const setup = setupApiTestDatabase();
type Auth = Caller;

function upload(handler: typeof check, storeId: string, csv: string, auth: Auth, contentType = "text/csv") {
  const path = `/stores/${storeId}/inbound-shipments/import${handler === check ? "/check" : ""}`;
  return callRoute<ImportCheck | unknown>(
    handler,
    { storeId },
    {
      method: "POST",
      path,
      secret: auth.secret,
      headers: {
        "content-type": contentType,
        ...(auth.cookie ? { cookie: auth.cookie, ...SAME_ORIGIN } : {}),
      },
      body: csv,
    },
  );
}

const events = (text: string) =>
  text
    .split("\n")
    .filter((line) => line.trim() !== "")
    .map((line) => JSON.parse(line) as ImportEvent);

async function catalog(storeId: string) {
  const { database } = setup();
  const skus: string[] = [];
  for (let i = 0; i < 3; i++) skus.push((await insertVariant(database.db, storeId)).variant.sku as string);
  const [location] = await database.db
    .select()
    .from(locations)
    .where(eq(locations.storeId, storeId))
    .limit(1);
  return { skus, location: location as typeof locations.$inferSelect };
}

describe("POST /stores/{storeId}/inbound-shipments/import/check", () => {
  it("reports every problem with its line and column, and a preview, without writing", async () => {
    const { database, storeA } = setup();
    const { skus, location } = await catalog(storeA.id);
    const before = await database.db.$count(inboundShipments, eq(inboundShipments.storeId, storeA.id));
    const csv = [
      "shipment_id,location,sku,quantity,carrier,estimated_arrival_date",
      `PO-1,${location.name},${skus[0]},10,UPS,2026-12-01`,
      `PO-1,${location.name},NOPE-SKU,5,,`,
      `PO-1,${location.name},${skus[1]},zero,FedEx,`,
      `PO-2,Nowhere,${skus[2]},3,,12/01/2026`,
      `PO-3,${location.id},${skus[0]},\u0000,,`,
    ].join("\n");
    const response = await upload(check, storeA.id, csv, { secret: storeA.secret });
    expect(response.status, response.text).toBe(200);
    const report = (response.body as { import: ImportCheck }).import;
    expect(report.rows).toBe(5);
    expect(report.errors.map((e) => [e.line, e.column])).toEqual([
      [3, "sku"],
      [4, "quantity"],
      [5, "estimated_arrival_date"],
      [5, "location"],
      [6, "quantity"],
    ]);
    expect(report.error_count).toBe(5);
    expect(report.preview[0]).toEqual({
      line: 2,
      values: expect.objectContaining({ shipment_id: "PO-1", sku: skus[0], quantity: "10" }),
    });
    expect(await database.db.$count(inboundShipments, eq(inboundShipments.storeId, storeA.id))).toBe(before);

    const conflicting = await upload(
      check,
      storeA.id,
      [
        "shipment_id,location,sku,quantity,carrier",
        `PO-9,${location.name},${skus[0]},1,UPS`,
        `PO-9,${location.name},${skus[1]},1,DHL`,
        `PO-8,Nowhere,${skus[1]},1,`,
      ].join("\n"),
      { secret: storeA.secret },
    );
    expect(
      (conflicting.body as { import: ImportCheck }).import.errors.map((e) => [e.line, e.column]),
    ).toEqual([
      [3, "carrier"],
      [4, "location"],
    ]);
  });

  it("reports unknown SKUs and locations in the same pass as format errors, sorted by line", async () => {
    const { storeA } = setup();
    const { skus, location } = await catalog(storeA.id);
    const csv = [
      "shipment_id,location,sku,quantity,estimated_arrival_date",
      `PO-5,Nowhere,${skus[0]},3,12/01/2026`,
      `PO-4,${location.name},NOPE-SKU,zero,`,
      `PO-4,${location.name},ALSO-NOPE,2,`,
    ].join("\n");
    const response = await upload(check, storeA.id, csv, { secret: storeA.secret });
    const report = (response.body as { import: ImportCheck }).import;
    expect(report.errors.map((e) => [e.line, e.column])).toEqual([
      [2, "estimated_arrival_date"],
      [2, "location"],
      [3, "quantity"],
      [3, "sku"],
      [4, "sku"],
    ]);
    expect(report.error_count).toBe(5);
  });

  it("refuses a file without the required columns, malformed CSV, JSON, and a viewer", async () => {
    const { database, storeA } = setup();
    const noColumns = await upload(check, storeA.id, "name,qty\nx,1\n", { secret: storeA.secret });
    expect((noColumns.body as { import: ImportCheck }).import.errors.map((e) => e.column)).toEqual([
      "shipment_id",
      "location",
      "sku",
      "quantity",
    ]);
    expectProblem(
      await upload(check, storeA.id, 'shipment_id,location,sku,quantity\n"PO-1,a,b,1\n', {
        secret: storeA.secret,
      }),
      400,
      "inbound-shipment/invalid-csv",
    );
    expectProblem(
      await upload(check, storeA.id, "{}", { secret: storeA.secret }, "application/json"),
      415,
      "request/unsupported-media-type",
    );
    const viewer = await staffSessionCookie(database.db, [{ storeId: storeA.id, role: "viewer" }]);
    expectProblem(
      await upload(check, storeA.id, "shipment_id\n", { cookie: viewer.cookie }),
      403,
      "auth/forbidden",
    );
  });
});

describe("POST /stores/{storeId}/inbound-shipments/import", () => {
  it("writes nothing for a file with a bad row (400 naming line and column)", async () => {
    const { database, storeA } = setup();
    const { skus, location } = await catalog(storeA.id);
    const before = await database.db.$count(inboundShipments, eq(inboundShipments.storeId, storeA.id));
    const csv = `shipment_id,location,sku,quantity\nPO-A,${location.name},${skus[0]},1\nPO-B,${location.name},UNKNOWN,2\n`;
    expectInvalid(await upload(importFile, storeA.id, csv, { secret: storeA.secret }), "inbound-shipment", [
      "lines.3.sku",
    ]);
    expect(await database.db.$count(inboundShipments, eq(inboundShipments.storeId, storeA.id))).toBe(before);
  });

  it("imports with progress, round-trips through the export, and a re-import changes nothing", async () => {
    const { storeA } = setup();
    const { skus, location } = await catalog(storeA.id);
    const tag = Date.now().toString(36);
    const rows = [
      [
        "shipment_id",
        "location",
        "sku",
        "quantity",
        "status",
        "carrier",
        "tracking_number",
        "estimated_arrival_date",
        "freight_cost",
      ],
      [`RT-${tag}-1`, location.name, skus[0], "12", "IN_TRANSIT", "UPS", "1Z1", "2026-12-01", "120.50"],
      [`RT-${tag}-1`, location.name, skus[1], "3", "", "", "", "", ""],
      [`RT-${tag}-2`, location.id, skus[2], "7", "", "=cmd", "", "", ""],
    ];
    const csv = rows.map((r) => r.join(",")).join("\r\n");
    const response = await upload(importFile, storeA.id, csv, { secret: storeA.secret });
    expect(response.status, response.text).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/x-ndjson");
    const stream = events(response.text);
    expect(stream.at(-1)).toEqual({
      type: "done",
      summary: { created: 2, updated: 0, unchanged: 0, lines: 3 },
    });
    expect(stream.filter((e) => e.type === "progress").at(-1)).toEqual({
      type: "progress",
      done: 3,
      total: 3,
    });

    // The export of the store holds the same lines (a spreadsheet formula comes back defused).
    const exported = await callRoute(
      exportShipments,
      { storeId: storeA.id },
      {
        path: `/stores/${storeA.id}/inbound-shipments/export`,
        secret: storeA.secret,
      },
    );
    const records = (
      parse(exported.text.replace(/^\uFEFF/, ""), { columns: true }) as Record<string, string>[]
    ).filter((r) => r.shipment_id?.startsWith(`RT-${tag}`));
    const lines = records
      .map((r) => [
        r.shipment_id,
        r.location_name,
        r.sku,
        r.expected_quantity,
        r.status,
        r.carrier,
        r.freight_cost,
      ])
      .sort((a, b) => String(a[2]).localeCompare(String(b[2])));
    expect(lines).toEqual(
      [
        [`RT-${tag}-1`, location.name, skus[0], "12", "IN_TRANSIT", "UPS", "120.50"],
        [`RT-${tag}-1`, location.name, skus[1], "3", "IN_TRANSIT", "UPS", "120.50"],
        [`RT-${tag}-2`, location.name, skus[2], "7", "PENDING", "'=cmd", "0.00"],
      ].sort((a, b) => String(a[2]).localeCompare(String(b[2]))),
    );

    const again = await upload(importFile, storeA.id, csv, { secret: storeA.secret });
    expect(events(again.text).at(-1)).toEqual({
      type: "done",
      summary: { created: 0, updated: 0, unchanged: 2, lines: 0 },
    });
    const changed = csv.replace(`${skus[2]},7`, `${skus[2]},9`);
    const third = await upload(importFile, storeA.id, changed, { secret: storeA.secret });
    expect(events(third.text).at(-1)).toEqual({
      type: "done",
      summary: { created: 0, updated: 1, unchanged: 1, lines: 1 },
    });
  });

  it("takes a supplier (name, code or id), a purchase order and unit costs; keeps the PO's id on a re-import", async () => {
    const { database, storeA } = setup();
    const { skus, location } = await catalog(storeA.id);
    const tag = Date.now().toString(36);
    const supplier = await createSupplier(database.db, storeA.id, {
      name: `Import Supplier ${tag}`,
      email: "import@supplier.example",
      code: `IS${tag}`.slice(0, 20),
    });
    const header = "shipment_id,location,sku,quantity,supplier,purchase_order,unit_cost";
    const csv = [
      header,
      `SUP-${tag}-1,${location.name},${skus[0]},10,import supplier ${tag},PO-${tag},4.25`,
      `SUP-${tag}-1,${location.name},${skus[1]},5,,,10`,
      `SUP-${tag}-2,${location.name},${skus[2]},2,${supplier.code},,`,
      `SUP-${tag}-3,${location.name},${skus[2]},2,${supplier.id},,`,
    ].join("\n");
    const checked = await upload(check, storeA.id, csv, { secret: storeA.secret });
    expect(checked.status, checked.text).toBe(200);
    const report = (checked.body as { import: ImportCheck }).import;
    expect(report.errors).toEqual([]);
    expect(report.preview[0]?.values).toMatchObject({
      supplier: `import supplier ${tag}`,
      purchase_order: `PO-${tag}`,
    });
    const imported = await upload(importFile, storeA.id, csv, { secret: storeA.secret });
    expect(events(imported.text).at(-1)).toEqual({
      type: "done",
      summary: { created: 3, updated: 0, unchanged: 0, lines: 4 },
    });
    const stored = await database.db
      .select()
      .from(inboundShipments)
      .where(eq(inboundShipments.storeId, storeA.id));
    const mine = stored.filter((row) => row.shipmentId?.startsWith(`SUP-${tag}`));
    expect(mine.map((row) => row.supplierId)).toEqual([supplier.id, supplier.id, supplier.id]);
    const first = mine.find((row) => row.shipmentId === `SUP-${tag}-1`);
    expect(first?.purchaseOrderName).toBe(`PO-${tag}`);
    expect(first?.purchaseOrderId).toMatch(/^po_/);
    const items = await database.db
      .select({ quantity: inboundShipmentItems.quantity, unitCost: inboundShipmentItems.unitCost })
      .from(inboundShipmentItems)
      .where(eq(inboundShipmentItems.shipmentId, first?.id as string))
      .orderBy(inboundShipmentItems.position);
    expect(items.map((item) => [item.quantity, Number(item.unitCost)])).toEqual([
      [10, 4.25],
      [5, 10],
    ]);

    // The same file again changes nothing; a changed unit cost updates the shipment and keeps its PO's id.
    const again = await upload(importFile, storeA.id, csv, { secret: storeA.secret });
    expect(events(again.text).at(-1)).toMatchObject({ summary: { created: 0, updated: 0, unchanged: 3 } });
    const cheaper = csv.replace(",4.25", ",3.99");
    const updated = await upload(importFile, storeA.id, cheaper, { secret: storeA.secret });
    expect(events(updated.text).at(-1)).toMatchObject({ summary: { updated: 1, unchanged: 2 } });
    const [after] = await database.db
      .select()
      .from(inboundShipments)
      .where(eq(inboundShipments.id, first?.id as string));
    expect(after?.purchaseOrderId).toBe(first?.purchaseOrderId);

    // An unknown supplier is named with its line and column, and nothing is written.
    const unknown = `${header}\nSUP-${tag}-9,${location.name},${skus[0]},1,Nobody Ltd,,`;
    const refused = await upload(check, storeA.id, unknown, { secret: storeA.secret });
    expect((refused.body as { import: ImportCheck }).import.errors).toEqual([
      expect.objectContaining({ line: 2, column: "supplier", message: expect.stringMatching(/Nobody Ltd/) }),
    ]);
  });
});
