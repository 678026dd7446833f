import { formatCents, parseCents, percentOf } from "./format";
import type { DemoReturnStage } from "./generate-return-rules";
import type { Random } from "./random";
import type {
  MakeId,
  ReturnExchangeItemRow,
  ReturnExchangeRow,
  ReturnItemRow,
  StoreContext,
  VariantInfo,
} from "./types";

/** A returned item exchanged for `variant`: the customer is credited `creditCents` and pays `priceCents`. */
export type ExchangeLine = {
  variant: VariantInfo;
  quantity: number;
  creditCents: number;
  priceCents: number;
};

export type ReturnTotals = { charge: number; exchange: number; refund: number; storeCredit: number };

/**
 * Totals in cents, consistent with the items: refunded items add to `refund`, store-credit items to
 * `storeCredit`, exchanged items add the new items' price to `exchange`; when the new item costs more the
 * customer is charged the difference, when it costs less the difference is given as store credit. So
 * sum(item refund amounts) = refund + storeCredit + exchange - charge.
 */
export function itemTotals(
  items: readonly ReturnItemRow[],
  exchanges: readonly ExchangeLine[],
): ReturnTotals {
  const totals: ReturnTotals = { charge: 0, exchange: 0, refund: 0, storeCredit: 0 };
  for (const item of items) {
    const amount = item.refundAmount ? parseCents(item.refundAmount) : 0;
    if (item.refundType === "refund") totals.refund += amount;
    else if (item.refundType === "store_credit") totals.storeCredit += amount;
  }
  for (const line of exchanges) {
    const price = line.priceCents * line.quantity;
    totals.exchange += price;
    if (price > line.creditCents) totals.charge += price - line.creditCents;
    else totals.storeCredit += line.creditCents - price;
  }
  return totals;
}

/** The exchange part of a return and the items sent to the customer; null when nothing is exchanged. */
export function buildExchange(
  random: Random,
  makeId: MakeId,
  store: StoreContext,
  returnId: string,
  status: DemoReturnStage,
  lines: readonly ExchangeLine[],
): { exchange: ReturnExchangeRow; items: ReturnExchangeItemRow[] } | null {
  if (lines.length === 0) return null;
  const provision = random.weighted([
    ["instant", 40],
    ["deferred", 60],
  ] as const);
  let totalTax = 0;
  let itemCount = 0;
  const items: ReturnExchangeItemRow[] = lines.map((line, position) => {
    const tax = percentOf(line.priceCents, store.template.taxRateBps);
    totalTax += tax * line.quantity;
    itemCount += line.quantity;
    return {
      id: makeId("exchangeItem"),
      returnId,
      position,
      quantity: line.quantity,
      productName: line.variant.productTitle,
      productExternalId: line.variant.productExternalId,
      variantName: line.variant.title,
      variantExternalId: line.variant.externalId,
      sku: line.variant.sku,
      weightKg: line.variant.weightKg,
      currency: store.currency,
      originalPrice: formatCents(line.variant.priceCents),
      price: formatCents(line.priceCents),
      priceTax: formatCents(tax),
    };
  });
  const ordered = provision === "instant" || status === "complete";
  return {
    exchange: {
      returnId,
      provision,
      itemCount,
      orderExternalId: ordered ? `5${random.digits(12)}` : null,
      currency: store.currency,
      totalTax: formatCents(totalTax),
    },
    items,
  };
}
