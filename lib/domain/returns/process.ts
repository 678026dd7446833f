import { eq, sql } from "drizzle-orm";
import type { Db } from "../../db";
import { returnItems, returns } from "../../db/schema";
import type { Disposition } from "../../enums";
import type {
  ProcessProduct,
  ProcessReturnBody,
  ProcessReturnResponse,
} from "../../schemas/return-lifecycle";
import type { Actor } from "../actor";
import { ValidationError } from "../errors";
import { recordReturnEvent } from "../events/record";
import { recordInspection } from "../inspection/answers";
import { checkProcessInspections } from "../inspection/process-inspections";
import { type NewReturnActivity, recordReturnActivities } from "./activities";
import { defaultReturnLocation } from "./default-location";
import {
  checkProcessRequest,
  inventoryItemsFor,
  loadProcessableItems,
  PROCESSED_ITEM_STATUSES,
  type ProcessableItem,
} from "./process-checks";
import { type ProcessedUnits, putProcessedUnits } from "./process-stock";
import { assertTransition, readLifecycleState } from "./transitions";
import { lockReturn, touchReturn } from "./write";

/** The real service's two answers (its published examples): all items done, or some still to come. */
export const PROCESSED_MESSAGE = "Processing triggered successfully";
export const PARTLY_PROCESSED_MESSAGE =
  "Successfully prepared some products to be processed, once all products are ready, processing will be triggered";

export type ProcessReturnInput = {
  storeId: string;
  returnId: string;
  actor: Actor;
  idempotencyKey?: string;
  /** The app's address, for links in the events of claims that return-to-vendor units join. */
  publicUrl: string;
} & ProcessReturnBody;

const toCents = (amount: string | null) => Math.round(Number(amount ?? "0") * 100);
const fromCents = (cents: number) => (cents / 100).toFixed(2);

/** The total a credit of this type counts in; exchanges are valued by their own items, so they keep theirs. */
function totalOf(refundType: string | null): "refundTotal" | "storeCreditTotal" | undefined {
  if (refundType === "refund") return "refundTotal";
  if (refundType === "store_credit") return "storeCreditTotal";
  return undefined;
}

/** Where a product's units go: its disposition, `restock` for the published `restock: true`; none when neither. */
export function dispositionOf(product: ProcessProduct): Disposition | undefined {
  if (product.reject === true) return undefined;
  return (
    product.processInput?.disposition ?? (product.processInput?.restock === true ? "restock" : undefined)
  );
}

/**
 * What an item becomes: its status, credit, disposition, grade and outcome (the defaults of
 * docs/returns-lifecycle.md; a non-sellable disposition's outcome defaults to its name).
 */
function resultOf(product: ProcessProduct, item: ProcessableItem) {
  const rejected = product.reject === true;
  const disposition = dispositionOf(product);
  const restock = disposition === "restock";
  const adjustment = product.processInput?.newMerchantAdjustment;
  const credit = rejected ? 0 : adjustment != null ? Math.round(adjustment * 100) : undefined;
  const defaultOutcome = rejected
    ? "return_to_customer"
    : (disposition ?? (item.greenReturn ? "customer_kept" : undefined));
  return { rejected, restock, disposition, credit, outcome: product.outcome ?? defaultOutcome };
}

/**
 * The products with a restock location each: one restocked without `locationId` (the published body has
 * none) goes to the store's default return location; a store without one gets a 400 naming the item.
 */
async function withRestockLocations(tx: Db, storeId: string, products: ProcessProduct[]) {
  const needsOne = (p: ProcessProduct) =>
    dispositionOf(p) !== undefined && p.processInput?.locationId === undefined;
  if (!products.some(needsOne)) return products;
  const fallback = await defaultReturnLocation(tx, storeId);
  return products.map((product, index) => {
    const processInput = product.processInput;
    if (!processInput || !needsOne(product)) return product;
    if (!fallback) {
      const message =
        "No location to restock to: send processInput.locationId, or give a location a return address " +
        "(Settings → Store → Locations) to make it the default.";
      throw new ValidationError(
        "return",
        [{ path: `products.${index}.processInput.locationId`, message }],
        message,
      );
    }
    return { ...product, processInput: { ...processInput, locationId: fallback.id } };
  });
}

/**
 * `POST /returns/{returnId}/process`: each product is processed (optionally restocked to a location, its
 * credit replaced by a merchant adjustment) or rejected (with a reason, credited nothing), with a grade
 * and an outcome. Allowed from `delivered`, `needs_review` and `in_review`, and from `open` for a green
 * return; anything else is 409 `return/invalid-transition`. When every item of the return is then done,
 * it is `complete`; otherwise `in_review` (being reviewed, some items still to come). All in one
 * transaction after the row lock: each item's units go where its disposition says through the inventory
 * ledger (reason `returned`, source the return; process-stock.ts), then the items, the totals, the activities and one `return` `updated` event.
 */
