import { and, asc, eq, inArray, isNotNull, isNull, or } from "drizzle-orm";
import type { Db } from "../../db";
import { locations, orderLineItems, orders, products, productVariants, returnImports } from "../../db/schema";
import { newId } from "../../ids";
import type { ImportAddress, ImportedReturn, ImportResult } from "../../schemas/return-import";
import type { Address } from "../../schemas/returns";
import type { Actor } from "../actor";
import { upsertCustomer } from "../customers/profiles";
import { DomainError, ValidationError } from "../errors";
import { createReturn } from "./create";

/**
 * Import returns (docs/returns-lifecycle.md "Imported returns"): each entry is made by Create return, in its
 * own transaction, so one bad entry refuses only itself. A return here always stands on an order, so an
 * entry gets one of its own (named `IMP-…`, tagged `imported-return`) holding the products as its lines.
 * The merchant's reference and the idempotency key are unique per store by constraint (`return_imports`):
 * of two imports racing with one reference, the second's insert fails and its entry is refused.
 */

const IMPORTED_ORDER_TAG = "imported-return";
const UNIQUE_VIOLATION = "23505";

type Context = { storeId: string; actor: Actor };

export async function importReturns(db: Db, context: Context, entries: readonly ImportedReturn[]) {
  const results: ImportResult[] = [];
  for (const [index, entry] of entries.entries()) {
    results.push(await importOne(db, context, entry, index));
  }
  const processedCount = results.filter((result) => result.status === "created").length;
  return { totalCount: entries.length, processedCount, errorCount: entries.length - processedCount, results };
}

async function importOne(
  db: Db,
  context: Context,
  entry: ImportedReturn,
  index: number,
): Promise<ImportResult> {
  const earlier = await importedUnderKey(db, context.storeId, entry.idempotencyKey);
  if (earlier) return { index, status: "created", returnId: earlier };
  try {
    const returnId = await db.transaction((tx) => createImportedReturn(tx, context, entry));
    return { index, status: "created", returnId };
  } catch (error) {
    if (isUniqueViolation(error)) {
      // The key's winner made the return; the same key again is a replay, the same reference a duplicate.
      const winner = await importedUnderKey(db, context.storeId, entry.idempotencyKey);
      if (winner) return { index, status: "created", returnId: winner };
      return {
        index,
        status: "error",
        error: `A return with externalReferenceId ${JSON.stringify(entry.externalReferenceId)} was already imported.`,
      };
    }
    if (error instanceof DomainError) return { index, status: "error", error: describe(error) };
    throw error;
  }
}

function describe(error: DomainError): string {
  const issues = error instanceof ValidationError ? error.errors : [];
  return [error.message, ...issues.map((issue) => `${issue.path}: ${issue.message}`)].join(" ");
}

function isUniqueViolation(error: unknown): boolean {
  for (let cause = error; cause instanceof Error || (typeof cause === "object" && cause !== null); ) {
    if ((cause as { code?: unknown }).code === UNIQUE_VIOLATION) return true;
    cause = (cause as { cause?: unknown }).cause;
    if (cause === undefined) return false;
  }
  return false;
}

async function importedUnderKey(
  db: Db,
  storeId: string,
  key: string | undefined,
): Promise<string | undefined> {
  if (key === undefined) return undefined;
  const [row] = await db
    .select({ returnId: returnImports.returnId })
    .from(returnImports)
    .where(and(eq(returnImports.storeId, storeId), eq(returnImports.idempotencyKey, key)));
  return row?.returnId;
}

