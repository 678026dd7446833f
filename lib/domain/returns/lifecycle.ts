import { and, eq, inArray, isNull, notInArray, or, sql } from "drizzle-orm";
import type { Db } from "../../db";
import { returnItems, returns } from "../../db/schema";
import type { ReturnStatus, ReturnStatusUpdate } from "../../enums";
import type { ApproveReturnBody } from "../../schemas/return-lifecycle";
import type { Actor } from "../actor";
import { ItemNotFoundError, NotFoundError } from "../errors";
import { recordReturnEvent } from "../events/record";
import { recordReturnActivities } from "./activities";
import { PROCESSED_ITEM_STATUSES } from "./process-checks";
import type { ReturnView } from "./serialize";
import { assertTransition, readLifecycleState } from "./transitions";
import { lockReturn, returnInStores, touchReturn } from "./write";

/** The status items still under way take when a tracking update moves their return (the demo's item vocabulary). */
const ITEM_STATUS_OF: Partial<Record<ReturnStatus, string>> = {
  in_transit: "in_transit",
  delivered: "received",
};

/** What an item not yet processed becomes when staff end its return with PUT status. */
const ENDING_ITEM_STATUS: Partial<Record<ReturnStatus, string>> = {
  complete: "processed",
  rejected: "rejected",
  deleted: "cancelled",
};

/** `GET /returns/{returnId}/status`: NotFound when the return is not in one of `storeIds`. */
export async function getReturnStatus(
  db: Db,
  input: { returnId: string; storeIds: readonly string[] },
): Promise<ReturnStatus> {
  const [row] = await db.select({ status: returns.status }).from(returns).where(returnInStores(input));
  if (!row) throw new NotFoundError("return", input.returnId);
  return row.status;
}

export type SetReturnStatusInput = {
  storeId: string;
  returnId: string;
  status: ReturnStatusUpdate;
  /** Backroom extension: a note to the customer, kept in the activity. */
  customerNotes?: string;
  actor: Actor;
};

/**
 * `PUT /returns/{returnId}/status` (docs/returns-lifecycle.md, "What PUT status means"): `flagged`, `rejected`,
 * `deleted` and `complete` (close without further processing: items not yet processed are marked done) from
 * any return still under way; `open` approves a `pre_shipment` return with every item shipping back,
 * resumes a `flagged` return at the status it had before, and reopens a `complete` or `rejected` one.
 * Asking for the status the return already has changes nothing and records nothing (a retry is harmless).
 * In one transaction after the row lock: the status, the items, `updatedAt`, the activity and a `return`
 * `updated` event. Answers the status the return is now in and whether anything changed.
 */
export async function setReturnStatus(
  db: Db,
  input: SetReturnStatusInput,
): Promise<{ changed: boolean; status: ReturnStatus }> {
  return db.transaction(async (tx) => {
    await lockReturn(tx, input);
    const state = await readLifecycleState(tx, input.returnId);
    if (state.status === input.status) return { changed: false, status: state.status };
    assertTransition(state, input.status, "status", `be set to ${input.status}`);
    const notes = input.customerNotes ? { customerNotes: input.customerNotes } : {};
    if (state.status === "pre_shipment" && input.status === "open") {
      await approveLocked(tx, { ...input, ...notes });
      await recordReturnEvent(tx, { storeId: input.storeId, returnId: input.returnId, type: "updated" });
      return { changed: true, status: "open" };
    }
    const to: ReturnStatus =
      state.status === "flagged" && input.status === "open"
        ? (state.statusBeforeFlag ?? "open")
        : input.status;
    await tx
      .update(returns)
      .set({ status: to, statusBeforeFlag: to === "flagged" ? state.status : null })
      .where(eq(returns.id, input.returnId));
    if (input.status === "open" && (state.status === "complete" || state.status === "rejected")) {
      await reopenItems(tx, input.returnId);
    }
    const ending = ENDING_ITEM_STATUS[to];
    if (ending) {
      await tx
        .update(returnItems)
        .set({ status: ending })
        .where(and(eq(returnItems.returnId, input.returnId), notProcessed));
    }
    await touchReturn(tx, input.returnId);
    await recordReturnActivities(tx, {
      returnId: input.returnId,
      actor: input.actor,
      activities: [{ kind: "status_changed", details: { from: state.status, to, via: "status", ...notes } }],
    });
    await recordReturnEvent(tx, { storeId: input.storeId, returnId: input.returnId, type: "updated" });
    return { changed: true, status: to };
  });
}

