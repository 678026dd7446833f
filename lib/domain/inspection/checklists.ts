import { and, asc, eq, inArray } from "drizzle-orm";
import type { Db } from "../../db";
import {
  inspectionChecklists,
  orderLineItems,
  products,
  productVariants,
  returnItems,
  stores,
} from "../../db/schema";
import { newId } from "../../ids";
import type { Checklist, ChecklistInput } from "../../schemas/inspection";

/**
 * A store's inspection checklists (docs/inspection.md): an ordered list, read and replaced whole (Settings edits
 * it as one form), so two admins saving at once leave one of the two lists, not a mix.
 */

type ChecklistRow = typeof inspectionChecklists.$inferSelect;

const toChecklist = (row: ChecklistRow): Checklist => ({
  id: row.id,
  name: row.name,
  applies_to: row.appliesTo,
  questions: row.questions,
});

export async function listChecklists(db: Db, storeId: string): Promise<Checklist[]> {
  const rows = await db
    .select()
    .from(inspectionChecklists)
    .where(eq(inspectionChecklists.storeId, storeId))
    .orderBy(asc(inspectionChecklists.position));
  return rows.map(toChecklist);
}

export async function replaceChecklists(
  db: Db,
  storeId: string,
  checklists: readonly ChecklistInput[],
): Promise<Checklist[]> {
  return db.transaction(async (tx) => {
    // The store's row lock: two replaces take turns, so neither meets the other's rows.
    await tx.select({ id: stores.id }).from(stores).where(eq(stores.id, storeId)).for("update");
    await tx.delete(inspectionChecklists).where(eq(inspectionChecklists.storeId, storeId));
    if (checklists.length > 0) {
      await tx.insert(inspectionChecklists).values(
        checklists.map((checklist, position) => ({
          id: newId("inspectionChecklist"),
          storeId,
          position,
          name: checklist.name,
          appliesTo: checklist.applies_to,
          questions: checklist.questions,
        })),
      );
    }
    return listChecklists(tx, storeId);
  });
}

/** What of a returned item a checklist matches on: its product's type and tags, and its return reason. */
export type InspectedItem = {
  id: string;
  reason: string;
  reasons: readonly string[];
  productType: string | null;
  tags: readonly string[];
};

const lower = (values: readonly (string | null)[]) =>
  new Set(values.flatMap((value) => (value ? [value.trim().toLowerCase()] : [])));

/** The first checklist whose product types, tags or return reasons match the item (all empty: any item). */
export function checklistFor(checklists: readonly Checklist[], item: InspectedItem): Checklist | null {
  const type = item.productType?.trim().toLowerCase();
  const tags = lower(item.tags);
  const reasons = lower([item.reason, ...item.reasons]);
  return (
    checklists.find(({ applies_to: on }) => {
      const any = on.product_types.length + on.tags.length + on.return_reasons.length === 0;
      return (
        any ||
        on.product_types.some((value) => value.toLowerCase() === type) ||
        on.tags.some((value) => tags.has(value.toLowerCase())) ||
        on.return_reasons.some((value) => reasons.has(value.toLowerCase()))
      );
    }) ?? null
  );
}

/** The items of a return (or just `itemIds`) with what a checklist matches on, in the return's order. */
export async function loadInspectedItems(
  db: Db,
  returnId: string,
  itemIds?: readonly string[],
): Promise<InspectedItem[]> {
  const rows = await db
    .select({
      id: returnItems.id,
      reason: returnItems.reason,
      reasons: returnItems.reasons,
      productType: products.productType,
      tags: products.tags,
    })
    .from(returnItems)
    .innerJoin(orderLineItems, eq(orderLineItems.id, returnItems.orderLineItemId))
    .leftJoin(productVariants, eq(productVariants.id, orderLineItems.variantId))
    .leftJoin(products, eq(products.id, productVariants.productId))
    .where(
      and(eq(returnItems.returnId, returnId), itemIds ? inArray(returnItems.id, [...itemIds]) : undefined),
    )
    .orderBy(asc(returnItems.position), asc(returnItems.id));
  return rows.map((row) => ({ ...row, tags: row.tags ?? [] }));
}
