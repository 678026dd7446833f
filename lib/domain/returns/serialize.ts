import { and, asc, eq, inArray, type SQL } from "drizzle-orm";
import { readConfig } from "../../config";
import type { Db } from "../../db";
import {
  orderLineItems,
  returnComments,
  returnDropoffs,
  returnExchangeItems,
  returnGiftCards,
  returnItemAssessments,
  returnItems,
  returnShipments,
  returns,
  returnTags,
} from "../../db/schema";
import type { CompensationMethod } from "../../enums";
import { toMoney, toMoneyAmount } from "../../schemas/common";
import type { Order } from "../../schemas/orders";
import type { Address, Exchange, Note, Return, ReturnItem, Shipment } from "../../schemas/returns";
import { imageUrl } from "../images/stored";
import { compact, iso, opt, orderProtection, serializeOrder, weight } from "./serialize-order";

/**
 * The return's `source.emailAddress` is required (and an e-mail) in the published return, but a return may
 * stand on an order without one (an import without `customer`, an order created without an e-mail): it is
 * then sent as this address under the reserved `.invalid` domain, which no mail system delivers to.
 */
export const UNKNOWN_CUSTOMER_EMAIL = "unknown-customer@backroom.invalid";
/**
 * Loads returns with every part the API shows and turns the rows into the interface's objects
 * (interface-v2.2 "Return" and "Order", decisions §5). One relational query (a single SQL statement)
 * loads one return or a whole page of them, with their orders: no N+1.
 */

export type ReturnView = { storeId: string; return: Return; order: Order };

/** One SQL statement: the returns matching `where` with items, exchange, shipments, notes and order. */
function queryReturns(db: Db, where: SQL | undefined) {
  return db.query.returns.findMany({
    where,
    with: {
      order: { with: { lineItems: { orderBy: [asc(orderLineItems.position), asc(orderLineItems.id)] } } },
      items: {
        orderBy: [asc(returnItems.position), asc(returnItems.id)],
        with: {
          assessments: { orderBy: [asc(returnItemAssessments.createdAt), asc(returnItemAssessments.id)] },
        },
      },
      exchange: {
        with: { items: { orderBy: [asc(returnExchangeItems.position), asc(returnExchangeItems.id)] } },
      },
      shipments: { orderBy: [asc(returnShipments.position), asc(returnShipments.id)] },
      dropoffs: { orderBy: [asc(returnDropoffs.position), asc(returnDropoffs.id)] },
      tags: { orderBy: [asc(returnTags.createdAt), asc(returnTags.name)] },
      giftCards: { orderBy: [asc(returnGiftCards.createdAt), asc(returnGiftCards.id)] },
      comments: {
        columns: { id: true, message: true, imageId: true },
        orderBy: [asc(returnComments.createdAt), asc(returnComments.id)],
      },
    },
  });
}

export type LoadedReturn = Awaited<ReturnType<typeof queryReturns>>[number];
type LoadedItem = LoadedReturn["items"][number];
type LoadedShipment = LoadedReturn["shipments"][number];
type LoadedExchange = NonNullable<LoadedReturn["exchange"]>;

/** Loads one return the caller may read (its store is in `storeIds`); null when there is none. */
export async function loadReturnView(
  db: Db,
  input: { returnId: string; storeIds: readonly string[] },
): Promise<ReturnView | null> {
  if (input.storeIds.length === 0) return null;
  const [row] = await queryReturns(
    db,
    and(eq(returns.id, input.returnId), inArray(returns.storeId, [...input.storeIds])),
  );
  return row ? toReturnView(row, readConfig().publicUrl) : null;
}

/**
 * Loads many returns in one statement, in the order of `returnIds` (ids that do not exist are skipped).
 * Callers check tenancy before (the ids come from a query scoped to the store).
 */
