import { and, asc, eq, inArray, isNotNull, ne, sql } from "drizzle-orm";
import type { Db } from "../../db";
import { returnShipments, returns } from "../../db/schema";
import {
  RETURN_SHIPMENT_STATUSES,
  type ReturnShipmentStatus,
  type ReturnStatus,
  type TrackingUpdateStatus,
} from "../../enums";
import type { ReturnShipmentStatusBody, ReturnShipmentStatusResult } from "../../schemas/return-tracking";
import type { Actor } from "../actor";
import { NotFoundError } from "../errors";
import { recordReturnEvent } from "../events/record";
import { recordReturnActivities } from "./activities";
import { moveReturnAndItems } from "./lifecycle";
import { allowedTransitions, InvalidTransitionError, readLifecycleState } from "./transitions";
import { lockReturn, touchReturn } from "./write";

/**
 * Carrier-tracking updates for return parcels (docs/returns-lifecycle.md, "Tracking updates"): the
 * merchant's systems or a tracking integration report a parcel's status by tracking number, and the
 * return moves `open` -> `transit` -> `delivered` (or `open` -> `delivered`) without staff.
 */

type TrackedMove = { to: "in_transit" | "delivered"; parcel: ReturnShipmentStatus };

/** The carrier statuses that move a return, and the status its parcel takes; the rest move nothing. */
const MOVES: Partial<Record<TrackingUpdateStatus, TrackedMove>> = {
  in_transit: { to: "in_transit", parcel: "in_transit" },
  out_for_delivery: { to: "in_transit", parcel: "out_for_delivery" },
  available_for_pickup: { to: "in_transit", parcel: "available_for_pickup" },
  delivered: { to: "delivered", parcel: "delivered" },
};

/**
 * Where a status sits on the ship-back path. A return at or past the update's target is left alone
 * (carriers resend and reorder updates): everything after delivery (review, processing, `complete`) is
 * past it. `pre_shipment`, `flagged`, `rejected` and `deleted` are not on the path at all: a move is 409.
 */
const PATH_RANK: Partial<Record<ReturnStatus, number>> = {
  open: 0,
  in_transit: 1,
  delivered: 2,
  needs_review: 3,
  in_review: 3,
  complete: 3,
};

/**
 * How far along a parcel is: an update only moves it forward (a late in-transit scan after the delivery
 * is older news). Statuses off the way (failures, cancelled, unknown) count as not started.
 */
const PARCEL_RANK: Partial<Record<ReturnShipmentStatus, number>> = {
  in_transit: 1,
  out_for_delivery: 2,
  available_for_pickup: 2,
  delivered: 3,
};
const parcelRank = (status: ReturnShipmentStatus) => PARCEL_RANK[status] ?? 0;
const behind = (status: ReturnShipmentStatus) =>
  RETURN_SHIPMENT_STATUSES.filter((other) => parcelRank(other) < parcelRank(status));

const unknownParcel = (trackingNumber: string) => new NotFoundError("return-shipment", trackingNumber);

/** The parcels of the store's returns with this tracking number, in return id order (the lock order). */
function parcelsOf(db: Db, storeId: string, trackingNumber: string) {
  return db
    .select({ id: returnShipments.id, returnId: returnShipments.returnId })
    .from(returnShipments)
    .innerJoin(returns, eq(returns.id, returnShipments.returnId))
    .where(and(eq(returns.storeId, storeId), eq(returnShipments.tracker, trackingNumber)))
    .orderBy(asc(returnShipments.returnId), asc(returnShipments.id));
}

/**
 * The path's store when one of its returns has a parcel with this tracking number (the route's
 * `storeOf`, before the body is read); otherwise 404 `return-shipment/not-found`.
 */
export async function findReturnShipmentStore(
  db: Db,
  input: { storeId: string; trackingNumber: string },
): Promise<string> {
  const [found] = await parcelsOf(db, input.storeId, input.trackingNumber).limit(1);
  if (!found) throw unknownParcel(input.trackingNumber);
  return input.storeId;
}

export type TrackingUpdateInput = {
  storeId: string;
  trackingNumber: string;
  update: ReturnShipmentStatusBody;
  actor: Actor;
};

/**
 * `POST /stores/{storeId}/return-shipments/{trackingNumber}/shipment-status`. Every return of the store
 * with a parcel of that number (a shared label can carry several) is locked in id order and moved when
 * the status is a move and the return is before its target: the return and its items, the matched
 * parcels (status, forward only; delivery time, estimate), `updatedAt`, a `status_changed` activity
 * (`via: tracking`) and one `return` `updated` event, all in one transaction. `delivered` delivers the
 * return once all its tracked parcels are; before that only the parcel changes (an event, no activity). A
 * return already at or past the target, or a status that moves nothing, writes nothing. A move from
 * `pre_shipment`, `flagged`, `rejected` or `deleted` is 409 `return/invalid-transition` and nothing is written for any return.
 */
