import type { Db } from "../../db";
import type { ProcessProduct } from "../../schemas/return-lifecycle";
import { type CheckedInspection, checkInspections } from "./answers";
import { checklistFor, listChecklists, loadInspectedItems } from "./checklists";

/**
 * The inspections of a process request, checked against the store's checklists (a 400 naming each missing
 * answer), in the order of its products. Skipped, with no query, when the store has no checklist and no
 * product carries an inspection.
 */
export async function checkProcessInspections(
  tx: Db,
  storeId: string,
  returnId: string,
  products: readonly ProcessProduct[],
): Promise<(CheckedInspection | undefined)[]> {
  const checklists = await listChecklists(tx, storeId);
  if (checklists.length === 0 && !products.some((p) => p.inspection)) return products.map(() => undefined);
  const items = await loadInspectedItems(
    tx,
    returnId,
    products.map((p) => p._id),
  );
  return checkInspections(products, new Map(items.map((item) => [item.id, item])), (item) =>
    checklistFor(checklists, item),
  );
}