export async function loadReturnViews(db: Db, returnIds: readonly string[]): Promise<ReturnView[]> {
  if (returnIds.length === 0) return [];
  const rows = await queryReturns(db, inArray(returns.id, [...new Set(returnIds)]));
  const publicUrl = readConfig().publicUrl;
  const byId = new Map(rows.map((row) => [row.id, row]));
  return returnIds.flatMap((id) => {
    const row = byId.get(id);
    return row ? [toReturnView(row, publicUrl)] : [];
  });
}

export function toReturnView(row: LoadedReturn, publicUrl: string): ReturnView {
  return { storeId: row.storeId, return: serializeReturn(row, publicUrl), order: serializeOrder(row.order) };
}

// ---------------------------------------------------------------------------------------------------

export function serializeReturn(row: LoadedReturn, publicUrl: string): Return {
  const lineExternalIds = new Map(row.order.lineItems.map((line) => [line.id, line.externalId]));
  const shipments = row.shipments.map(serializeShipment);
  return compact({
    id: row.id,
    type: row.type,
    status: row.status,
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
    order: { id: row.order.id, name: row.order.name },
    destination: compact({
      mailingAddress: serializeAddress(row.destinationAddress),
      phoneNumber: opt(row.destinationPhone),
    }),
    source: {
      emailAddress: row.sourceEmail || UNKNOWN_CUSTOMER_EMAIL,
      mailingAddress: serializeAddress(row.sourceAddress),
      name: { given: row.sourceGivenName, surname: row.sourceSurname },
      phoneNumber: row.sourcePhone,
    },
    // One order per return, so "any order on the return" is that order.
    protection: {
      ...orderProtection(row.order),
      labelPayer: row.labelPayer,
      labelPayerReason: row.labelPayerReason,
    },
    items: row.items.map((item) => serializeItem(item, lineExternalIds.get(item.orderLineItemId))),
    giftCards: row.giftCards.map((card) => ({
      amount: toMoney(card.amount, card.currency),
      code: card.code,
      externalId: card.externalId,
    })),
    compensationMethods: row.compensationMethods as CompensationMethod[],
    completeWithNoAction: row.completeWithNoAction,
    exchange: row.exchange ? serializeExchange(row.exchange) : undefined,
    externalOrderIds: row.externalOrderIds,
    platformOrderIds: row.platformOrderIds,
    internalCreatedByName: opt(row.internalCreatedByName),
    notes: row.comments.flatMap((comment): Note[] => {
      if (comment.message !== null) return [{ message: comment.message }];
      if (comment.imageId !== null) return [{ message: "", image: imageUrl(comment.imageId, publicUrl) }];
      return [];
    }),
    shipment: shipments[0],
    shipments,
    dropoffs: row.dropoffs.map((d) => ({
      shipmentGroupId: d.shipmentGroupId,
      provider: d.provider,
      qrCode: d.qrCode,
      qrCodeUrl: d.qrCodeUrl,
    })),
    tags: row.tags.map((tag) => ({ name: tag.name, source: tag.source })),
    totals: {
      charge: toMoneyAmount(row.chargeTotal, row.currency),
      exchange: toMoneyAmount(row.exchangeTotal, row.currency),
      refund: toMoneyAmount(row.refundTotal, row.currency),
      storeCredit: toMoneyAmount(row.storeCreditTotal, row.currency),
    },
  });
}

/** The interface's address fields only, whatever else the jsonb holds; a null line2 is omitted. */
function serializeAddress(address: Address): Address {
  return compact({
    line1: address.line1,
    line2: opt(address.line2),
    city: address.city,
    state: address.state,
    postalCode: address.postalCode,
    country: address.country,
  });
}

