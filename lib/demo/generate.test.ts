import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { apiSecretStart, hashApiSecret } from "../auth/api-secrets";
import { deriveShipmentStatus, summarizeShipmentItems } from "../domain/inbound-shipments/status";
import { INBOUND_SHIPMENT_STATUSES, INVENTORY_ITEM_KINDS } from "../enums";
import { type IdKind, isId } from "../ids";
import { GENERATED_DEMO_OPTIONS, groupBy, MONEY } from "../testing/generated-demo";
import { DEMO_STAFF } from "./accounts";
import { DAY_MS } from "./format";
import { generateDemoData } from "./generate";
import type { DemoData } from "./types";

const { anchor } = GENERATED_DEMO_OPTIONS;
const data = generateDemoData(GENERATED_DEMO_OPTIONS);

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** Every broken rule of the inbound shipments, as readable lines (empty when all is well). */
function shipmentProblems(d: DemoData): string[] {
  const problems: string[] = [];
  const itemsOf = groupBy(d.inboundShipmentItems, (i) => i.shipmentId);
  const locationStore = new Map(d.locations.map((l) => [l.id, l.storeId]));
  for (const s of d.inboundShipments) {
    const items = itemsOf.get(s.id as string) ?? [];
    const p = (msg: string) => problems.push(`${s.id}: ${msg}`);
    if (items.length < 1 || items.length > 8) p(`${items.length} items`);
    for (const i of items) {
      const processed = (i.receivedQuantity ?? 0) + (i.damagedQuantity ?? 0) + (i.missingQuantity ?? 0);
      if (i.quantity <= 0 || processed > i.quantity)
        p(`item ${i.id} processes ${processed} of ${i.quantity}`);
    }
    const counts = summarizeShipmentItems(
      items.map((i) => ({
        variantId: i.variantId,
        quantity: i.quantity,
        receivedQuantity: i.receivedQuantity ?? 0,
        damagedQuantity: i.damagedQuantity ?? 0,
        missingQuantity: i.missingQuantity ?? 0,
      })),
    );
    const status = deriveShipmentStatus({
      shipped: s.shippedAt != null,
      expected: counts.itemCount,
      received: counts.receivedCount,
      damaged: counts.damaged,
      missing: counts.missing,
    });
    if (s.status !== status) p(`status ${s.status}, derived ${status}`);
    if (
      s.skuCount !== counts.skuCount ||
      s.itemCount !== counts.itemCount ||
      s.receivedCount !== counts.receivedCount
    ) {
      p("counts differ from the items");
    }
    if ((s.shippedAt == null) !== (s.status === "PENDING")) p("shippedAt null iff PENDING broken");
    const arrived = s.status === "RECEIVED" || s.status === "PARTIALLY_RECEIVED";
    if (s.actualArrivalDate != null && !arrived) p("actual arrival before receiving");
    if (arrived && !s.actualArrivalDate) p("received without an actual arrival date");
    for (const date of [s.estimatedArrivalDate, s.actualArrivalDate])
      if (date != null && !DATE.test(date)) p(`date ${date}`);
    if (!MONEY.test(s.freightCost ?? "") || !MONEY.test(s.dutyCost ?? ""))
      p("costs are not 2-decimal strings");
    const created = s.createdAt?.getTime() ?? Number.NaN;
    const updated = s.updatedAt?.getTime() ?? Number.NaN;
    if (!(created >= anchor.getTime() - 366 * DAY_MS && created <= updated && updated <= anchor.getTime())) {
      p("timestamps out of order or out of the year");
    }
    if (s.shippedAt && (s.shippedAt < (s.createdAt as Date) || s.shippedAt > anchor))
      p("shippedAt out of range");
    if (locationStore.get(s.locationId) !== s.storeId) p("location of another store");
    if (s.trackingUrl && !s.trackingUrl.startsWith("https://")) p("tracking URL");
    if (s.shipmentId != null && !/^(PO|ASN)-\d{4}-\d{5}$/.test(s.shipmentId))
      p(`shipment id ${s.shipmentId}`);
  }
  return problems;
}

