import { inArray } from "drizzle-orm";
import type { Db } from "../../db";
import { returnItems } from "../../db/schema";
import type { ReturnInspection } from "../../schemas/inspection";
import { checklistFor, listChecklists, loadInspectedItems } from "./checklists";

/**
 * `GET /stores/{storeId}/returns/{returnId}/inspection`: per item of the return, the checklist its inspector
 * answers (the store's first matching one) and its newest custody check. The caller has found the return in
 * the store (the contract's `storeOf`).
 */
export async function getReturnInspection(
  db: Db,
  input: { storeId: string; returnId: string },
): Promise<ReturnInspection> {
  const [checklists, items] = await Promise.all([
    listChecklists(db, input.storeId),
    loadInspectedItems(db, input.returnId),
  ]);
  const custody =
    items.length === 0
      ? []
      : await db
          .select({ id: returnItems.id, custody: returnItems.custody })
          .from(returnItems)
          .where(
            inArray(
              returnItems.id,
              items.map((item) => item.id),
            ),
          );
  const custodyOf = new Map(custody.map((row) => [row.id, row.custody]));
  return {
    items: items.map((item) => ({
      item_id: item.id,
      product_type: item.productType,
      checklist: checklistFor(checklists, item),
      custody: custodyOf.get(item.id) ?? null,
    })),
  };
}
