import { and, asc, eq, isNotNull } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { inventoryItems, locations } from "@/lib/db/schema";
import type { Supplier, SupplierClaim, SupplierClaimSummary } from "@/lib/schemas/suppliers";
import { callRoute } from "@/lib/testing/api";
import { expectInvalid, expectProblem, setupDemoApiTestDatabase } from "@/lib/testing/api-helpers";
import { POST as RECEIVE } from "../inbound-shipments/[inboundShipmentId]/receipts/route";
import { POST as CREATE_SHIPMENT } from "../inbound-shipments/route";
import { POST as CREATE_SUPPLIER } from "../suppliers/route";
import { POST as CREDIT } from "./[supplierClaimId]/credit/route";
import { GET as CSV } from "./[supplierClaimId]/csv/route";
import { GET as PDF } from "./[supplierClaimId]/pdf/route";
import { GET as EXPORT } from "./export/route";
import { GET as LIST } from "./route";

const setup = setupDemoApiTestDatabase();
const owner = () => ({ secret: setup().demoA.secret });

/** One of store A's catalog SKUs and an active location. */
async function catalogOfA() {
  const { database, demoA } = setup();
  const [item] = await database.db
    .select({ sku: inventoryItems.sku })
    .from(inventoryItems)
    .where(
      and(
        eq(inventoryItems.storeId, demoA.id),
        eq(inventoryItems.kind, "PRODUCT"),
        isNotNull(inventoryItems.sku),
      ),
    )
    .orderBy(asc(inventoryItems.id))
    .limit(1);
  const [location] = await database.db
    .select({ id: locations.id })
    .from(locations)
    .where(eq(locations.storeId, demoA.id))
    .limit(1);
  if (!item?.sku || !location) throw new Error("store A has no catalog");
  return { sku: item.sku, locationId: location.id };
}

describe("supplier claims API", () => {
  it("a receipt with damaged units drafts a claim the list, PDF, CSV and export answer; credit needs SENT", async () => {
    const storeId = setup().demoA.id;
    const supplier = await callRoute<{ supplier: Supplier }>(
      CREATE_SUPPLIER,
      { storeId },
      {
        method: "POST",
        path: `/stores/${storeId}/suppliers`,
        body: { supplier: { name: "Route Test Supplier", email: "claims@route.example" } },
        ...owner(),
      },
    );
    expect(supplier.status).toBe(201);
    const again = await callRoute(
      CREATE_SUPPLIER,
      { storeId },
      {
        method: "POST",
        path: `/stores/${storeId}/suppliers`,
        body: { supplier: { name: "route test SUPPLIER", email: "other@route.example" } },
        ...owner(),
      },
    );
    expectProblem(again, 409, "supplier/name-taken");

    const { sku, locationId } = await catalogOfA();
    const unknownSupplier = await callRoute(
      CREATE_SHIPMENT,
      { storeId },
      {
        method: "POST",
        path: `/stores/${storeId}/inbound-shipments`,
        body: {
          inbound_shipment: {
            location_id: locationId,
            supplier_id: "sup_unknown",
            items: [{ sku, quantity: 3 }],
          },
        },
        ...owner(),
      },
    );
    expectInvalid(unknownSupplier, "inbound-shipment", ["inbound_shipment.supplier_id"]);
    const shipment = await callRoute<{ inbound_shipment: { id: string; items: { id: string }[] } }>(
      CREATE_SHIPMENT,
      { storeId },
      {
        method: "POST",
        path: `/stores/${storeId}/inbound-shipments`,
        body: {
          inbound_shipment: {
            location_id: locationId,
            supplier_id: supplier.body.supplier.id,
            purchase_order: "PO-ROUTE-1",
            items: [{ sku, quantity: 3, unit_cost: "7.00" }],
          },
        },
        ...owner(),
      },
    );
    expect(shipment.status).toBe(201);
    const inboundShipmentId = shipment.body.inbound_shipment.id;
    const received = await callRoute(
      RECEIVE,
      { storeId, inboundShipmentId },
      {
        method: "POST",
        path: `/stores/${storeId}/inbound-shipments/${inboundShipmentId}/receipts`,
        body: {
          receipt: {
            lines: [
              {
                item_id: shipment.body.inbound_shipment.items[0]?.id,
                damaged: 2,
                damaged_reason: "damaged_in_transit",
              },
            ],
          },
        },
        ...owner(),
      },
    );
    expect(received.status).toBe(201);

    const query = `?supplier_id=${supplier.body.supplier.id}&status=DRAFT`;
    const list = await callRoute<{ supplier_claims: SupplierClaimSummary[] }>(
      LIST,
      { storeId },
      { method: "GET", path: `/stores/${storeId}/supplier-claims${query}`, ...owner() },
    );
    expect(list.body.supplier_claims).toHaveLength(1);
    const claim = list.body.supplier_claims[0] as SupplierClaimSummary;
    expect(claim).toMatchObject({ unit_count: 2, total: { amount: "14.00" } });
    const supplierClaimId = claim.id;

    const pdf = await callRoute(
      PDF,
      { storeId, supplierClaimId },
      { method: "GET", path: `/stores/${storeId}/supplier-claims/${supplierClaimId}/pdf`, ...owner() },
    );
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
    expect(pdf.text.startsWith("%PDF-")).toBe(true);
    const csv = await callRoute(
      CSV,
      { storeId, supplierClaimId },
      { method: "GET", path: `/stores/${storeId}/supplier-claims/${supplierClaimId}/csv`, ...owner() },
    );
    expect(csv.text).toContain("damaged");
    expect(csv.text).toContain("14.00");
    const exported = await callRoute(
      EXPORT,
      { storeId },
      { method: "GET", path: `/stores/${storeId}/supplier-claims/export${query}`, ...owner() },
    );
    expect(exported.text).toContain(supplierClaimId);

    const early = await callRoute<{ supplier_claim: SupplierClaim }>(
      CREDIT,
      { storeId, supplierClaimId },
      {
        method: "POST",
        path: `/stores/${storeId}/supplier-claims/${supplierClaimId}/credit`,
        body: { supplier_claim: { credited_amount: "14.00" } },
        ...owner(),
      },
    );
    expectProblem(early, 409, "supplier-claim/wrong-status");
  });
});
