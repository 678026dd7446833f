import { COMPENSATION_METHODS, type CompensationMethod, RETURN_REASONS, type ReturnType } from "../enums";
import {
  CUSTOMER_COMMENTS,
  GREEN_OUTCOME,
  ITEM_STATUS_BY_RETURN_STATUS,
  PRODUCT_ADJUSTMENTS,
  REJECTED_OUTCOME,
} from "./catalog-returns";
import { addMs, DAY_MS, formatCents, HOUR_MS, maxDate, minDate, pastDate, percentOf } from "./format";
import { generateOrder, type OrderLine } from "./generate-orders";
import { labelPayerOf } from "./generate-protection";
import { generateAssessment, generateComments, generateParcels, generateTags } from "./generate-return-parts";
import {
  COMPENSATION,
  externalIdentifier,
  gradeFor,
  MILESTONE,
  multipleChoice,
  outcomeFor,
  pickStatus,
  REQUEST_DELAY_DAYS,
  REVIEWED,
  timeline,
} from "./generate-return-rules";
import { buildExchange, type ExchangeLine, itemTotals } from "./generate-return-totals";
import type { Random } from "./random";
import type { DemoData, MakeId, ReturnItemRow, StoreContext } from "./types";

export type ReturnsData = Pick<
  DemoData,
  | "orders"
  | "orderLineItems"
  | "returns"
  | "returnItems"
  | "returnItemAssessments"
  | "returnExchanges"
  | "returnExchangeItems"
  | "returnShipments"
  | "returnDropoffs"
  | "returnTags"
  | "returnGiftCards"
  | "returnComments"
>;

/** Empty arrays of every table a return touches (the generator fills them). */
export function emptyReturnsData(): ReturnsData {
  return {
    orders: [],
    orderLineItems: [],
    returns: [],
    returnItems: [],
    returnItemAssessments: [],
    returnExchanges: [],
    returnExchangeItems: [],
    returnShipments: [],
    returnDropoffs: [],
    returnTags: [],
    returnGiftCards: [],
    returnComments: [],
  };
}

type Plan = { type: ReturnType; orderAt: Date; createdAt: Date };

/** `count` returns (with their orders) created over the year before `anchor`. */
export function generateReturns(
  random: Random,
  makeId: MakeId,
  store: StoreContext,
  count: number,
  anchor: Date,
): ReturnsData {
  const data = emptyReturnsData();
  const plans: Plan[] = Array.from({ length: count }, () => {
    const type = random.weighted<ReturnType>([
      ["return", 80],
      ["claim", 12],
      ["warranty", 8],
    ]);
    const createdAt = pastDate(random, anchor, {
      days: 365,
      recentDays: 30,
      recentShare: 0.3,
      minAgeMs: 2 * HOUR_MS,
    });
    const [min, max] = REQUEST_DELAY_DAYS[type];
    return { type, createdAt, orderAt: addMs(createdAt, -random.float(min, max) * DAY_MS) };
  }).sort((a, b) => a.orderAt.getTime() - b.orderAt.getTime());

  let orderNumber = store.template.firstOrderNumber;
  const externalBase = 5_000_000_000_000 + random.int(0, 899) * 1_000_000_000;
  plans.forEach((plan, index) => {
    if (index > 0) orderNumber += random.int(1, 25);
    const name = `#${orderNumber}`;
    const externalId = String(externalBase + orderNumber * 1000 + random.int(0, 999));
    generateOne(random, makeId, store, plan, { name, externalId }, anchor, data);
  });
  return data;
}

