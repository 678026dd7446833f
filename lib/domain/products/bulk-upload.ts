import { and, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../../db";
import { insertInBatches } from "../../db/insert-batches";
import { inventoryItems, products, productVariants } from "../../db/schema";
import { newId } from "../../ids";
import type { BulkProductFamily, BulkProductUploadResponse } from "../../schemas/products";
import { ValidationError } from "../errors";
import { changesOf, type FamilyPlan, planProductUpload, same, type UploadChanges } from "./upload-plan";

/**
 * The real service's Products bulk upload (docs/catalog.md), also the writer behind the products CSV import:
 * product families with their variants, matched to the catalog by upload-plan.ts. Unlike the real service
 * (asynchronous, partial failures), Backroom checks every family first and writes all or nothing in one
 * transaction, so a bad row is a 400 naming it and nothing changes. Each new variant gets the PRODUCT inventory
 * item that tracks its stock. Variants a request leaves out are kept.
 */

export const PRODUCT_RESOURCE = "product";

export type BulkUploadSummary = BulkProductUploadResponse & {
  /** Families created, updated and left unchanged, and variants written: the CSV import's summary. */
  changes: UploadChanges;
};

/** Variants written between two progress reports (whole families at a time). */
const BATCH_VARIANTS = 1000;

export async function bulkUploadProducts(
  db: Db,
  storeId: string,
  families: readonly BulkProductFamily[],
  onProgress: (done: number, total: number) => void = () => {},
): Promise<BulkUploadSummary> {
  return db.transaction(async (tx) => {
    // One upload at a time per store (the real service answers 409; here the second waits its turn), and the
    // matching is done under that lock so two uploads never both create the same product.
    const { plans, errors } = await planProductUpload(tx, storeId, families, { lock: true });
    if (errors.length > 0) {
      throw new ValidationError(
        PRODUCT_RESOURCE,
        errors,
        "Some products cannot be saved; nothing was changed.",
      );
    }
    return writePlans(tx, storeId, plans, onProgress);
  });
}

async function writePlans(
  tx: Db,
  storeId: string,
  plans: FamilyPlan[],
  onProgress: (done: number, total: number) => void,
): Promise<BulkUploadSummary> {
  const changes = changesOf(plans);
  const results: BulkProductUploadResponse["results"] = [];
  let done = 0;
  for (let start = 0; start < plans.length; ) {
    const batch: FamilyPlan[] = [];
    let variants = 0;
    while (start < plans.length && (batch.length === 0 || variants < BATCH_VARIANTS)) {
      const next = plans[start++] as FamilyPlan;
      batch.push(next);
      variants += next.variants.length;
    }
    const written = await writeBatch(tx, storeId, batch, results);
    done += written;
    if (written > 0) onProgress(done, changes.variants);
  }
  return {
    total_count: plans.length,
    processed_count: plans.length,
    error_count: 0,
    results,
    changes,
  };
}

/** Writes a batch of families, adding each one's result; answers how many variants it created or changed. */
async function writeBatch(
  tx: Db,
  storeId: string,
  plans: FamilyPlan[],
  results: BulkProductUploadResponse["results"],
): Promise<number> {
  const newProducts: (typeof products.$inferInsert)[] = [];
  const newVariants: (typeof productVariants.$inferInsert)[] = [];
  const newItems: (typeof inventoryItems.$inferInsert)[] = [];
  let written = 0;
  for (const plan of plans) {
    const productId = plan.existing?.id ?? newId("product");
    if (!plan.existing) newProducts.push({ id: productId, storeId, ...plan.values });
    else if (!same(plan.values, plan.existing)) {
      await tx
        .update(products)
        .set({
          ...plan.values,
          updatedAt: sql`greatest(now(), ${products.updatedAt} + interval '1 millisecond')`,
        })
        .where(eq(products.id, productId));
      if (plan.values.title !== plan.existing.title) await renameItems(tx, productId, plan.values.title);
    }
    const variantResults: { id: string; sku: string }[] = [];
    for (const variant of plan.variants) {
      const variantId = variant.existing?.id ?? newId("variant");
      const itemName = `${plan.values.title} - ${variant.values.title}`;
      variantResults.push({ id: variantId, sku: variant.values.sku as string });
      if (variant.existing && same(variant.values, variant.existing)) continue;
      written++;
      if (!variant.existing) {
        newVariants.push({ id: variantId, storeId, productId, ...variant.values });
        newItems.push({
          id: newId("inventoryItem"),
          storeId,
          variantId,
          sku: variant.values.sku,
          name: itemName,
          kind: "PRODUCT",
        });
        continue;
      }
      await tx
        .update(productVariants)
        .set({ ...variant.values, updatedAt: sql`now()` })
        .where(eq(productVariants.id, variantId));
      await tx
        .update(inventoryItems)
        .set({
          sku: variant.values.sku,
          name: itemName,
          updatedAt: sql`greatest(now(), ${inventoryItems.updatedAt} + interval '1 millisecond')`,
        })
        .where(and(eq(inventoryItems.variantId, variantId), eq(inventoryItems.kind, "PRODUCT")));
    }
    results.push({
      status: plan.existing ? "updated" : "created",
      product_family_id: productId,
      products: variantResults,
    });
  }
  // Products before their variants, variants before their items (foreign keys).
  await insertInBatches(tx, products, newProducts);
  await insertInBatches(tx, productVariants, newVariants);
  await insertInBatches(tx, inventoryItems, newItems);
  return written;
}

/**
 * A renamed product's inventory items follow it ("Product - Variant"), its unchanged variants' too: the item
 * name is what the inventory list and its search show. A variant changed in the same batch renames its own after.
 */
async function renameItems(tx: Db, productId: string, title: string): Promise<void> {
  await tx
    .update(inventoryItems)
    .set({
      name: sql`${title}::text || ' - ' || (select ${productVariants.title} from ${productVariants} where ${productVariants.id} = ${inventoryItems.variantId})`,
      updatedAt: sql`greatest(now(), ${inventoryItems.updatedAt} + interval '1 millisecond')`,
    })
    .where(
      and(
        eq(inventoryItems.kind, "PRODUCT"),
        inArray(
          inventoryItems.variantId,
          tx
            .select({ id: productVariants.id })
            .from(productVariants)
            .where(eq(productVariants.productId, productId)),
        ),
      ),
    );
}
