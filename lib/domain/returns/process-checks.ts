import { and, eq, inArray } from "drizzle-orm";
import type { Db } from "../../db";
import { locations, orderLineItems, returnItems } from "../../db/schema";
import type { ProcessProduct } from "../../schemas/return-lifecycle";
import { ConflictError, type FieldIssue, ItemNotFoundError, ValidationError } from "../errors";
import { productItemIdsBy } from "../inventory-items/product-items-by";

/** A return item as processing needs it: its state, its credit, and the stock it would go back to. */
export type ProcessableItem = {
  id: string;
  quantity: number;
  status: string | null;
  greenReturn: boolean | null;
  refundAmount: string | null;
  refundType: string | null;
  variantId: string | null;
  sku: string | null;
};

/** Item statuses after processing: such an item is done and cannot be processed again. */
export const PROCESSED_ITEM_STATUSES = ["processed", "rejected"] as const;

export async function loadProcessableItems(tx: Db, returnId: string): Promise<ProcessableItem[]> {
  return tx
    .select({
      id: returnItems.id,
      quantity: returnItems.quantity,
      status: returnItems.status,
      greenReturn: returnItems.greenReturn,
      refundAmount: returnItems.refundAmount,
      refundType: returnItems.refundType,
      variantId: orderLineItems.variantId,
      sku: orderLineItems.sku,
    })
    .from(returnItems)
    .innerJoin(orderLineItems, eq(orderLineItems.id, returnItems.orderLineItemId))
    .where(eq(returnItems.returnId, returnId));
}

const productPath = (index: number, field: string) => `products.${index}.${field}`;

/**
 * Everything about the request that the return's state can refuse, all at once and before anything is
 * written: unknown item ids (400 `return/item-not-found`), items already processed (409
 * `return/item-already-processed`), a green item restocked or a location the store does not have (400).
 */
export async function checkProcessRequest(
  tx: Db,
  input: {
    storeId: string;
    products: readonly ProcessProduct[];
    items: ReadonlyMap<string, ProcessableItem>;
  },
): Promise<void> {
  const unknown = input.products.flatMap((product, index) =>
    input.items.has(product._id) ? [] : [{ index, id: product._id }],
  );
  if (unknown.length > 0) throw new ItemNotFoundError(unknown, (index) => productPath(index, "_id"));

  const done = input.products.flatMap((product, index) => {
    const status = input.items.get(product._id)?.status;
    return (PROCESSED_ITEM_STATUSES as readonly (string | null | undefined)[]).includes(status)
      ? [{ product, index }]
      : [];
  });
  if (done.length > 0) {
    throw new ConflictError(
      "return/item-already-processed",
      `Already processed, so not processed again: ${done.map(({ product }) => JSON.stringify(product._id)).join(", ")}.`,
      // Each at its place in the request, so a form can show it beside the item.
      done.map(({ index }) => ({
        path: productPath(index, "_id"),
        message: "This item is processed already.",
      })),
    );
  }

  const issues: FieldIssue[] = [];
  input.products.forEach((product, index) => {
    const placed = product.processInput?.restock === true || product.processInput?.disposition !== undefined;
    if (placed && input.items.get(product._id)?.greenReturn === true) {
      issues.push({
        path: productPath(
          index,
          product.processInput?.disposition !== undefined
            ? "processInput.disposition"
            : "processInput.restock",
        ),
        message:
          "This item is green: the customer keeps it, so it cannot be restocked or given a disposition.",
      });
    }
  });
  const locationIds = [
    ...new Set(
      input.products.flatMap((p) => (p.processInput?.locationId ? [p.processInput.locationId] : [])),
    ),
  ];
  if (locationIds.length > 0) {
    const rows = await tx
      .select({ id: locations.id, archivedAt: locations.archivedAt })
      .from(locations)
      .where(and(eq(locations.storeId, input.storeId), inArray(locations.id, locationIds)));
    const archived = new Map(rows.map((row) => [row.id, row.archivedAt !== null]));
    input.products.forEach((product, index) => {
      const locationId = product.processInput?.locationId;
      if (locationId === undefined) return;
      const isArchived = archived.get(locationId);
      if (isArchived === undefined || isArchived) {
        issues.push({
          path: productPath(index, "processInput.locationId"),
          message:
            isArchived === undefined
              ? `No location with id ${JSON.stringify(locationId)} exists in this store.`
              : "This location is archived; restore it before restocking to it.",
        });
      }
    });
  }
  if (issues.length > 0) throw new ValidationError("return", issues, "Some products cannot be processed so.");
}

/**
 * The PRODUCT inventory item each restocked return item goes back into: the one of its order line's
 * variant, else the one with its SKU. None: 409 `return/no-inventory-item` naming the items.
 */
export async function inventoryItemsFor(
  tx: Db,
  storeId: string,
  restocked: readonly ProcessableItem[],
  /** The request's products' item ids in order, to name each missing one at its place. */
  requested: readonly string[] = [],
): Promise<Map<string, string>> {
  if (restocked.length === 0) return new Map();
  const variantIds = [...new Set(restocked.flatMap((item) => (item.variantId ? [item.variantId] : [])))];
  const skus = [...new Set(restocked.flatMap((item) => (item.sku ? [item.sku] : [])))];
  const byVariant = await productItemIdsBy(tx, storeId, "variantId", variantIds);
  const bySku = await productItemIdsBy(tx, storeId, "sku", skus);
  const found = new Map<string, string>();
  const missing: string[] = [];
  for (const item of restocked) {
    const viaSku = item.sku ? bySku.get(item.sku) : undefined;
    const inventoryItemId =
      (item.variantId ? byVariant.get(item.variantId)?.[0] : undefined) ??
      (viaSku?.length === 1 ? viaSku[0] : undefined);
    if (inventoryItemId) found.set(item.id, inventoryItemId);
    else missing.push(item.id);
  }
  if (missing.length > 0) {
    throw new ConflictError(
      "return/no-inventory-item",
      `No inventory item holds the stock of ${missing.map((id) => JSON.stringify(id)).join(", ")}; ` +
        "add the product to the catalog, or process the item without restocking it.",
      missing.flatMap((itemId) => {
        const index = requested.indexOf(itemId);
        return index < 0
          ? []
          : [
              {
                path: productPath(index, "processInput.restock"),
                message: "No inventory item holds this product's stock: process it without restocking.",
              },
            ];
      }),
    );
  }
  return found;
}
