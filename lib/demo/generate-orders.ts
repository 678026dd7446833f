import type { Address } from "../schemas/returns";
import {
  CA_CITIES,
  CA_STREETS,
  EMAIL_DOMAINS,
  FIRST_NAMES,
  LAST_NAMES,
  UNIT_PREFIXES,
  US_CITIES,
  US_STREETS,
} from "./catalog-people";
import { emailLocalPart, fictionalPhone, fillPattern, formatCents, percentOf } from "./format";
import { generateOrderCoverage } from "./generate-protection";
import type { Random } from "./random";
import type { MakeId, OrderLineItemRow, OrderRow, StoreContext, VariantInfo } from "./types";

export type Customer = {
  given: string;
  surname: string;
  email: string;
  phone: string;
  address: Address;
};

export function generateCustomer(random: Random, country: "US" | "CA"): Customer {
  const given = random.pick(FIRST_NAMES);
  const surname = random.pick(LAST_NAMES);
  const city = random.pick(country === "US" ? US_CITIES : CA_CITIES);
  const street = random.pick(country === "US" ? US_STREETS : CA_STREETS);
  const address: Address = {
    line1: `${random.int(1, 9899)} ${street}`,
    city: city.city,
    state: city.state,
    postalCode: fillPattern(random, city.postalPattern),
    country,
  };
  if (random.chance(0.3)) {
    const prefix = random.pick(UNIT_PREFIXES);
    address.line2 = `${prefix}${prefix === "#" ? "" : " "}${random.int(1, 1800)}`;
  }
  const suffix = random.chance(0.4) ? String(random.int(1, 99)) : "";
  return {
    given,
    surname,
    email: `${emailLocalPart(given, surname)}${suffix}@${random.pick(EMAIL_DOMAINS)}`,
    phone: fictionalPhone(random, random.pick(city.areaCodes)),
    address,
  };
}

/** A line of an order with what a return needs to refer to it. */
export type OrderLine = { row: OrderLineItemRow; variant: VariantInfo; priceCents: number; quantity: number };

export type GeneratedOrder = { order: OrderRow; lines: OrderLine[]; customer: Customer };

/**
 * An order with 1 to 4 lines. Money adds up exactly (integer cents):
 * lineItemsTotal = sum(price * quantity); total = lineItemsTotal - discounts + shippingCost + taxes.
 */
export function generateOrder(
  random: Random,
  makeId: MakeId,
  store: StoreContext,
  options: { createdAt: Date; name: string; externalId: string; lines: number },
): GeneratedOrder {
  const id = makeId("order");
  const customer = generateCustomer(random, store.template.country);
  const fulfillers = store.locations.filter((l) => l.template.kind === "warehouse");
  const variants = random.sample(store.variants, options.lines);
  const lines: OrderLine[] = variants.map((variant, position) => {
    const quantity = random.weighted([
      [1, 80],
      [2, 15],
      [3, 5],
    ]);
    // Some lines were bought on sale: the order keeps the price paid.
    const priceCents = random.chance(0.15) ? Math.round(variant.priceCents * 0.8) : variant.priceCents;
    return {
      variant,
      priceCents,
      quantity,
      row: {
        id: makeId("orderLineItem"),
        orderId: id,
        position,
        externalId: `1${random.digits(13)}`,
        variantId: variant.id,
        productName: variant.productTitle,
        productExternalId: variant.productExternalId,
        variantName: variant.title,
        variantExternalId: variant.externalId,
        sku: variant.sku,
        weightKg: variant.weightKg,
        currency: store.currency,
        price: formatCents(priceCents),
        quantity,
        fulfillmentLocationId: random.chance(0.9) ? random.pick(fulfillers).id : null,
      },
    };
  });

  const lineItemsTotal = lines.reduce((sum, line) => sum + line.priceCents * line.quantity, 0);
  const discounts = random.weighted([
    [0, 65],
    [percentOf(lineItemsTotal, 1000), 15],
    [percentOf(lineItemsTotal, 1500), 8],
    [Math.min(1000, lineItemsTotal), 12],
  ]);
  const freeShipping = lineItemsTotal - discounts >= 10_000 * store.template.priceFactor;
  const shippingCost = freeShipping ? 0 : random.pick([795, 995, 1295]);
  const taxes = percentOf(lineItemsTotal - discounts + shippingCost, store.template.taxRateBps);
  const total = lineItemsTotal - discounts + shippingCost + taxes;

  return {
    customer,
    lines,
    order: {
      id,
      storeId: store.id,
      name: options.name,
      externalId: options.externalId,
      customerGivenName: customer.given,
      customerSurname: customer.surname,
      customerEmail: customer.email,
      customerPhone: random.chance(0.9) ? customer.phone : null,
      shippingAddress: customer.address,
      shippingMethod: shippingCost === 0 ? "Free shipping" : "Standard",
      currency: store.currency,
      discounts: formatCents(discounts),
      lineItemsTotal: formatCents(lineItemsTotal),
      shippingCost: formatCents(shippingCost),
      taxes: formatCents(taxes),
      total: formatCents(total),
      ...generateOrderCoverage(random, id),
      createdAt: options.createdAt,
      updatedAt: options.createdAt,
    },
  };
}
