import { describe, expect, it } from "vitest";
import { COMPENSATION_METHODS, EXCHANGE_PROVISIONS, RETURN_STATUSES, RETURN_TYPES } from "../enums";
import { addressSchema } from "../schemas/returns";
import { GENERATED_DEMO_OPTIONS, groupBy, MONEY } from "../testing/generated-demo";
import { DAY_MS, parseCents } from "./format";
import { generateDemoData } from "./generate";
import type { DemoData } from "./types";

const { anchor } = GENERATED_DEMO_OPTIONS;
const data = generateDemoData(GENERATED_DEMO_OPTIONS);

const cents = (amount: string | null | undefined) => parseCents(amount ?? "0");

/** Orders whose money does not add up. */
function orderProblems(d: DemoData): string[] {
  const problems: string[] = [];
  const linesOf = groupBy(d.orderLineItems, (l) => l.orderId);
  for (const o of d.orders) {
    const lines = linesOf.get(o.id as string) ?? [];
    const amounts = [o.discounts, o.lineItemsTotal, o.shippingCost, o.taxes, o.total];
    if (!amounts.every((a) => MONEY.test(a ?? "")))
      problems.push(`${o.id}: amounts are not 2-decimal strings`);
    if (lines.length === 0) problems.push(`${o.id}: no lines`);
    const sum = lines.reduce((acc, l) => acc + cents(l.price) * l.quantity, 0);
    if (sum !== cents(o.lineItemsTotal))
      problems.push(`${o.id}: lineItemsTotal ${o.lineItemsTotal}, lines ${sum}`);
    const total = cents(o.lineItemsTotal) - cents(o.discounts) + cents(o.shippingCost) + cents(o.taxes);
    if (total !== cents(o.total)) problems.push(`${o.id}: total ${o.total} does not add up`);
    if (!o.name.startsWith("#") || !o.customerGivenName || !o.customerSurname) problems.push(`${o.id}: name`);
  }
  return problems;
}

/** Returns missing an always-present field (decisions §5) or whose totals do not follow their items. */
function returnProblems(d: DemoData): string[] {
  const problems: string[] = [];
  const itemsOf = groupBy(d.returnItems, (i) => i.returnId);
  const lines = new Map(d.orderLineItems.map((l) => [l.id, l]));
  const exchangeOf = new Map(d.returnExchanges.map((e) => [e.returnId, e]));
  const exchangeItemsOf = groupBy(d.returnExchangeItems, (i) => i.returnId);
  const giftCardsOf = groupBy(d.returnGiftCards, (g) => g.returnId);
  const orders = new Map(d.orders.map((o) => [o.id, o]));
  for (const r of d.returns) {
    const p = (msg: string) => problems.push(`${r.id}: ${msg}`);
    const items = itemsOf.get(r.id as string) ?? [];
    if (
      !r.status ||
      !r.type ||
      !r.createdAt ||
      !r.updatedAt ||
      r.updatedAt < r.createdAt ||
      r.updatedAt > anchor
    ) {
      p("status, type or timestamps");
    }
    if (orders.get(r.orderId)?.storeId !== r.storeId) p("order of another store");
    if (!r.sourceEmail.includes("@") || !r.sourceGivenName || !r.sourceSurname || !r.sourcePhone) p("source");
    if (!addressSchema.safeParse(r.sourceAddress).success) p("source address");
    if (!addressSchema.safeParse(r.destinationAddress).success) p("destination address");
    if (items.length === 0) p("no items");
    for (const item of items) {
      const line = lines.get(item.orderLineItemId);
      if (!line || line.orderId !== r.orderId) p(`item ${item.id} not on the return's order`);
      else if (item.quantity < 1 || item.quantity > line.quantity) p(`item ${item.id} quantity`);
      if (!item.reason) p(`item ${item.id} has no reason`);
      if (item.externalIdentifier === "") p(`item ${item.id} has an empty external identifier`);
      if (cents(item.productValueNoTaxNoAdjustment) !== cents(line?.price) * item.quantity) p("item value");
    }
    const totals = [r.chargeTotal, r.exchangeTotal, r.refundTotal, r.storeCreditTotal];
    if (!totals.every((t) => MONEY.test(t ?? ""))) p("totals are not 2-decimal strings");
    const credited = items.reduce((acc, i) => acc + cents(i.refundAmount), 0);
    const net =
      cents(r.refundTotal) + cents(r.storeCreditTotal) + cents(r.exchangeTotal) - cents(r.chargeTotal);
    if (credited !== net) p(`items credit ${credited}, totals net ${net}`);
    const refunded = items
      .filter((i) => i.refundType === "refund")
      .reduce((acc, i) => acc + cents(i.refundAmount), 0);
    if (refunded !== cents(r.refundTotal)) p("refund total");
    const methods = COMPENSATION_METHODS.filter((m) => items.some((i) => i.refundType === m));
    if (JSON.stringify(methods) !== JSON.stringify(r.compensationMethods)) p("compensation methods");
    const exchanged = items.filter((i) => i.refundType === "exchange");
    const exchange = exchangeOf.get(r.id as string);
    const exchangeItems = exchangeItemsOf.get(r.id as string) ?? [];
    if (exchanged.length > 0 !== (exchange !== undefined))
      p("exchange without exchanged items or the reverse");
    if (exchange && exchange.itemCount !== exchangeItems.reduce((acc, i) => acc + i.quantity, 0))
      p("itemCount");
    const exchangeValue = exchangeItems.reduce((acc, i) => acc + cents(i.price) * i.quantity, 0);
    if (exchangeValue !== cents(r.exchangeTotal)) p("exchange total");
    for (const item of exchanged)
      if (!item.exchangeProductName || !item.exchangeVariantName) p("exchange item fields");
    for (const card of giftCardsOf.get(r.id as string) ?? []) {
      if (cents(card.amount) !== cents(r.storeCreditTotal) || cents(card.amount) <= 0) p("gift card amount");
    }
  }
  return problems;
}