function generateOne(
  random: Random,
  makeId: MakeId,
  store: StoreContext,
  plan: Plan,
  orderRef: { name: string; externalId: string },
  anchor: Date,
  data: ReturnsData,
): void {
  const lineCount = random.weighted([
    [1, 35],
    [2, 35],
    [3, 20],
    [4, 10],
  ]);
  const { order, lines, customer } = generateOrder(random, makeId, store, {
    createdAt: plan.orderAt,
    lines: lineCount,
    ...orderRef,
  });
  data.orders.push(order);
  data.orderLineItems.push(...lines.map((line) => line.row));

  const returnId = makeId("return");
  const { type, createdAt } = plan;
  const ageDays = (anchor.getTime() - createdAt.getTime()) / DAY_MS;
  const status = pickStatus(random, ageDays);
  const reach = MILESTONE[status];
  const times = timeline(random, createdAt, anchor, reach);
  const at = (milestone: number) => times[milestone] ?? createdAt;
  const green = status === "complete" && type === "return" && random.chance(0.08);
  const reviewed = REVIEWED.has(status) && !green;
  const destination = random.pick(store.locations.filter((l) => l.template.receivesReturns));
  const methods = random.weighted(COMPENSATION[type]);
  const reasons = RETURN_REASONS[type];

  const items: ReturnItemRow[] = [];
  const exchangeLines: ExchangeLine[] = [];
  const returned = random.sample(lines, random.int(1, Math.min(3, lines.length)));
  returned.forEach((line: OrderLine, position) => {
    const quantity = random.int(1, line.quantity);
    const refundType: CompensationMethod =
      methods.length === 1 || position === 0 ? (methods.at(-1) as CompensationMethod) : random.pick(methods);
    const primary = random.pick(reasons);
    const secondary = random.chance(0.25) ? random.pick(reasons.filter((r) => r !== primary)) : undefined;
    const value = line.priceCents * quantity;
    const adjustment =
      refundType === "refund" && type === "return" && reviewed && random.chance(0.15)
        ? random.pick(PRODUCT_ADJUSTMENTS)
        : null;
    const adjustmentCents = adjustment ? percentOf(value, adjustment === "worn" ? 2000 : 1000) : 0;
    const grade = reviewed ? gradeFor(random, status) : null;
    let outcome: string | null = null;
    if (green) outcome = GREEN_OUTCOME;
    else if (status === "rejected") outcome = REJECTED_OUTCOME;
    else if (status === "complete" && grade) outcome = outcomeFor(random, grade, type);
    const comments = CUSTOMER_COMMENTS[primary.code] ?? [];
    const item: ReturnItemRow = {
      id: makeId("returnItem"),
      returnId,
      position,
      orderLineItemId: line.row.id,
      quantity,
      reason: primary.label,
      reasonCode: primary.code,
      reasons: secondary ? [primary.label, secondary.label] : [primary.label],
      reasonCodes: secondary ? [primary.code, secondary.code] : [primary.code],
      customerComment: comments.length > 0 && random.chance(0.55) ? random.pick(comments) : null,
      grade,
      greenReturn: green,
      outcome,
      status: ITEM_STATUS_BY_RETURN_STATUS[status],
      shipmentGroupIds: [],
      externalIdentifier: random.chance(0.12) ? externalIdentifier(random, createdAt.getUTCFullYear()) : null,
      externalReturnLineItemId: random.chance(0.9) ? `2${random.digits(11)}` : null,
      productId: line.variant.productExternalId,
      variantId: line.variant.externalId,
      sku: line.variant.sku,
      upc: line.variant.upc,
      productAdjustment: adjustment,
      currency: store.currency,
      refundAmount: formatCents(value - adjustmentCents),
      refundType,
      productValueNoTaxNoAdjustment: formatCents(value),
      multipleChoiceQuestions: multipleChoice(random),
    };
    if (refundType === "exchange") {
      const siblings = (store.variantsByProduct.get(line.variant.productId) ?? []).filter(
        (v) => v.id !== line.variant.id,
      );
      const variant = siblings.length > 0 ? random.pick(siblings) : line.variant;
      Object.assign(item, {
        exchangeProductExternalId: variant.productExternalId,
        exchangeProductName: variant.productTitle,
        exchangeVariantExternalId: variant.externalId,
        exchangeVariantName: variant.title,
        exchangeQuantity: quantity,
      });
      // Now and then the exchange is offered at a discount.
      const priceCents = random.chance(0.1) ? Math.round(variant.priceCents * 0.9) : variant.priceCents;
      exchangeLines.push({ variant, quantity, creditCents: value - adjustmentCents, priceCents });
    }
    items.push(item);
  });

  const parcels = generateParcels(random, makeId, {
    returnId,
    status,
    country: store.template.country,
    destination,
    itemIds: green ? [] : items.map((item) => item.id),
    labelAt: at(1),
    deliveredAt: at(3),
    ageDays,
  });
  for (const item of items) item.shipmentGroupIds = parcels.groupsByItem.get(item.id) ?? [];
  data.returnItems.push(...items);
  data.returnShipments.push(...parcels.shipments);
  data.returnDropoffs.push(...parcels.dropoffs);

  if (reviewed && store.staff.length > 0) {
    for (const item of items) {
      if (!random.chance(0.7)) continue;
      const reviewAt = minDate(
        addMs(at(3), random.float(0.1, 1) * (at(4).getTime() - at(3).getTime())),
        at(4),
      );
      data.returnItemAssessments.push(
        generateAssessment(random, makeId, item.id, random.pick(store.staff), reviewAt),
      );
    }
  }

  const decidedAt = at(reach);
  const exchange = buildExchange(random, makeId, store, returnId, status, exchangeLines);
  if (exchange) {
    data.returnExchanges.push(exchange.exchange);
    data.returnExchangeItems.push(...exchange.items);
  }
  const totals = itemTotals(items, exchangeLines);
  const completeWithNoAction = status === "complete" && !green && random.chance(0.06);
  if (totals.storeCredit > 0 && status === "complete" && !completeWithNoAction && random.chance(0.85)) {
    data.returnGiftCards.push({
      returnId,
      code: random.string("0123456789ABCDEFGHJKLMNPQRSTUVWXYZ", 16).replace(/(.{4})(?!$)/g, "$1-"),
      externalId: `gc_${random.digits(12)}`,
      currency: store.currency,
      amount: formatCents(totals.storeCredit),
      createdAt: decidedAt,
    });
  }

  const lastChange = maxDate(createdAt, minDate(addMs(decidedAt, random.float(0, 2) * HOUR_MS), anchor));
  const tags = generateTags(random, returnId, createdAt, lastChange);
  const customerName = `${customer.given} ${customer.surname}`;
  const comments = generateComments(random, makeId, store, returnId, customerName, createdAt, lastChange);
  data.returnTags.push(...tags);
  data.returnComments.push(...comments);

  const internalCreator = store.staff.length > 0 && random.chance(type === "return" ? 0.08 : 0.3);
  data.returns.push({
    id: returnId,
    storeId: store.id,
    orderId: order.id,
    type,
    status,
    // The demo flags returns while they are reviewed: unflagging resumes the review.
    statusBeforeFlag: status === "flagged" ? "in_review" : null,
    compensationMethods: COMPENSATION_METHODS.filter((m) => items.some((item) => item.refundType === m)),
    completeWithNoAction,
    externalOrderIds: random.chance(0.3) ? [`SO-${random.digits(7)}`] : [],
    platformOrderIds: [orderRef.externalId],
    internalCreatedByName: internalCreator ? random.pick(store.staff).name : null,
    sourceEmail: customer.email,
    sourceGivenName: customer.given,
    sourceSurname: customer.surname,
    sourcePhone: customer.phone,
    sourceAddress: customer.address,
    destinationAddress: destination.template.address,
    destinationPhone: destination.template.phone,
    currency: store.currency,
    chargeTotal: formatCents(totals.charge),
    exchangeTotal: formatCents(totals.exchange),
    refundTotal: formatCents(totals.refund),
    storeCreditTotal: formatCents(totals.storeCredit),
    ...labelPayerOf(random, returnId, {
      hasLabel: parcels.shipments.some((shipment) => shipment.postageLabel),
      type,
      coverage: {
        returnsCoverage: order.returnsCoverage ?? false,
        packageProtection: order.packageProtection ?? false,
        finalSaleCoverage: order.finalSaleCoverage ?? false,
      },
      reasonCodes: items.flatMap((item) => item.reasonCodes ?? []),
    }),
    createdAt,
    updatedAt: lastChange,
  });
}
