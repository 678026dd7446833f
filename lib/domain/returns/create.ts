import { and, asc, eq, inArray, isNull } from "drizzle-orm";
import type { Db } from "../../db";
import {
  locations,
  orderLineItems,
  productVariants,
  returnComments,
  returnItems,
  returnShipments,
  returns,
} from "../../db/schema";
import { COMPENSATION_METHODS } from "../../enums";
import { newId } from "../../ids";
import type { CreateReturnRequest } from "../../schemas/return-create";
import type { Actor } from "../actor";
import { ConflictError, type FieldIssue, ValidationError } from "../errors";
import { recordReturnEvent } from "../events/record";
import { findOrder } from "../orders/read";
import { returnedQuantities } from "../orders/returned";
import { defaultReturnLocation } from "./default-location";
import { getReturn } from "./get";
import type { ReturnView } from "./serialize";

/**
 * Create return (docs/returns.md): a return against an order's lines, written whole in one transaction
 * under the order's row lock, so two returns created at once never claim more units than were bought.
 * It reads back through Get return exactly like any other return, and records a `return` `created` event.
 */

type Data = CreateReturnRequest["data"];
type LineRow = typeof orderLineItems.$inferSelect;

const RESOURCE = "return";

/** An order line's unit value after its share of the line discount, in cents. */
function unitValueCents(line: LineRow): number {
  const price = Math.round(Number(line.price) * 100);
  const discount = Math.round(Number(line.discount) * 100);
  return price - discount / line.quantity;
}
const decimal = (cents: number) => (Math.round(cents) / 100).toFixed(2);

/** Each requested item's order line, and every problem with lines and quantities at its request path. */
async function matchLines(tx: Db, orderId: string, items: Data["items"]) {
  const lines = await tx
    .select()
    .from(orderLineItems)
    .where(eq(orderLineItems.orderId, orderId))
    .orderBy(asc(orderLineItems.position));
  const returned = await returnedQuantities(tx, [orderId]);
  const claimed = new Map<string, number>();
  const errors: FieldIssue[] = [];
  const matched = items.map((item, index) => {
    const line = lines.find((l) => l.externalId === item.lineItemId || l.id === item.lineItemId);
    if (!line) {
      errors.push({ path: `data.items.${index}.lineItemId`, message: "The order has no line with this id." });
      return undefined;
    }
    const total = (claimed.get(line.id) ?? 0) + item.quantity;
    claimed.set(line.id, total);
    const left = line.quantity - (returned.get(line.id) ?? 0);
    if (total > left) {
      errors.push({
        path: `data.items.${index}.quantity`,
        message:
          left === 0
            ? "Every unit of this line is already in a return."
            : `Only ${left} of this line's ${line.quantity} units can still be returned.`,
      });
    }
    return line;
  });
  return { matched, errors };
}

/** The active location the return goes to, with its return address. */
async function destinationOf(tx: Db, storeId: string, locationId: string | undefined, errors: FieldIssue[]) {
  const active = and(eq(locations.storeId, storeId), isNull(locations.archivedAt));
  if (locationId !== undefined) {
    const [location] = await tx
      .select()
      .from(locations)
      .where(and(active, eq(locations.id, locationId)));
    if (!location) {
      errors.push({ path: "data.locationId", message: "No active location of this store has this id." });
    } else if (!location.address) {
      errors.push({
        path: "data.locationId",
        message: `${location.name} has no return address; add one in Settings → Store → Locations.`,
      });
    }
    return location;
  }
  const location = await defaultReturnLocation(tx, storeId);
  if (!location) {
    throw new ConflictError(
      "return/no-return-address",
      "No active location of this store has a return address, so the return has nowhere to go; add one in " +
        "Settings → Store → Locations or send `locationId`.",
    );
  }
  return location;
}

