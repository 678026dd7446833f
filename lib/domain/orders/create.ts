import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../../db";
import { locations, orderLineItems, orders, returns, stores } from "../../db/schema";
import { isId, newId } from "../../ids";
import type { CreateOrderRequest } from "../../schemas/order-create";
import type { Address } from "../../schemas/returns";
import { ConflictError, NotFoundError, ValidationError } from "../errors";
import { linkVariants, ORDER_RESOURCE } from "./order-columns";
import { findOrder } from "./read";

/**
 * Order create and Order delete (docs/orders.md). Create is an insert, never an upsert: the merchant's
 * order id is unique in the store by `orders_store_external_key`, so of two requests racing with one id
 * exactly one is created and the other answered 409; syncing that id later (Custom Order Sync) updates it.
 */

type Cents = number;
const cents = (amount: number | null | undefined): Cents => Math.round((amount ?? 0) * 100);
const decimal = (value: Cents): string => (value / 100).toFixed(2);

/** A shipping address Backroom can use as a return's source: only a whole one is kept there. */
function shippingAddress(input: CreateOrderRequest): Address | null {
  const address = input.shipping?.address;
  if (!address?.address1 || !address.city || !address.country) return null;
  return {
    line1: address.address1,
    ...(address.address2 ? { line2: address.address2 } : {}),
    city: address.city,
    state: address.province || "",
    postalCode: address.postalCode || "",
    country: address.country,
  };
}

/** Given and family names: the ones sent, else the full name split at its first space. */
function customerNames(customer: CreateOrderRequest["customer"]) {
  if (customer?.firstName || customer?.lastName)
    return { given: customer.firstName ?? "", surname: customer.lastName ?? "" };
  const [given = "", ...rest] = (customer?.name ?? "").split(" ");
  return { given, surname: rest.join(" ") };
}

async function checkLocation(tx: Db, storeId: string, locationId: string | null | undefined) {
  if (!locationId) return null;
  const [location] = isId("location", locationId)
    ? await tx
        .select({ id: locations.id })
        .from(locations)
        .where(and(eq(locations.storeId, storeId), eq(locations.id, locationId)))
    : [];
  if (!location) {
    throw new ValidationError(ORDER_RESOURCE, [
      { path: "locationId", message: "Not a location of this store." },
    ]);
  }
  return location.id;
}

export async function createOrder(
  db: Db,
  storeId: string,
  input: CreateOrderRequest,
): Promise<{ id: string; externalId: string }> {
  const twins = input.lineItems.flatMap((line, index) =>
    input.lineItems.findIndex((other) => other.id === line.id) < index
      ? [{ path: `lineItems.${index}.id`, message: "Each line needs its own id." }]
      : [],
  );
  if (twins.length > 0) throw new ValidationError(ORDER_RESOURCE, twins, "Two lines share an id.");

  return db.transaction(async (tx) => {
    const locationId = await checkLocation(tx, storeId, input.locationId);
    const [store] = await tx.select({ currency: stores.currency }).from(stores).where(eq(stores.id, storeId));
    const currency = input.currencyCode ?? store?.currency ?? "USD";
    const lineItemsTotal = input.lineItems.reduce((sum, line) => sum + cents(line.price) * line.quantity, 0);
    const lineDiscounts = input.lineItems.reduce((sum, line) => sum + cents(line.discount), 0);
    const discounts = input.totalDiscount == null ? lineDiscounts : cents(input.totalDiscount);
    const shippingCost = cents(input.shipping?.cost);
    const taxes = cents(input.totalTax);
    const names = customerNames(input.customer);
    const id = newId("order");
    const [inserted] = await tx
      .insert(orders)
      .values({
        id,
        storeId,
        name: input.orderId,
        externalId: input.orderId,
        customerGivenName: names.given,
        customerSurname: names.surname,
        customerEmail: input.customer?.email || null,
        customerPhone: input.customer?.phoneNumber || null,
        customerExternalId: input.customer?.id || null,
        shippingAddress: shippingAddress(input),
        shippingMethod: input.shipping?.method || null,
        billingAddress: input.billingAddress ?? null,
        tags: input.tags ?? [],
        currency,
        lineItemsTotal: decimal(input.subtotalPrice == null ? lineItemsTotal : cents(input.subtotalPrice)),
        discounts: decimal(discounts),
        shippingCost: decimal(shippingCost),
        taxes: decimal(taxes),
        total: decimal(
          input.totalPrice == null
            ? Math.max(0, lineItemsTotal - discounts + shippingCost + taxes)
            : cents(input.totalPrice),
        ),
        createdAt: new Date(input.createdAt),
      })
      // Any unique index may refuse it: the merchant id (a duplicate order) or the name another order has.
      .onConflictDoNothing()
      .returning({ id: orders.id });
    if (!inserted) {
      const [taken] = await tx
        .select({ id: orders.id })
        .from(orders)
        .where(and(eq(orders.storeId, storeId), eq(orders.externalId, input.orderId)));
      throw taken
        ? new ConflictError(
            "order/duplicate",
            `An order with id ${JSON.stringify(input.orderId)} already exists.`,
          )
        : new ConflictError(
            "order/name-taken",
            `Another order of this store is named ${JSON.stringify(input.orderId)}.`,
          );
    }
    const variantOf = await linkVariants(tx, storeId, input.lineItems);
    await tx.insert(orderLineItems).values(
      input.lineItems.map((line, position) => ({
        id: newId("orderLineItem"),
        orderId: id,
        position,
        externalId: line.id,
        variantId: variantOf(line),
        productName: line.title,
        productExternalId: line.productId,
        variantName: "Default",
        variantExternalId: line.variantId || null,
        sku: line.sku || null,
        currency,
        price: decimal(cents(line.price)),
        quantity: line.quantity,
        discount: decimal(cents(line.discount)),
        imageUrl: line.imageUrl || null,
        fulfillmentLocationId: locationId,
      })),
    );
    return { id, externalId: input.orderId };
  });
}

/**
 * Deletes an order with its lines and fulfillments. An order a return names is kept (409
 * `order/has-returns`): a return must keep pointing at what was bought.
 */
export async function deleteOrder(
  db: Db,
  params: { storeId: string; orderId: string },
): Promise<{ id: string; externalId: string }> {
  return db.transaction(async (tx) => {
    const order = await findOrder(tx, { ...params, lock: true });
    if (!order) throw new NotFoundError(ORDER_RESOURCE, params.orderId);
    const [returned] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(returns)
      .where(eq(returns.orderId, order.id));
    if (Number(returned?.n ?? 0) > 0) {
      throw new ConflictError(
        "order/has-returns",
        `The order has ${returned?.n} return(s); an order a return names cannot be deleted.`,
      );
    }
    await tx.delete(orders).where(eq(orders.id, order.id));
    return { id: order.id, externalId: order.externalId ?? order.id };
  });
}