describe("generateDemoData", () => {
  it("is deterministic: the same options give identical rows, another seed other rows", () => {
    expect(generateDemoData(GENERATED_DEMO_OPTIONS)).toEqual(data);
    const other = generateDemoData({ seed: 7, anchor, shipments: 50, returns: 20 });
    expect(other.stores[0]?.id).not.toBe(data.stores[0]?.id);
    expect(other.inboundShipments[0]?.id).not.toBe(data.inboundShipments[0]?.id);
    expect(other.products.map((p) => p.title)).not.toEqual(data.products.map((p) => p.title));
  });

  it("has the default sizes: 2 stores, 3-4 locations and 40 products each, 2,000 shipments, 500 returns", () => {
    expect(data.stores.map((s) => [s.name, s.currency])).toEqual([
      ["Northwind Outfitters", "USD"],
      ["Maple & Thread", "CAD"],
    ]);
    for (const store of data.stores) {
      const locations = data.locations.filter((l) => l.storeId === store.id);
      expect(locations.length).toBeGreaterThanOrEqual(3);
      expect(locations.length).toBeLessThanOrEqual(4);
      for (const l of locations) expect(l.city && l.country).toBeTruthy();
      expect(data.products.filter((p) => p.storeId === store.id)).toHaveLength(40);
    }
    expect(data.inboundShipments).toHaveLength(2000);
    expect(data.returns).toHaveLength(500);
    expect(data.orders).toHaveLength(500);
  });

  it("gives every row an id of its kind, unique over the whole data set", () => {
    const kinds: [keyof DemoData, IdKind][] = [
      ["stores", "store"],
      ["staffUsers", "staffUser"],
      ["apiKeys", "apiKey"],
      ["locations", "location"],
      ["products", "product"],
      ["productVariants", "variant"],
      ["inventoryItems", "inventoryItem"],
      ["inboundShipments", "inboundShipment"],
      ["inboundShipmentItems", "shipmentItem"],
      ["orders", "order"],
      ["orderLineItems", "orderLineItem"],
      ["returns", "return"],
      ["returnItems", "returnItem"],
      ["returnItemAssessments", "assessment"],
      ["returnExchangeItems", "exchangeItem"],
      ["returnShipments", "returnShipment"],
      ["returnComments", "comment"],
    ];
    const all = new Set<string>();
    let total = 0;
    for (const [table, kind] of kinds) {
      for (const row of data[table] as { id?: unknown }[]) {
        expect(isId(kind, String(row.id)), `${table} ${String(row.id)}`).toBe(true);
        all.add(String(row.id));
        total++;
      }
    }
    expect(all.size).toBe(total);
  });

  it("stores every shipment with the status and counts derived from its items", () => {
    expect(shipmentProblems(data)).toEqual([]);
    const statuses = new Set(data.inboundShipments.map((s) => s.status));
    expect([...statuses].sort()).toEqual([...INBOUND_SHIPMENT_STATUSES].sort());
    expect(data.inboundShipments.filter((s) => s.status === "RECEIVED").length).toBeGreaterThan(1000);
  });

  it("catches broken shipments (the checks above can fail)", () => {
    const broken = structuredClone(data);
    const [first, second, third] = broken.inboundShipments;
    if (!first || !second || !third) throw new Error("no shipments");
    first.status = first.status === "RECEIVED" ? "IN_TRANSIT" : "RECEIVED";
    second.itemCount = (second.itemCount ?? 0) + 1;
    third.shippedAt = third.shippedAt ? null : anchor;
    const problems = shipmentProblems(broken);
    expect(problems.some((p) => p.startsWith(`${first.id}: status`))).toBe(true);
    expect(problems).toContain(`${second.id}: counts differ from the items`);
    expect(problems.some((p) => p.startsWith(`${third.id}:`))).toBe(true);
  });

  it("builds a realistic catalogue: 2-6 variants per product, unique SKUs, valid UPCs, local images", () => {
    const variantsOf = groupBy(data.productVariants, (v) => v.productId);
    for (const product of data.products) {
      const variants = variantsOf.get(product.id as string) ?? [];
      expect(variants.length).toBeGreaterThanOrEqual(2);
      expect(variants.length).toBeLessThanOrEqual(6);
      expect(product.imageUrl).toMatch(/^\/demo\/products\/[a-z]+\.svg$/);
      const file = path.resolve(import.meta.dirname, "../../public", `.${product.imageUrl}`);
      expect(fs.existsSync(file), file).toBe(true);
    }
    for (const store of data.stores) {
      const skus = data.productVariants.filter((v) => v.storeId === store.id).map((v) => v.sku);
      expect(new Set(skus).size).toBe(skus.length);
    }
    for (const v of data.productVariants) {
      expect(v.sku).toMatch(/^(NW|MT)-[A-Z]{3}-[A-Z]{3}-[A-Z0-9]+$/);
      expect(v.price).toMatch(MONEY);
      const digits = (v.upc ?? "").split("").map(Number);
      expect(digits).toHaveLength(12);
      const sum = digits.slice(0, 11).reduce((acc, d, i) => acc + d * (i % 2 === 0 ? 3 : 1), 0);
      expect((10 - (sum % 10)) % 10).toBe(digits[11]);
    }
  });

  it("has inventory of every kind, one PRODUCT item per variant, and levels >= 0 at the store's locations", () => {
    expect(new Set(data.inventoryItems.map((i) => i.kind))).toEqual(new Set(INVENTORY_ITEM_KINDS));
    const productItems = data.inventoryItems.filter((i) => i.kind === "PRODUCT").map((i) => i.variantId);
    expect(productItems.sort()).toEqual(data.productVariants.map((v) => v.id).sort());
    const itemStore = new Map(data.inventoryItems.map((i) => [i.id, i.storeId]));
    const locationStore = new Map(data.locations.map((l) => [l.id, l.storeId]));
    for (const level of data.inventoryLevels) {
      expect(level.quantity).toBeGreaterThanOrEqual(0);
      expect(itemStore.get(level.inventoryItemId)).toBe(level.storeId);
      expect(locationStore.get(level.locationId)).toBe(level.storeId);
    }
  });

  it("creates the demo staff with their memberships and one demo API key per store", () => {
    expect(data.staffUsers.map((u) => u.email)).toEqual(DEMO_STAFF.map((s) => s.email));
    const byEmail = new Map(data.staffUsers.map((u) => [u.email, u.id]));
    const [first, second] = data.stores.map((s) => s.id);
    const memberships = data.storeMemberships.map((m) => [m.storeId, m.userId, m.role]);
    expect(memberships).toEqual(
      expect.arrayContaining([
        [first, byEmail.get("admin@backroom.test"), "admin"],
        [second, byEmail.get("admin@backroom.test"), "admin"],
        [first, byEmail.get("editor@backroom.test"), "editor"],
        [second, byEmail.get("editor@backroom.test"), "viewer"],
        [first, byEmail.get("viewer@backroom.test"), "viewer"],
      ]),
    );
    expect(memberships).toHaveLength(5);
    expect(data.apiKeys).toHaveLength(2);
    for (const store of data.stores) {
      const key = data.apiKeys.find((k) => k.storeId === store.id);
      const secret = GENERATED_DEMO_OPTIONS.apiSecret(store.id as string);
      expect(key).toMatchObject({
        name: "Demo key",
        secretHash: hashApiSecret(secret),
        start: apiSecretStart(secret),
      });
      expect(JSON.stringify(data)).not.toContain(secret);
    }
  });

  it("gives each generation its own random API secrets unless told otherwise", () => {
    const hashes = (d: DemoData) => d.apiKeys.map((k) => k.secretHash);
    const first = generateDemoData({ seed: 7, anchor, shipments: 10, returns: 5 });
    const second = generateDemoData({ seed: 7, anchor, shipments: 10, returns: 5 });
    expect(first.stores).toEqual(second.stores);
    for (const hash of hashes(first)) expect(hashes(second)).not.toContain(hash);
  });
});