describe("generated orders and returns", () => {
  it("has orders whose money adds up", () => {
    expect(orderProblems(data)).toEqual([]);
    const names = data.orders.map((o) => `${o.storeId}${o.name}`);
    expect(new Set(names).size).toBe(names.length);
  });

  it("has returns with every always-present field and totals consistent with their items", () => {
    expect(returnProblems(data)).toEqual([]);
  });

  it("catches broken orders and returns (the checks above can fail)", () => {
    const broken = structuredClone(data);
    const [order] = broken.orders;
    const [ret, other] = broken.returns;
    if (!order || !ret || !other) throw new Error("no rows");
    order.total = "0.01";
    ret.refundTotal = "99999.00";
    other.sourceAddress = { ...other.sourceAddress, city: "" };
    expect(orderProblems(broken)).toContain(`${order.id}: total 0.01 does not add up`);
    const problems = returnProblems(broken);
    expect(problems.some((p) => p.startsWith(`${ret.id}: items credit`))).toBe(true);
    expect(problems).toContain(`${other.id}: source address`);
  });

  it("covers every status, type, compensation method and exchange provision", () => {
    expect(new Set(data.returns.map((r) => r.status))).toEqual(new Set(RETURN_STATUSES));
    expect(new Set(data.returns.map((r) => r.type))).toEqual(new Set(RETURN_TYPES));
    expect(new Set(data.returns.flatMap((r) => r.compensationMethods ?? []))).toEqual(
      new Set(COMPENSATION_METHODS),
    );
    expect(new Set(data.returnExchanges.map((e) => e.provision))).toEqual(new Set(EXCHANGE_PROVISIONS));
    expect(data.returnGiftCards.length).toBeGreaterThan(0);
    expect(data.returnDropoffs.length).toBeGreaterThan(0);
    expect(data.returnTags.length).toBeGreaterThan(0);
    expect(data.returnItemAssessments.length).toBeGreaterThan(0);
    const withIdentifier = data.returnItems.filter((i) => i.externalIdentifier != null).length;
    expect(withIdentifier).toBeGreaterThan(0);
    expect(withIdentifier).toBeLessThan(data.returnItems.length / 2);
    expect(
      data.returns.filter((r) => r.createdAt && r.createdAt.getTime() > anchor.getTime() - 30 * DAY_MS)
        .length,
    ).toBeGreaterThan(50);
  });

  it("ships items back in 0-2 parcels that refer to the return's own items and groups", () => {
    const itemsOf = groupBy(data.returnItems, (i) => i.returnId);
    const parcelsOf = groupBy(data.returnShipments, (s) => s.returnId);
    for (const r of data.returns) {
      const items = itemsOf.get(r.id as string) ?? [];
      const parcels = parcelsOf.get(r.id as string) ?? [];
      expect(parcels.length).toBeLessThanOrEqual(2);
      const itemIds = new Set(items.map((i) => i.id));
      const groups = new Set(parcels.map((s) => s.shipmentGroupId));
      for (const parcel of parcels) {
        for (const id of parcel.itemIds ?? []) expect(itemIds.has(id)).toBe(true);
        expect(parcel.deliveredAt != null).toBe(parcel.status === "delivered");
        if (parcel.trackingUrl) expect(parcel.trackingUrl).toMatch(/^https:\/\//);
      }
      for (const item of items) for (const g of item.shipmentGroupIds ?? []) expect(groups.has(g)).toBe(true);
    }
    const returnIds = new Set(data.returns.map((r) => r.id));
    for (const d of data.returnDropoffs) {
      expect(returnIds.has(d.returnId)).toBe(true);
      const groups = (parcelsOf.get(d.returnId) ?? []).map((s) => s.shipmentGroupId);
      expect(groups).toContain(d.shipmentGroupId);
    }
  });

  it("writes 0-4 text comments per return, by staff, the integration key or the customer, in time", () => {
    const returns = new Map(data.returns.map((r) => [r.id, r]));
    const staff = new Set(data.staffUsers.map((u) => u.id));
    const keys = new Set(data.apiKeys.map((k) => k.id));
    for (const comments of groupBy(data.returnComments, (c) => c.returnId).values()) {
      expect(comments.length).toBeLessThanOrEqual(4);
    }
    for (const c of data.returnComments) {
      const r = returns.get(c.returnId);
      expect(c.message?.trim()).toBeTruthy();
      expect(c.imageId ?? null).toBeNull();
      expect(c.authorName).toBeTruthy();
      if (c.authorUserId) expect(staff.has(c.authorUserId)).toBe(true);
      if (c.authorApiKeyId) expect(keys.has(c.authorApiKeyId)).toBe(true);
      expect(c.createdAt && r?.createdAt && r.updatedAt).toBeTruthy();
      expect(
        (c.createdAt as Date) >= (r?.createdAt as Date) && (c.createdAt as Date) <= (r?.updatedAt as Date),
      ).toBe(true);
    }
    const assessed = data.returnItemAssessments;
    for (const a of assessed) {
      expect(staff.has(a.assignedUserId)).toBe(true);
      expect(a.responses?.some((r) => r.type === "short_text")).toBe(true);
    }
  });
});
