import { and, eq, like } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { SHIPMENTS } from "@/lib/api/csv-import";
import { inboundShipments } from "@/lib/db/schema";
import { commitShipmentImport } from "@/lib/domain/inbound-shipments/import-commit";
import type { InboundShipmentDetail } from "@/lib/schemas/inbound-shipments";
import { callRoute } from "@/lib/testing/api";
import { expectProblem } from "@/lib/testing/api-helpers";
import { setupApiTestDatabase, type TestStore } from "@/lib/testing/api-setup";
import { insertVariant } from "@/lib/testing/fixtures";
import { PATCH } from "./[inboundShipmentId]/route";
import { POST } from "./route";

/**
 * A merchant's shipment reference names one shipment of the store, also when two imports or two creates
 * with it arrive at once (several instances on one PostgreSQL): the database keeps one, and the other
 * request's answer says it matched that one (an import) or that the reference is taken (a create).
 */

type Detail = { inbound_shipment: InboundShipmentDetail };

const setup = setupApiTestDatabase();

const shipmentsNamed = (store: TestStore, prefix: string) =>
  setup().database.db.$count(
    inboundShipments,
    and(eq(inboundShipments.storeId, store.id), like(inboundShipments.shipmentId, `${prefix}%`)),
  );

/** A shipments file checked as the import route checks it, before anything of it is written. */
function checkedFile(store: TestStore, csv: string) {
  const request = new Request("http://localhost:3000/import", {
    method: "POST",
    headers: { "content-type": "text/csv" },
    body: csv,
  });
  return SHIPMENTS.read(setup().database.db, store.id, request);
}

function create(store: TestStore, shipmentId: string, sku: string) {
  return callRoute<Detail>(
    POST,
    { storeId: store.id },
    {
      method: "POST",
      path: `/stores/${store.id}/inbound-shipments`,
      secret: store.secret,
      body: {
        inbound_shipment: {
          shipment_id: shipmentId,
          location_id: store.locationIds[0],
          items: [{ sku, quantity: 2 }],
        },
      },
    },
  );
}

describe("a shipment reference under concurrent imports and creates", () => {
  it("imports one file twice at once as one set of shipments, the second import matching the first's", async () => {
    const { database, storeA } = setup();
    const sku = (await insertVariant(database.db, storeA.id)).variant.sku as string;
    const rows = Array.from({ length: 40 }, (_, i) => `RACE-${i},${storeA.locationIds[0]},${sku},${i + 1}`);
    const csv = ["shipment_id,location,sku,quantity", ...rows].join("\n");
    // Both checked before either writes: each plan says every shipment is new.
    const plans = [await checkedFile(storeA, csv), await checkedFile(storeA, csv)];
    expect(plans.map((plan) => plan.shipments.filter((s) => s.action === "create").length)).toEqual([40, 40]);

    const context = { storeId: storeA.id, publicUrl: "http://localhost:3000" };
    const summaries = await Promise.all(
      plans.map((plan) => commitShipmentImport(database.db, context, plan)),
    );

    expect(await shipmentsNamed(storeA, "RACE-")).toBe(40);
    expect(summaries.sort((a, b) => b.created - a.created)).toEqual([
      { created: 40, updated: 0, unchanged: 0, lines: 40 },
      { created: 0, updated: 0, unchanged: 40, lines: 0 },
    ]);
  });

  it("matches a shipment created through the API after the file was checked, and updates it", async () => {
    const { database, storeA } = setup();
    const sku = (await insertVariant(database.db, storeA.id)).variant.sku as string;
    const plan = await checkedFile(
      storeA,
      `shipment_id,location,sku,quantity\nPO-LATE-CREATE,${storeA.locationIds[0]},${sku},5\n`,
    );
    const made = await create(storeA, "PO-LATE-CREATE", sku);
    expect(made.status).toBe(201);

    const context = { storeId: storeA.id, publicUrl: "http://localhost:3000" };
    expect(await commitShipmentImport(database.db, context, plan)).toEqual({
      created: 0,
      updated: 1,
      unchanged: 0,
      lines: 1,
    });
    const [stored] = await database.db
      .select({ id: inboundShipments.id, itemCount: inboundShipments.itemCount })
      .from(inboundShipments)
      .where(and(eq(inboundShipments.storeId, storeA.id), eq(inboundShipments.shipmentId, "PO-LATE-CREATE")));
    expect(stored).toEqual({ id: made.body.inbound_shipment.id, itemCount: 5 });
  });

  it("creates one shipment of two creates with one reference at once and answers the other 409 naming it", async () => {
    const { database, storeA, storeB } = setup();
    const sku = (await insertVariant(database.db, storeA.id)).variant.sku as string;
    const answers = await Promise.all([create(storeA, "ASN-TWICE", sku), create(storeA, "ASN-TWICE", sku)]);

    expect(answers.map((a) => a.status).sort()).toEqual([201, 409]);
    const created = answers.find((a) => a.status === 201)?.body.inbound_shipment.id as string;
    const refused = answers.find((a) => a.status === 409) as (typeof answers)[number];
    const problem = expectProblem(refused, 409, "inbound-shipment/shipment-id-taken");
    expect(problem.detail).toContain(created);
    expect(problem.errors).toEqual([{ path: "inbound_shipment.shipment_id", message: expect.any(String) }]);
    expect(await shipmentsNamed(storeA, "ASN-TWICE")).toBe(1);
    // Another store's references are its own.
    const otherSku = (await insertVariant(database.db, storeB.id)).variant.sku as string;
    expect((await create(storeB, "ASN-TWICE", otherSku)).status).toBe(201);
  });

  it("refuses renaming a shipment to another shipment's reference with the same 409", async () => {
    const { database, storeA } = setup();
    const sku = (await insertVariant(database.db, storeA.id)).variant.sku as string;
    const taken = (await create(storeA, "PO-TAKEN", sku)).body.inbound_shipment;
    const other = (await create(storeA, "PO-OTHER", sku)).body.inbound_shipment;
    const rename = await callRoute(
      PATCH,
      { storeId: storeA.id, inboundShipmentId: other.id },
      {
        method: "PATCH",
        path: `/stores/${storeA.id}/inbound-shipments/${other.id}`,
        secret: storeA.secret,
        body: { inbound_shipment: { shipment_id: "PO-TAKEN" } },
      },
    );
    expect(expectProblem(rename, 409, "inbound-shipment/shipment-id-taken").detail).toContain(taken.id);
  });
});