async function createImportedReturn(tx: Db, context: Context, entry: ImportedReturn): Promise<string> {
  const { storeId } = context;
  const variants = await variantsOf(tx, storeId, entry);
  const currency = entry.currency ?? "USD";
  const orderId = newId("order");
  await tx.insert(orders).values({
    id: orderId,
    storeId,
    name: `IMP-${orderId.slice(4, 16)}`,
    customerGivenName: entry.customer?.firstName ?? "",
    customerSurname: entry.customer?.lastName ?? "",
    customerEmail: entry.customer?.email?.toLowerCase() ?? null,
    customerPhone: entry.shippingAddress?.phone ?? null,
    shippingAddress: entry.shippingAddress ? toAddress(entry.shippingAddress) : null,
    tags: [IMPORTED_ORDER_TAG],
    currency,
  });
  const lines = entry.products.map((product, position) => {
    const { variant, product: parent } = variants[position] as ResolvedVariant;
    return {
      id: newId("orderLineItem"),
      orderId,
      position,
      variantId: variant.id,
      productName: product.productTitle ?? parent.title,
      productExternalId: parent.externalId ?? parent.id,
      variantName: product.variantTitle ?? variant.title,
      variantExternalId: variant.externalId ?? variant.id,
      sku: product.sku ?? variant.sku,
      currency,
      price: variant.price,
      quantity: product.quantity,
    };
  });
  await tx.insert(orderLineItems).values(lines);
  const created = await createReturn(tx, context, {
    provider: "import",
    externalOrderId: orderId,
    type: "return",
    status: "open",
    items: entry.products.map((product, position) => ({
      lineItemId: (lines[position] as { id: string }).id,
      quantity: product.quantity,
      reason: product.reason ?? "Imported return",
      compensation: "refund",
      notes: product.condition ? `Condition: ${product.condition}` : undefined,
    })),
    shippingAddress: await sourceAddress(tx, storeId, entry),
    label: entry.trackingNumber
      ? { trackingNumber: entry.trackingNumber, carrier: entry.carrier }
      : undefined,
    notes: entry.notes,
  });
  const returnId = created.return.id;
  await tx.insert(returnImports).values({
    returnId,
    storeId,
    externalReferenceId: entry.externalReferenceId ?? null,
    idempotencyKey: entry.idempotencyKey ?? null,
    trackingNumber: entry.trackingNumber ?? null,
    carrier: entry.carrier ?? null,
  });
  if (entry.customer?.email) {
    await upsertCustomer(tx, {
      storeId,
      profile: {
        email: entry.customer.email,
        firstName: entry.customer.firstName,
        lastName: entry.customer.lastName,
      },
    });
  }
  return returnId;
}

type ResolvedVariant = {
  variant: typeof productVariants.$inferSelect;
  product: typeof products.$inferSelect;
};

/** Each product of the entry as a variant of the store: a `var_` id, or a `prd_` id's variant (by SKU, else its first). */
async function variantsOf(tx: Db, storeId: string, entry: ImportedReturn): Promise<ResolvedVariant[]> {
  const ids = [...new Set(entry.products.map((product) => product.productId))];
  const rows = await tx
    .select({ variant: productVariants, product: products })
    .from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .where(
      and(
        eq(productVariants.storeId, storeId),
        or(inArray(productVariants.id, ids), inArray(products.id, ids)),
      ),
    )
    .orderBy(asc(productVariants.createdAt), asc(productVariants.id));
  const issues = [];
  const resolved: ResolvedVariant[] = [];
  for (const [index, product] of entry.products.entries()) {
    const candidates = rows.filter(
      (row) => row.variant.id === product.productId || row.product.id === product.productId,
    );
    const match =
      candidates.find((row) => product.sku !== undefined && row.variant.sku === product.sku) ?? candidates[0];
    if (!match) {
      issues.push({ path: `products.${index}.productId`, message: "No product of this store has this id." });
    } else resolved.push(match);
  }
  if (issues.length > 0)
    throw new ValidationError("return", issues, "The return names products this store does not have.");
  return resolved;
}

function toAddress(address: ImportAddress): Address {
  return {
    line1: address.line1,
    ...(address.line2 ? { line2: address.line2 } : {}),
    city: address.city,
    state: address.state ?? "",
    postalCode: address.postalCode ?? "",
    country: address.country,
  };
}

/** Where the parcel comes from: the customer's address, else the store's return address (the sender unknown). */
async function sourceAddress(tx: Db, storeId: string, entry: ImportedReturn): Promise<Address> {
  if (entry.shippingAddress) return toAddress(entry.shippingAddress);
  const [location] = await tx
    .select({ address: locations.address })
    .from(locations)
    .where(and(eq(locations.storeId, storeId), isNull(locations.archivedAt), isNotNull(locations.address)))
    .orderBy(asc(locations.name))
    .limit(1);
  if (location?.address) return location.address;
  if (entry.merchantAddress) return toAddress(entry.merchantAddress);
  throw new ValidationError(
    "return",
    [{ path: "shippingAddress", message: "Send the customer's address: the store has no return address." }],
    "The return has no address to come from.",
  );
}
