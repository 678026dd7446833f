import { and, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../../db";
import { insertInBatches } from "../../db/insert-batches";
import { inventoryItems, products, productVariants, stores } from "../../db/schema";
import { newId } from "../../ids";
import type { BulkProductFamily, BulkProductUploadResponse } from "../../schemas/products";
import { type FieldIssue, ValidationError } from "../errors";
import { minorUnitsToDecimal, toKilograms } from "./units";

/**
 * The real service's Products bulk upload (docs/catalog.md): product families with their variants, each family
 * matched to an existing product by `product_family_id`, then `external_id`, then any of its variants' SKUs, and
 * each variant within it by `id`, then `external_id`, then SKU. Unlike the real service (asynchronous, partial
 * failures), Backroom checks every family first and writes all or nothing in one transaction, so a bad row is a
 * 400 naming it and nothing changes. Each new variant gets the PRODUCT inventory item that tracks its stock.
 * Variants a request leaves out are kept.
 */

export const PRODUCT_RESOURCE = "product";

type VariantRow = typeof productVariants.$inferSelect;
type ProductRow = typeof products.$inferSelect;

export type BulkUploadSummary = BulkProductUploadResponse & {
  /** Families and variants whose stored values did not change (the CSV import's "unchanged"). */
  unchanged: { products: number; variants: number };
};

export async function bulkUploadProducts(
  db: Db,
  storeId: string,
  families: readonly BulkProductFamily[],
): Promise<BulkUploadSummary> {
  return db.transaction(async (tx) => {
    // One upload at a time per store (the real service answers 409; here the second waits its turn).
    const [store] = await tx
      .select({ currency: stores.currency })
      .from(stores)
      .where(eq(stores.id, storeId))
      .for("update");
    const currency = store?.currency ?? "USD";
    const existing = await loadExisting(tx, storeId, families);
    const { plans, errors } = planUpload(families, existing, currency);
    if (errors.length > 0) {
      throw new ValidationError(
        PRODUCT_RESOURCE,
        errors,
        "Some products cannot be saved; nothing was changed.",
      );
    }
    return writePlans(tx, storeId, plans);
  });
}

type Existing = {
  productsById: Map<string, ProductRow>;
  productsByExternalId: Map<string, ProductRow>;
  variantsBySku: Map<string, VariantRow>;
  variantsByProduct: Map<string, VariantRow[]>;
};

async function loadExisting(
  tx: Db,
  storeId: string,
  families: readonly BulkProductFamily[],
): Promise<Existing> {
  const ids = families.flatMap((f) => (f.product_family_id ? [f.product_family_id] : []));
  const externalIds = families.flatMap((f) => (f.external_id ? [f.external_id] : []));
  const skus = families.flatMap((f) => f.variants.map((v) => v.sku));
  const found = new Map<string, ProductRow>();
  for (const [column, values] of [
    [products.id, ids],
    [products.externalId, externalIds],
  ] as const) {
    for (let i = 0; i < values.length; i += 1000) {
      const rows = await tx
        .select()
        .from(products)
        .where(and(eq(products.storeId, storeId), inArray(column, values.slice(i, i + 1000))));
      for (const row of rows) found.set(row.id, row);
    }
  }
  const variantsBySku = new Map<string, VariantRow>();
  for (let i = 0; i < skus.length; i += 1000) {
    const rows = await tx
      .select()
      .from(productVariants)
      .where(
        and(eq(productVariants.storeId, storeId), inArray(productVariants.sku, skus.slice(i, i + 1000))),
      );
    for (const row of rows) variantsBySku.set(row.sku as string, row);
  }
  // Every variant of every product the request may touch, to match variants by id and external id.
  const productIds = [...new Set([...found.keys(), ...[...variantsBySku.values()].map((v) => v.productId)])];
  const variantsByProduct = new Map<string, VariantRow[]>();
  for (let i = 0; i < productIds.length; i += 1000) {
    const rows = await tx
      .select()
      .from(productVariants)
      .where(inArray(productVariants.productId, productIds.slice(i, i + 1000)));
    for (const row of rows)
      variantsByProduct.set(row.productId, [...(variantsByProduct.get(row.productId) ?? []), row]);
  }
  const missing = productIds.filter((id) => !found.has(id));
  for (let i = 0; i < missing.length; i += 1000) {
    for (const row of await tx
      .select()
      .from(products)
      .where(inArray(products.id, missing.slice(i, i + 1000)))) {
      found.set(row.id, row);
    }
  }
  return {
    productsById: found,
    productsByExternalId: new Map(
      [...found.values()].flatMap((p) => (p.externalId ? [[p.externalId, p]] : [])),
    ),
    variantsBySku,
    variantsByProduct,
  };
}

type VariantValues = Pick<
  VariantRow,
  "title" | "sku" | "upc" | "externalId" | "price" | "weightKg" | "imageUrl"
>;
type VariantPlan = { existing?: VariantRow; values: VariantValues };
type FamilyPlan = {
  existing?: ProductRow;
  values: Pick<ProductRow, "title" | "externalId" | "imageUrl">;
  variants: VariantPlan[];
};

function planUpload(
  families: readonly BulkProductFamily[],
  existing: Existing,
  currency: string,
): { plans: FamilyPlan[]; errors: FieldIssue[] } {
  const errors: FieldIssue[] = [];
  const plans = families.map((family, f): FamilyPlan => {
    const at = `products.${f}`;
    let product: ProductRow | undefined;
    if (family.product_family_id) {
      product = existing.productsById.get(family.product_family_id);
      if (!product)
        errors.push({
          path: `${at}.product_family_id`,
          message: "No product with this id exists in this store.",
        });
    }
    product ??= family.external_id ? existing.productsByExternalId.get(family.external_id) : undefined;
    if (!product) {
      // A product known under another external id is another product, whatever SKU it shares.
      product = family.variants
        .map((v) => existing.variantsBySku.get(v.sku))
        .map((variant) => (variant ? existing.productsById.get(variant.productId) : undefined))
        .find((candidate) => candidate && (!family.external_id || !candidate.externalId));
    }
    const own = product ? (existing.variantsByProduct.get(product.id) ?? []) : [];
    const variants = family.variants.map((variant, v): VariantPlan => {
      const vat = `${at}.variants.${v}`;
      const match =
        (variant.id ? own.find((o) => o.id === variant.id) : undefined) ??
        (variant.external_id ? own.find((o) => o.externalId === variant.external_id) : undefined) ??
        own.find((o) => o.sku === variant.sku);
      const holder = existing.variantsBySku.get(variant.sku);
      if (holder && holder.id !== match?.id) {
        errors.push({
          path: `${vat}.sku`,
          message: `This SKU belongs to another variant (${holder.id} of product ${holder.productId}).`,
        });
      }
      if (variant.currency !== currency) {
        errors.push({
          path: `${vat}.currency`,
          message: `Prices are kept in the store's currency (${currency}).`,
        });
      }
      const options = variant.option_values?.filter((value) => value.trim() !== "").join(" / ");
      return {
        existing: match,
        values: {
          title: variant.title?.trim() || options || "Default",
          sku: variant.sku,
          upc: variant.upc ?? null,
          externalId: variant.external_id ?? null,
          price: minorUnitsToDecimal(variant.price, currency),
          weightKg:
            variant.weight === undefined ? null : toKilograms(variant.weight, variant.weight_unit ?? "g"),
          imageUrl: variant.images?.[0]?.url ?? null,
        },
      };
    });
    return {
      existing: product,
      values: {
        title: family.title,
        externalId: family.external_id ?? null,
        imageUrl: family.images?.[0]?.url ?? null,
      },
      variants,
    };
  });
  return { plans, errors };
}

const same = (a: Record<string, unknown>, b: Record<string, unknown>) =>
  Object.keys(a).every((key) => String(a[key] ?? "") === String(b[key] ?? ""));

async function writePlans(tx: Db, storeId: string, plans: FamilyPlan[]): Promise<BulkUploadSummary> {
  const newProducts: (typeof products.$inferInsert)[] = [];
  const newVariants: (typeof productVariants.$inferInsert)[] = [];
  const newItems: (typeof inventoryItems.$inferInsert)[] = [];
  const unchanged = { products: 0, variants: 0 };
  const results: BulkProductUploadResponse["results"] = [];
  for (const plan of plans) {
    const productId = plan.existing?.id ?? newId("product");
    if (!plan.existing) newProducts.push({ id: productId, storeId, ...plan.values });
    else if (same(plan.values, plan.existing)) unchanged.products++;
    else {
      await tx
        .update(products)
        .set({
          ...plan.values,
          updatedAt: sql`greatest(now(), ${products.updatedAt} + interval '1 millisecond')`,
        })
        .where(eq(products.id, productId));
    }
    const variantResults: { id: string; sku: string }[] = [];
    for (const variant of plan.variants) {
      const variantId = variant.existing?.id ?? newId("variant");
      const itemName = `${plan.values.title} - ${variant.values.title}`;
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
      } else if (same(variant.values, variant.existing)) {
        unchanged.variants++;
      } else {
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
      variantResults.push({ id: variantId, sku: variant.values.sku as string });
    }
    results.push({
      status: plan.existing ? "updated" : "created",
      product_family_id: productId,
      products: variantResults,
    });
  }
  await insertInBatches(tx, products, newProducts);
  await insertInBatches(tx, productVariants, newVariants);
  await insertInBatches(tx, inventoryItems, newItems);
  return { total_count: plans.length, processed_count: plans.length, error_count: 0, results, unchanged };
}