export async function createReturn(
  db: Db,
  context: { storeId: string; actor: Actor },
  data: Data,
): Promise<ReturnView> {
  const { storeId, actor } = context;
  const returnId = await db.transaction(async (tx) => {
    const order = await findOrder(tx, { storeId, orderId: data.externalOrderId, lock: true });
    if (!order) {
      throw new ValidationError(
        RESOURCE,
        [{ path: "data.externalOrderId", message: "No order of this store has this id or name." }],
        "The return names an order this store does not have.",
      );
    }
    const { matched, errors } = await matchLines(tx, order.id, data.items);
    const location = await destinationOf(tx, storeId, data.locationId, errors);
    if (errors.length > 0 || !location?.address) {
      throw new ValidationError(RESOURCE, errors, "The return cannot be made from this order as sent.");
    }

    const variantIds = matched.flatMap((line) => (line?.variantId ? [line.variantId] : []));
    const upcs = new Map(
      variantIds.length === 0
        ? []
        : (
            await tx
              .select({ id: productVariants.id, upc: productVariants.upc })
              .from(productVariants)
              .where(inArray(productVariants.id, variantIds))
          ).map((v) => [v.id, v.upc]),
    );
    const id = newId("return");
    const items = data.items.map((item, position) => {
      const line = matched[position] as LineRow;
      const value = decimal(unitValueCents(line) * item.quantity);
      return {
        id: newId("returnItem"),
        returnId: id,
        position,
        orderLineItemId: line.id,
        quantity: item.quantity,
        reason: item.reason,
        reasonCode: item.reasonCode ?? null,
        reasons: [item.reason],
        reasonCodes: item.reasonCode ? [item.reasonCode] : [],
        customerComment: item.notes ?? null,
        greenReturn: false,
        // As the demo's returns: awaiting the parcel once open, pending while in review.
        status: data.status === "open" ? "awaiting_shipment" : "pending",
        productId: line.productExternalId,
        variantId: line.variantExternalId,
        sku: line.sku,
        upc: line.variantId ? (upcs.get(line.variantId) ?? null) : null,
        currency: order.currency,
        refundAmount: value,
        refundType: item.compensation,
        productValueNoTaxNoAdjustment: value,
      };
    });
    const totalOf = (method: string) =>
      decimal(
        items
          .filter((item) => item.refundType === method)
          .reduce((sum, item) => sum + Math.round(Number(item.refundAmount) * 100), 0),
      );

    await tx.insert(returns).values({
      id,
      storeId,
      orderId: order.id,
      type: data.type,
      status: data.status,
      compensationMethods: COMPENSATION_METHODS.filter((m) => items.some((item) => item.refundType === m)),
      platformOrderIds: order.externalId ? [order.externalId] : [],
      internalCreatedByName: actor.name,
      sourceEmail: order.customerEmail ?? "",
      sourceGivenName: order.customerGivenName,
      sourceSurname: order.customerSurname,
      sourcePhone: order.customerPhone ?? "",
      sourceAddress: data.shippingAddress,
      destinationAddress: location.address,
      destinationPhone: location.phone,
      currency: order.currency,
      refundTotal: totalOf("refund"),
      storeCreditTotal: totalOf("store_credit"),
    });
    await tx.insert(returnItems).values(items);
    if (data.label) {
      await tx.insert(returnShipments).values({
        id: newId("returnShipment"),
        returnId: id,
        carrier: data.label.carrier ?? null,
        tracker: data.label.trackingNumber,
        trackingUrl: data.label.trackingUrl ?? null,
        postageLabel: data.label.postageLabelUrl ?? null,
        formLabel: data.label.formLabelUrl ?? null,
        shipmentGroupId: data.label.originalShipmentId ?? null,
        externalLocationId: location.externalId,
        status: "pre_transit",
        itemIds: items.map((item) => item.id),
      });
    }
    if (data.notes) {
      await tx.insert(returnComments).values({
        id: newId("comment"),
        returnId: id,
        message: data.notes,
        authorUserId: actor.userId ?? null,
        authorApiKeyId: actor.apiKeyId ?? null,
        authorName: actor.name,
      });
    }
    await recordReturnEvent(tx, { storeId, returnId: id, type: "created" });
    return id;
  });
  return getReturn(db, { returnId, storeIds: [storeId] });
}