const notProcessed = or(
  isNull(returnItems.status),
  notInArray(returnItems.status, [...PROCESSED_ITEM_STATUSES]),
);

/**
 * Reopening (the package's PUT status `open` from `complete` or `rejected`): every item is open again, to
 * ship back, or approved when the customer keeps it. Refunds, exchanges and restocks already done stay.
 */
async function reopenItems(tx: Db, returnId: string): Promise<void> {
  await tx
    .update(returnItems)
    .set({ status: sql`case when ${returnItems.greenReturn} then 'approved' else 'awaiting_shipment' end` })
    .where(eq(returnItems.returnId, returnId));
}

/**
 * Sets the return's status and its items' (the demo's item vocabulary), as carrier tracking updates
 * (tracking.ts) do. Call after `lockReturn`.
 */
export async function moveReturnAndItems(tx: Db, returnId: string, status: ReturnStatus): Promise<void> {
  await tx.update(returns).set({ status }).where(eq(returns.id, returnId));
  const itemStatus = ITEM_STATUS_OF[status];
  if (!itemStatus) return;
  await tx
    .update(returnItems)
    .set({ status: itemStatus })
    // A green item never travels.
    .where(
      and(
        eq(returnItems.returnId, returnId),
        or(isNull(returnItems.greenReturn), eq(returnItems.greenReturn, false)),
      ),
    );
}

export type ApproveReturnInput = { storeId: string; returnId: string; actor: Actor } & ApproveReturnBody;

/**
 * `POST /returns/{returnId}/approve`: `pre_shipment` -> `open`. Each item ships back unless its entry
 * says `shipBack: false`, which makes it green (`greenReturn`: the customer keeps it). Unknown item ids:
 * 400 `return/item-not-found` naming each, nothing written. Answers the return and its order as they
 * stand afterwards (the event's snapshot).
 */
export async function approveReturn(db: Db, input: ApproveReturnInput): Promise<Omit<ReturnView, "storeId">> {
  return db.transaction(async (tx) => {
    await lockReturn(tx, input);
    const state = await readLifecycleState(tx, input.returnId);
    assertTransition(state, "open", "approve", "be approved");
    await approveLocked(tx, input);
    const event = await recordReturnEvent(tx, {
      storeId: input.storeId,
      returnId: input.returnId,
      type: "updated",
    });
    return { return: event.payload.return, order: event.payload.order };
  });
}

/**
 * Approval after the row lock: each item ships back unless the request keeps it with the customer; then
 * the status, `updatedAt` and one `approved` activity (it says the move to `open`: no `status_changed`
 * beside it; the caller records the event). PUT status `open` on a
 * `pre_shipment` return is this with every item shipping back.
 */
async function approveLocked(
  tx: Db,
  input: { returnId: string; actor: Actor } & ApproveReturnBody,
): Promise<void> {
  const items = await tx
    .select({ id: returnItems.id })
    .from(returnItems)
    .where(eq(returnItems.returnId, input.returnId));
  const known = new Set(items.map((item) => item.id));
  const requested = input.items ?? [];
  const unknown = requested.flatMap((item, index) => (known.has(item.id) ? [] : [{ index, id: item.id }]));
  if (unknown.length > 0) throw new ItemNotFoundError(unknown);

  const green = new Set(requested.filter((item) => item.shipBack === false).map((item) => item.id));
  const greenIds = [...green];
  const shipBackIds = items.map((item) => item.id).filter((id) => !green.has(id));
  if (shipBackIds.length > 0) {
    await tx
      .update(returnItems)
      .set({ greenReturn: false, status: "awaiting_shipment" })
      .where(inArray(returnItems.id, shipBackIds));
  }
  if (greenIds.length > 0) {
    await tx
      .update(returnItems)
      .set({ greenReturn: true, status: "approved" })
      .where(inArray(returnItems.id, greenIds));
  }
  await tx.update(returns).set({ status: "open" }).where(eq(returns.id, input.returnId));
  await touchReturn(tx, input.returnId);
  const notes = input.customerNotes ? { customerNotes: input.customerNotes } : {};
  await recordReturnActivities(tx, {
    returnId: input.returnId,
    actor: input.actor,
    activities: [
      {
        kind: "approved",
        details: { items: items.map((item) => ({ id: item.id, shipBack: !green.has(item.id) })), ...notes },
      },
    ],
  });
}