export async function processReturn(db: Db, input: ProcessReturnInput): Promise<ProcessReturnResponse> {
  return db.transaction(async (tx) => {
    await lockReturn(tx, input);
    const state = await readLifecycleState(tx, input.returnId);
    assertTransition(state, "complete", "process", "be processed");
    const items = new Map((await loadProcessableItems(tx, input.returnId)).map((item) => [item.id, item]));
    const products = await withRestockLocations(tx, input.storeId, input.products);
    await checkProcessRequest(tx, { storeId: input.storeId, products, items });
    const inspections = await checkProcessInspections(tx, input.storeId, input.returnId, products);

    const planned = products.map((product, index) => {
      const item = items.get(product._id) as ProcessableItem;
      return { product, item, inspection: inspections[index], ...resultOf(product, item) };
    });
    const placed = planned.filter((p) => p.disposition !== undefined);
    const stockOf = await inventoryItemsFor(
      tx,
      input.storeId,
      placed.map((p) => p.item),
      products.map((product) => product._id),
    );
    const units: ProcessedUnits[] = placed.map((p) => ({
      returnItemId: p.item.id,
      inventoryItemId: stockOf.get(p.item.id) as string,
      locationId: p.product.processInput?.locationId as string,
      quantity: p.item.quantity,
      disposition: p.disposition as Disposition,
    }));
    const movementOf = await putProcessedUnits(tx, {
      storeId: input.storeId,
      returnId: input.returnId,
      units,
      actor: input.actor,
      idempotencyKey: input.idempotencyKey,
      publicUrl: input.publicUrl,
    });

    const activities: NewReturnActivity[] = [];
    for (const p of planned) {
      const before = p.item.refundAmount;
      const changedCredit = p.credit !== undefined && p.credit !== toCents(before);
      await tx
        .update(returnItems)
        .set({
          status: p.rejected ? "rejected" : "processed",
          ...(p.product.grade !== undefined ? { grade: p.product.grade } : {}),
          ...(p.outcome !== undefined ? { outcome: p.outcome } : {}),
          ...(p.disposition !== undefined ? { disposition: p.disposition } : {}),
          ...(changedCredit ? { refundAmount: fromCents(p.credit as number) } : {}),
        })
        .where(eq(returnItems.id, p.item.id));
      if (p.inspection) {
        await recordInspection(tx, { ...input, returnItemId: p.item.id, inspection: p.inspection });
      }
      const total = totalOf(p.item.refundType);
      if (changedCredit && total) {
        const delta = fromCents((p.credit as number) - toCents(before));
        await tx
          .update(returns)
          .set({ [total]: sql`${returns[total]} + ${delta}::numeric` })
          .where(eq(returns.id, input.returnId));
      }
      const locationId = p.disposition !== undefined ? p.product.processInput?.locationId : undefined;
      const movementId = movementOf.get(p.item.id);
      activities.push({
        kind: "item_processed",
        details: {
          itemId: p.item.id,
          result: p.rejected ? "rejected" : "processed",
          restock: p.restock,
          quantity: p.item.quantity,
          ...(p.disposition !== undefined ? { disposition: p.disposition } : {}),
          ...(locationId ? { locationId } : {}),
          ...(movementId ? { movementId } : {}),
          ...(p.product.grade !== undefined ? { grade: p.product.grade } : {}),
          ...(p.outcome !== undefined ? { outcome: p.outcome } : {}),
          ...(p.product.rejectReason !== undefined ? { rejectReason: p.product.rejectReason } : {}),
          ...(changedCredit ? { adjustment: { from: before, to: fromCents(p.credit as number) } } : {}),
        },
      });
    }

    const processedNow = new Set(planned.map((p) => p.item.id));
    const allDone = [...items.values()].every(
      (item) =>
        processedNow.has(item.id) ||
        (PROCESSED_ITEM_STATUSES as readonly (string | null)[]).includes(item.status),
    );
    const notes = input.customerNotes ? { customerNotes: input.customerNotes } : {};
    // Some items still to come: the return is being reviewed until the last is processed.
    const to = allDone ? "complete" : "in_review";
    if (to !== state.status) {
      await tx.update(returns).set({ status: to }).where(eq(returns.id, input.returnId));
      activities.push({
        kind: "status_changed",
        details: { from: state.status, to, via: "process", ...notes },
      });
    } else if (input.customerNotes) {
      const first = activities[0];
      if (first?.kind === "item_processed") first.details.customerNotes = input.customerNotes;
    }
    await touchReturn(tx, input.returnId);
    await recordReturnActivities(tx, { returnId: input.returnId, actor: input.actor, activities });
    const event = await recordReturnEvent(tx, {
      storeId: input.storeId,
      returnId: input.returnId,
      type: "updated",
    });
    return {
      message: allDone ? PROCESSED_MESSAGE : PARTLY_PROCESSED_MESSAGE,
      return: event.payload.return,
      dispositions: units.map((unit) => ({
        item_id: unit.returnItemId,
        disposition: unit.disposition,
        inventory_item_id: unit.inventoryItemId,
        location_id: unit.locationId,
        quantity: unit.quantity,
      })),
    };
  });
}
