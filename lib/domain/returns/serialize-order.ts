import type { orderLineItems, orders } from "../../db/schema";
import { toMoney } from "../../schemas/common";
import type { Order, OrderItem, OrderProtection } from "../../schemas/orders";

/** Helpers shared by the serializers, and the order beside a return (interface-v2.2 "Order"). */

export type OrderRow = typeof orders.$inferSelect & { lineItems: (typeof orderLineItems.$inferSelect)[] };

/** Drops keys whose value is undefined: optional fields are omitted when unknown, never null. */
export function compact<T extends object>(value: T): T {
  for (const key of Object.keys(value) as (keyof T)[]) {
    if (value[key] === undefined) delete value[key];
  }
  return value;
}

/** Nullable column to optional field. */
export function opt<T>(value: T | null | undefined): T | undefined {
  return value ?? undefined;
}

/** Timestamps of nested rows may arrive as text (JSON) on some drivers; both become ISO 8601 with Z. */
export function iso(value: Date | string): string {
  return (value instanceof Date ? value : new Date(value)).toISOString();
}

export function weight(kg: string | number | null | undefined): { kg: number } | undefined {
  return kg === null || kg === undefined ? undefined : { kg: Number(kg) };
}

export function serializeOrder(order: OrderRow): Order {
  return compact({
    id: order.id,
    name: order.name,
    externalId: opt(order.externalId),
    customer: compact({
      name: { given: order.customerGivenName, surname: order.customerSurname },
      emailAddress: opt(order.customerEmail),
      phoneNumber: opt(order.customerPhone),
    }),
    items: order.lineItems.map(
      (line): OrderItem =>
        compact({
          id: line.id,
          externalId: opt(line.externalId),
          product: compact({ name: line.productName, externalId: opt(line.productExternalId) }),
          variant: compact({
            name: line.variantName,
            externalId: opt(line.variantExternalId),
            sku: opt(line.sku),
            weight: weight(line.weightKg),
          }),
          quantity: line.quantity,
          price: toMoney(line.price, line.currency),
          fulfillmentLocationId: line.fulfillmentLocationId ?? null,
        }),
    ),
    discounts: toMoney(order.discounts, order.currency),
    lineItemsTotal: toMoney(order.lineItemsTotal, order.currency),
    shippingCost: toMoney(order.shippingCost, order.currency),
    taxes: toMoney(order.taxes, order.currency),
    total: toMoney(order.total, order.currency),
    protection: orderProtection(order),
  });
}

/** The coverage bought on the order; `covered` is either kind of Redo coverage (final sale is an add-on). */
export function orderProtection(
  order: Pick<OrderRow, "returnsCoverage" | "packageProtection" | "finalSaleCoverage">,
): OrderProtection {
  return {
    covered: order.returnsCoverage || order.packageProtection,
    returnsCoverage: order.returnsCoverage,
    packageProtection: order.packageProtection,
    finalSaleCoverage: order.finalSaleCoverage,
  };
}