export async function recordTrackingUpdate(
  db: Db,
  input: TrackingUpdateInput,
): Promise<ReturnShipmentStatusResult> {
  return db.transaction(async (tx) => {
    const parcels = await parcelsOf(tx, input.storeId, input.trackingNumber);
    if (parcels.length === 0) throw unknownParcel(input.trackingNumber);
    const move = MOVES[input.update.status];
    const results: ReturnShipmentStatusResult["returns"] = [];
    for (const returnId of new Set(parcels.map((parcel) => parcel.returnId))) {
      await lockReturn(tx, { storeId: input.storeId, returnId });
      const parcelIds = parcels.filter((parcel) => parcel.returnId === returnId).map((parcel) => parcel.id);
      results.push(await moveOne(tx, input, { returnId, parcelIds }, move));
    }
    return {
      success: true as const,
      changed: results.some((result) => result.changed),
      message: describeOutcome(input.update.status, move, results),
      returns: results,
    };
  });
}

async function moveOne(
  tx: Db,
  input: TrackingUpdateInput,
  target: { returnId: string; parcelIds: string[] },
  move: TrackedMove | undefined,
): Promise<ReturnShipmentStatusResult["returns"][number]> {
  const state = await readLifecycleState(tx, target.returnId);
  const unchanged = {
    id: target.returnId,
    previousStatus: state.status,
    status: state.status,
    changed: false,
  };
  if (!move) return unchanged;
  const rank = PATH_RANK[state.status];
  if (rank === undefined) {
    throw new InvalidTransitionError({
      from: state.status,
      attempted: `be moved to ${move.to} by a tracking update`,
      allowed: allowedTransitions(state.status, state.green),
    });
  }
  if (rank >= (PATH_RANK[move.to] ?? 0)) return unchanged;

  const { update } = input;
  const parcelsMoved = await tx
    .update(returnShipments)
    .set({
      status: move.parcel,
      ...(update.estimatedDeliveryDate
        ? { estimatedDeliveryDate: new Date(update.estimatedDeliveryDate).toISOString() }
        : {}),
      ...(move.parcel === "delivered"
        ? {
            deliveredAt: sql`coalesce(${returnShipments.deliveredAt}, ${
              update.datetime ? new Date(update.datetime).toISOString() : sql`now()`
            }::timestamptz)`,
          }
        : {}),
    })
    .where(
      and(
        inArray(returnShipments.id, target.parcelIds),
        inArray(returnShipments.status, behind(move.parcel)),
      ),
    )
    .returning({ id: returnShipments.id });
  // A return is delivered when all its tracked parcels are; until then one delivered parcel is in transit.
  const to =
    move.to === "delivered" && (await parcelsStillOnTheWay(tx, target.returnId)) ? "in_transit" : move.to;
  const moved = rank < (PATH_RANK[to] ?? 0);
  // The parcel was there already (delivered before) and the return waits for its others: nothing to record.
  if (!moved && parcelsMoved.length === 0) return unchanged;
  if (moved) await moveReturnAndItems(tx, target.returnId, to);
  await touchReturn(tx, target.returnId);
  const place = [update.location?.city, update.location?.state, update.location?.country]
    .filter((part): part is string => Boolean(part))
    .join(", ");
  if (moved) {
    await recordReturnActivities(tx, {
      returnId: target.returnId,
      actor: input.actor,
      activities: [
        {
          kind: "status_changed",
          details: {
            from: state.status,
            to,
            via: "tracking",
            tracking: {
              number: input.trackingNumber,
              status: update.status,
              ...(update.message ? { message: update.message } : {}),
              ...(place ? { location: place } : {}),
              ...(update.datetime ? { at: new Date(update.datetime).toISOString() } : {}),
            },
          },
        },
      ],
    });
  }
  // Its parcel changed even when its status did not: the return's snapshot (its shipments) did.
  await recordReturnEvent(tx, { storeId: input.storeId, returnId: target.returnId, type: "updated" });
  return { ...unchanged, status: moved ? to : state.status, changed: true };
}

/** Whether any tracked parcel of the return is not delivered yet (after this update's own). */
async function parcelsStillOnTheWay(tx: Db, returnId: string): Promise<boolean> {
  const [pending] = await tx
    .select({ id: returnShipments.id })
    .from(returnShipments)
    .where(
      and(
        eq(returnShipments.returnId, returnId),
        isNotNull(returnShipments.tracker),
        ne(returnShipments.status, "delivered"),
      ),
    )
    .limit(1);
  return pending !== undefined;
}

/** The answer's `message`: what moved, or why nothing did. */
function describeOutcome(
  status: TrackingUpdateStatus,
  move: TrackedMove | undefined,
  results: ReturnShipmentStatusResult["returns"],
): string {
  if (!move) return `A ${status} update moves no return: nothing changed.`;
  const moved = results.filter((result) => result.status !== result.previousStatus);
  if (!results.some((result) => result.changed)) {
    return `Nothing changed: the return${results.length === 1 ? " is" : "s are"} already ${move.to} or past it.`;
  }
  const said: string[] = [];
  if (moved.length > 0) {
    const targets = [...new Set(moved.map((result) => result.status))].join(" or ");
    said.push(`Moved ${moved.length} return${moved.length === 1 ? "" : "s"} to ${targets}.`);
  }
  if (results.some((result) => result.changed && result.status !== move.to)) {
    said.push(`The parcel is ${move.parcel}; a return is delivered once all its tracked parcels are.`);
  }
  return said.join(" ");
}