function serializeItem(item: LoadedItem, lineItemExternalId: string | null | undefined): ReturnItem {
  const exchangeItem =
    item.exchangeProductName !== null && item.exchangeVariantName !== null && item.exchangeQuantity !== null
      ? {
          product: compact({
            name: item.exchangeProductName,
            externalId: opt(item.exchangeProductExternalId),
          }),
          quantity: item.exchangeQuantity,
          variant: compact({
            name: item.exchangeVariantName,
            externalId: opt(item.exchangeVariantExternalId),
          }),
        }
      : undefined;
  return compact({
    id: item.id,
    orderItem: compact({ id: item.orderLineItemId, line_item_id: opt(lineItemExternalId) }),
    quantity: item.quantity,
    reason: item.reason,
    customerComment: opt(item.customerComment),
    exchangeItem,
    grade: item.grade,
    greenReturn: opt(item.greenReturn),
    outcome: item.outcome,
    shipmentGroupIds: item.shipmentGroupIds,
    externalIdentifier: opt(item.externalIdentifier),
    licensePlate: opt(item.licensePlate),
    externalReturnLineItemId: opt(item.externalReturnLineItemId),
    productId: opt(item.productId),
    reasonCode: opt(item.reasonCode),
    reasons: item.reasons,
    reasonCodes: item.reasonCodes,
    productAdjustment: opt(item.productAdjustment),
    multipleChoiceQuestions: item.multipleChoiceQuestions.map((q) => ({
      question: q.question,
      answer: q.answer,
    })),
    assessments: item.assessments.map((a) =>
      compact({
        assignedUser: {
          id: a.assignedUserId,
          name: a.assignedUserName,
          firstName: a.assignedUserFirstName,
          lastName: a.assignedUserLastName,
          email: a.assignedUserEmail,
        },
        responses: a.responses.map((r) => ({ ...r })),
        checklist: a.checklistId ? { id: a.checklistId, name: a.checklistName ?? "" } : undefined,
        startedAt: a.startedAt ? iso(a.startedAt) : undefined,
        decidedAt: a.decidedAt ? iso(a.decidedAt) : undefined,
        durationSeconds:
          a.startedAt && a.decidedAt
            ? Math.max(0, Math.round((a.decidedAt.getTime() - a.startedAt.getTime()) / 100) / 10)
            : undefined,
      }),
    ),
    custody: opt(item.custody),
    refund:
      item.refundAmount !== null
        ? compact({ amount: toMoney(item.refundAmount, item.currency), type: opt(item.refundType) })
        : undefined,
    productValueNoTaxNoAdjustment:
      item.productValueNoTaxNoAdjustment !== null
        ? toMoneyAmount(item.productValueNoTaxNoAdjustment, item.currency)
        : undefined,
    sku: opt(item.sku),
    upc: item.upc,
    status: opt(item.status),
    variantId: opt(item.variantId),
  });
}

function serializeExchange(exchange: LoadedExchange): Exchange {
  return compact({
    items: exchange.items.map((item) => {
      const price = toMoney(item.price, item.currency);
      return {
        id: item.id,
        quantity: item.quantity,
        variant: compact({
          name: item.variantName,
          externalId: opt(item.variantExternalId),
          sku: opt(item.sku),
          weight: weight(item.weightKg),
        }),
        originalPrice: toMoney(item.originalPrice, item.currency),
        price: { ...price, tax: toMoney(item.priceTax, item.currency).amount },
        product: compact({ name: item.productName, externalId: opt(item.productExternalId) }),
      };
    }),
    provision: exchange.provision,
    itemCount: exchange.itemCount,
    order: exchange.orderExternalId !== null ? { externalId: exchange.orderExternalId } : undefined,
    totalTax: toMoney(exchange.totalTax, exchange.currency),
  });
}

function serializeShipment(shipment: LoadedShipment): Shipment {
  return compact({
    carrier: opt(shipment.carrier),
    tracker: opt(shipment.tracker),
    trackingUrl: opt(shipment.trackingUrl),
    postageLabel: opt(shipment.postageLabel),
    formLabel: opt(shipment.formLabel),
    shipmentGroupId: opt(shipment.shipmentGroupId),
    externalLocationId: opt(shipment.externalLocationId),
    estimatedDeliveryDate: opt(shipment.estimatedDeliveryDate),
    deliveredAt: shipment.deliveredAt ? iso(shipment.deliveredAt) : undefined,
    status: shipment.status,
    itemIds: shipment.itemIds,
  });
}
