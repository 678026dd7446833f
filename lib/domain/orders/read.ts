import { and, asc, desc, eq, ilike, inArray, or, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db";
import { orderLineItems, orders } from "../../db/schema";
import { isId } from "../../ids";
import type { ApiOrder } from "../../schemas/order-api";
import type { ApiFulfillment } from "../../schemas/order-fulfillments";
import { NotFoundError } from "../errors";
import { escapeLike } from "../inventory-items/list-inventory-items";
import type { KeysetPosition } from "../paging";
import { fulfillmentsOf } from "./fulfillment-read";
import { ORDER_RESOURCE } from "./order-columns";
import { returnedQuantities } from "./returned";

/** Orders as the API reads them (the real service's Get order shape; lib/schemas/order-api.ts). */

type OrderRow = typeof orders.$inferSelect;
type LineRow = typeof orderLineItems.$inferSelect;

const amount = (value: string | null): number | null => (value === null ? null : Number(value));

function serialize(
  order: OrderRow,
  lines: LineRow[],
  returned: Map<string, number>,
  fulfillments: ApiFulfillment[],
): ApiOrder {
  const address = order.shippingAddress;
  const locationIds = new Set(lines.map((line) => line.fulfillmentLocationId));
  const fullName = `${order.customerGivenName} ${order.customerSurname}`.trim();
  return {
    id: order.id,
    name: order.name,
    orderId: order.externalId ?? order.id,
    createdAt: order.createdAt.toISOString(),
    updatedAt: order.updatedAt.toISOString(),
    lineItems: lines.map((line) => ({
      id: line.externalId ?? line.id,
      lineItemId: line.id,
      productId: line.productExternalId ?? line.variantId ?? line.id,
      variantId: line.variantExternalId,
      title: line.productName,
      variantTitle: line.variantName,
      sku: line.sku,
      quantity: line.quantity,
      price: Number(line.price),
      imageUrl: line.imageUrl,
      discount: Number(line.discount),
      returnedQuantity: returned.get(line.id) ?? 0,
    })),
    customer: {
      id: order.customerExternalId,
      email: order.customerEmail,
      phoneNumber: order.customerPhone,
      name: fullName === "" ? null : fullName,
      firstName: order.customerGivenName,
      lastName: order.customerSurname,
    },
    shipping: {
      method: order.shippingMethod,
      cost: amount(order.shippingCost),
      ...(address
        ? {
            address: {
              address1: address.line1,
              address2: address.line2 ?? null,
              city: address.city,
              province: address.state,
              country: address.country,
              postalCode: address.postalCode,
            },
          }
        : {}),
    },
    totalPrice: amount(order.total),
    subtotalPrice: amount(order.lineItemsTotal),
    totalTax: amount(order.taxes),
    totalDiscount: amount(order.discounts),
    ...(order.billingAddress ? { billingAddress: order.billingAddress } : {}),
    tags: order.tags,
    currencyCode: order.currency,
    locationId: locationIds.size === 1 ? ([...locationIds][0] ?? null) : null,
    fulfillments,
  };
}

/** Serializes a page of orders with their lines, returned units and fulfillments. */
async function withLines(db: Db, rows: OrderRow[]): Promise<ApiOrder[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const [lines, returned, fulfillments] = await Promise.all([
    db
      .select()
      .from(orderLineItems)
      .where(inArray(orderLineItems.orderId, ids))
      .orderBy(asc(orderLineItems.position), asc(orderLineItems.id)),
    returnedQuantities(db, ids),
    fulfillmentsOf(db, ids),
  ]);
  const linesOf = new Map<string, LineRow[]>();
  for (const line of lines) linesOf.set(line.orderId, [...(linesOf.get(line.orderId) ?? []), line]);
  return rows.map((row) =>
    serialize(row, linesOf.get(row.id) ?? [], returned, fulfillments.get(row.id) ?? []),
  );
}

/**
 * The order a caller names: Backroom's id (`ord_…`), the merchant's order id, or the order's name (`#1001`,
 * or `1001` for `#1001`), tried in that order as the real service does. `lock` takes its row lock, so
 * returns created at once against one order count each other's units.
 */
export async function findOrder(
  db: Db,
  params: { storeId: string; orderId: string; lock?: boolean },
): Promise<OrderRow | undefined> {
  const key = params.orderId;
  const match = isId("order", key)
    ? eq(orders.id, key)
    : or(eq(orders.externalId, key), eq(orders.name, key), eq(orders.name, `#${key}`));
  const query = db
    .select()
    .from(orders)
    .where(and(eq(orders.storeId, params.storeId), match))
    // The merchant id wins over a name that happens to equal it.
    .orderBy(sql`${orders.externalId} = ${key} desc nulls last`, asc(orders.id))
    .limit(1);
  const [row] = params.lock ? await query.for("update") : await query;
  return row;
}

/** Get order (`GET /stores/{storeId}/orders/{orderId}`); `orderId` as `findOrder` takes it. */
export async function getOrder(db: Db, params: { storeId: string; orderId: string }): Promise<ApiOrder> {
  const row = await findOrder(db, params);
  const [order] = await withLines(db, row ? [row] : []);
  if (!order) throw new NotFoundError(ORDER_RESOURCE, params.orderId);
  return order;
}

export type OrderFilters = { storeId: string; q?: string };

/** A page of orders, most recently updated first, by keyset on orders_store_updated_idx. */
export async function listOrders(
  db: Db,
  params: OrderFilters & { limit: number; after?: KeysetPosition },
): Promise<{ orders: ApiOrder[]; next?: KeysetPosition }> {
  const where: (SQL | undefined)[] = [eq(orders.storeId, params.storeId)];
  if (params.q) {
    const prefix = `${escapeLike(params.q)}%`;
    where.push(
      or(ilike(orders.name, prefix), ilike(orders.externalId, prefix), ilike(orders.customerEmail, prefix)),
    );
  }
  if (params.after) {
    where.push(
      sql`(${orders.updatedAt}, ${orders.id}) < (${params.after.updatedAt.toISOString()}::timestamptz, ${params.after.id})`,
    );
  }
  const rows = await db
    .select()
    .from(orders)
    .where(and(...where))
    .orderBy(desc(orders.updatedAt), desc(orders.id))
    .limit(params.limit + 1);
  const page = rows.slice(0, params.limit);
  const last = page.at(-1);
  return {
    orders: await withLines(db, page),
    ...(rows.length > params.limit && last ? { next: { updatedAt: last.updatedAt, id: last.id } } : {}),
  };
}
