import { and, eq, inArray, or } from "drizzle-orm";
import type { Db } from "../../db";
import { productVariants } from "../../db/schema";
import type { OrderSyncLineItem, OrderSyncRequest } from "../../schemas/order-sync";

/** What an order and its lines are stored as, from the merchant's order (Custom Order Sync, order creation). */
export const ORDER_RESOURCE = "order";

type Cents = number;
const cents = (amount: number): Cents => Math.round(amount * 100);
const decimal = (value: Cents): string => (value / 100).toFixed(2);
const sum = (values: Cents[]): Cents => values.reduce((total, value) => total + value, 0);

type Priced = { priceSet: { presentmentMoney: { amount: number } } };
const presentment = (priced: Priced): Cents => cents(priced.priceSet.presentmentMoney.amount);
const discountTotal = (discounts: { amountSet: { presentmentMoney: { amount: number } } }[]): Cents =>
  sum(discounts.map((d) => cents(d.amountSet.presentmentMoney.amount)));
const taxTotal = (taxLines: Priced[]): Cents => sum(taxLines.map(presentment));

/** The order's money totals in its presentment currency, from its lines, shipping, discounts and taxes. */
export function orderTotals(input: OrderSyncRequest) {
  const lineItemsTotal = sum(input.lineItems.map((line) => presentment(line) * line.quantity));
  const discounts =
    discountTotal(input.orderDiscounts) +
    sum(input.lineItems.map((line) => discountTotal(line.discounts))) +
    sum(input.shippingLines.map((line) => discountTotal(line.discounts)));
  const shippingCost = sum(input.shippingLines.map(presentment));
  const taxes =
    sum(input.lineItems.map((line) => taxTotal(line.taxLines))) +
    sum(input.shippingLines.map((line) => taxTotal(line.taxLines)));
  const total = Math.max(0, lineItemsTotal - discounts + shippingCost + taxes);
  return {
    lineItemsTotal: decimal(lineItemsTotal),
    discounts: decimal(discounts),
    shippingCost: decimal(shippingCost),
    taxes: decimal(taxes),
    total: decimal(total),
  };
}

export function orderColumns(storeId: string, input: OrderSyncRequest) {
  const address = input.shippingAddress;
  return {
    storeId,
    name: input.name || input.id,
    externalId: input.id,
    customerGivenName: input.customer.firstName,
    customerSurname: input.customer.lastName,
    customerEmail: input.customer.email,
    customerPhone: input.customer.phone || null,
    customerExternalId: input.customer.id || null,
    shippingAddress: {
      line1: address.address1,
      ...(address.address2 ? { line2: address.address2 } : {}),
      city: address.city,
      state: address.provinceCode,
      postalCode: address.zip,
      country: address.countryCode,
    },
    shippingMethod: input.shippingLines[0]?.title || null,
    billingAddress: input.billingAddress
      ? {
          address1: input.billingAddress.address1 ?? null,
          address2: input.billingAddress.address2 ?? null,
          city: input.billingAddress.city ?? null,
          province: input.billingAddress.provinceCode ?? null,
          country: input.billingAddress.countryCode ?? null,
          postalCode: input.billingAddress.zip ?? null,
        }
      : null,
    platformDetails: defined({
      shopCurrency: input.shopCurrency,
      salesChannel: input.salesChannel,
      updatedAt: input.updatedAt,
      billingAddress: input.billingAddress,
      customerTags: input.customer.tags,
      metafields: input.metafields,
      cancelledAt: input.cancelledAt,
      cancelReason: input.cancelReason,
      transactions: input.transactions,
      refunds: input.refunds,
    }),
    tags: input.tags,
    currency: input.presentmentCurrency,
    ...orderTotals(input),
    createdAt: new Date(input.createdAt),
  };
}

export function lineColumns(
  line: OrderSyncLineItem,
  position: number,
  currency: string,
  variantId: string | null,
) {
  return {
    position,
    externalId: line.id,
    variantId,
    productName: line.title,
    productExternalId: line.productId,
    variantName: line.variantTitle || "Default",
    variantExternalId: line.variantId || null,
    sku: line.sku || null,
    // The package reads `weight.value` as grams whatever `unit` says (the unit is a label).
    weightKg: line.weight ? (line.weight.value / 1000).toFixed(3) : null,
    currency,
    price: decimal(presentment(line)),
    quantity: line.quantity,
    discount: decimal(discountTotal(line.discounts)),
    imageUrl: line.image || null,
    platformDetails: defined({
      vendor: line.vendor,
      fulfillmentService: line.fulfillmentService,
      additionalProductId: line.additionalProductId,
      returnableQuantity: line.returnableQuantity,
      properties: line.properties,
      tags: line.tags,
      metafields: line.metafields,
      images: line.images,
      taxLines: line.taxLines,
      weightUnit: line.weight?.unit,
    }),
  };
}

/** The members that were sent (null included), as a JSON object. */
function defined(values: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(values).filter(([, value]) => value !== undefined));
}

type VariantRef = { variantId?: string | null; sku?: string | null };

/** Catalog variants the lines name, by merchant variant id first and SKU second. */
export async function linkVariants(tx: Db, storeId: string, lines: VariantRef[]) {
  const skus = lines.flatMap((line) => (line.sku ? [line.sku] : []));
  const externalIds = lines.flatMap((line) => (line.variantId ? [line.variantId] : []));
  if (skus.length === 0 && externalIds.length === 0) return () => null;
  const rows = await tx
    .select({ id: productVariants.id, sku: productVariants.sku, externalId: productVariants.externalId })
    .from(productVariants)
    .where(
      and(
        eq(productVariants.storeId, storeId),
        or(
          skus.length > 0 ? inArray(productVariants.sku, skus) : undefined,
          externalIds.length > 0 ? inArray(productVariants.externalId, externalIds) : undefined,
        ),
      ),
    );
  const byExternal = new Map(rows.flatMap((row) => (row.externalId ? [[row.externalId, row.id]] : [])));
  const bySku = new Map(rows.flatMap((row) => (row.sku ? [[row.sku, row.id]] : [])));
  return (line: VariantRef) =>
    (line.variantId ? byExternal.get(line.variantId) : undefined) ??
    (line.sku ? bySku.get(line.sku) : undefined) ??
    null;
}
