import { and, eq, inArray, isNull, ne, or, sql } from "drizzle-orm";
import type { Db } from "../../db";
import { returnItems, returnShipments, returns } from "../../db/schema";
import type { ReturnStatus } from "../../enums";
import { isId } from "../../ids";
import type { ApproveReturnBody } from "../../schemas/return-lifecycle";
import { ItemNotFoundError, NotFoundError, ValidationError } from "../errors";
import { recordReturnEvent } from "../events/record";
import { recordReturnActivities } from "./activities";
import type { ReturnView } from "./serialize";
import { assertTransition, readLifecycleState } from "./transitions";
import { type Actor, lockReturn, touchReturn } from "./write";

/** The status its items take when staff move a return (the demo's item vocabulary); processed items keep theirs. */
const ITEM_STATUS_OF: Partial<Record<ReturnStatus, string>> = {
  transit: "in_transit",
  delivered: "received",
  cancelled: "cancelled",
};

/** `GET /returns/{returnId}/status`: NotFound when the return is not in one of `storeIds`. */
export async function getReturnStatus(
  db: Db,
  input: { returnId: string; storeIds: readonly string[] },
): Promise<ReturnStatus> {
  if (!isId("return", input.returnId) || input.storeIds.length === 0) {
    throw new NotFoundError("return", input.returnId);
  }
  const [row] = await db
    .select({ status: returns.status })
    .from(returns)
    .where(and(eq(returns.id, input.returnId), inArray(returns.storeId, [...input.storeIds])));
  if (!row) throw new NotFoundError("return", input.returnId);
  return row.status;
}

export type SetReturnStatusInput = {
  storeId: string;
  returnId: string;
  status: ReturnStatus;
  /** Required to reject a return in review (`manual_review` -> `cancelled`): the note to the customer. */
  customerNotes?: string;
  actor: Actor;
};

/**
 * `PUT /returns/{returnId}/status`: the staff edges of the lifecycle (`manual_review` -> `cancelled`,
 * `open` -> `transit`, `transit` -> `delivered`); `open` and `closed` are reached by approving and
 * processing. Asking for the status the return already has changes nothing and records nothing (a retry
 * is harmless). In one transaction after the row lock: the status, the items' statuses, the shipments on
 * delivery, `updatedAt`, the activity and a `return` `updated` event. Answers whether anything changed.
 */
export async function setReturnStatus(db: Db, input: SetReturnStatusInput): Promise<{ changed: boolean }> {
  return db.transaction(async (tx) => {
    await lockReturn(tx, input);
    const state = await readLifecycleState(tx, input.returnId);
    if (state.status === input.status) return { changed: false };
    assertTransition(state, input.status, "status", `be set to ${input.status}`);
    if (state.status === "manual_review" && input.status === "cancelled" && !input.customerNotes) {
      throw new ValidationError(
        "return",
        [{ path: "customerNotes", message: "Rejecting a return in review needs a note to the customer." }],
        "Rejecting a return in review needs customerNotes.",
      );
    }
    await moveReturnAndItems(tx, input.returnId, input.status);
    if (input.status === "transit" || input.status === "delivered") await moveShipments(tx, input);
    await touchReturn(tx, input.returnId);
    await recordReturnActivities(tx, {
      returnId: input.returnId,
      actor: input.actor,
      activities: [
        {
          kind: "status_changed",
          details: {
            from: state.status,
            to: input.status,
            via: "status",
            ...(input.customerNotes ? { customerNotes: input.customerNotes } : {}),
          },
        },
      ],
    });
    await recordReturnEvent(tx, { storeId: input.storeId, returnId: input.returnId, type: "updated" });
    return { changed: true };
  });
}

/**
 * Sets the return's status and its items' (the demo's item vocabulary), as staff moves and carrier
 * tracking updates (tracking.ts) both do. Call after `lockReturn`.
 */
export async function moveReturnAndItems(tx: Db, returnId: string, status: ReturnStatus): Promise<void> {
  await tx.update(returns).set({ status }).where(eq(returns.id, returnId));
  const itemStatus = ITEM_STATUS_OF[status];
  if (!itemStatus) return;
  await tx
    .update(returnItems)
    .set({ status: itemStatus })
    .where(
      and(
        eq(returnItems.returnId, returnId),
        // A green item never travels: only a cancellation changes it.
        status === "cancelled"
          ? undefined
          : or(isNull(returnItems.greenReturn), eq(returnItems.greenReturn, false)),
      ),
    );
}

/** The return's parcels follow a staff move: in transit, or delivered now (unless already delivered). */
async function moveShipments(tx: Db, input: { returnId: string; status: ReturnStatus }): Promise<void> {
  const notDelivered = and(
    eq(returnShipments.returnId, input.returnId),
    ne(returnShipments.status, "delivered"),
  );
  if (input.status === "transit") {
    await tx.update(returnShipments).set({ status: "in_transit" }).where(notDelivered);
  } else {
    await tx
      .update(returnShipments)
      .set({ status: "delivered", deliveredAt: sql`coalesce(${returnShipments.deliveredAt}, now())` })
      .where(notDelivered);
  }
}

export type ApproveReturnInput = { storeId: string; returnId: string; actor: Actor } & ApproveReturnBody;

/**
 * `POST /returns/{returnId}/approve`: `manual_review` -> `open`. Each item ships back unless its entry
 * says `shipBack: false`, which makes it green (`greenReturn`: the customer keeps it). Unknown item ids:
 * 400 `return/item-not-found` naming each, nothing written. Answers the return and its order as they
 * stand afterwards (the event's snapshot).
 */
export async function approveReturn(db: Db, input: ApproveReturnInput): Promise<Omit<ReturnView, "storeId">> {
  return db.transaction(async (tx) => {
    await lockReturn(tx, input);
    const state = await readLifecycleState(tx, input.returnId);
    assertTransition(state, "open", "approve", "be approved");
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
        { kind: "status_changed", details: { from: state.status, to: "open", via: "approve", ...notes } },
      ],
    });
    const event = await recordReturnEvent(tx, {
      storeId: input.storeId,
      returnId: input.returnId,
      type: "updated",
    });
    return { return: event.payload.return, order: event.payload.order };
  });
}
