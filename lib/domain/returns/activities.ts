import { eq, max } from "drizzle-orm";
import type { Db } from "../../db";
import { returnActivities } from "../../db/schema";
import type {
  CustodyVerdict,
  Disposition,
  ReturnActivityKind,
  ReturnStatus,
  TrackingUpdateStatus,
} from "../../enums";
import { newId } from "../../ids";
import type { Actor } from "../actor";

/** The carrier update that moved a return: its parcel's number, the carrier's status and words. */
type TrackingDetails = {
  number: string;
  status: TrackingUpdateStatus;
  message?: string;
  /** "City, state, country" of the tracking event. */
  location?: string;
  /** When the carrier saw it (ISO 8601). */
  at?: string;
};

/** What each kind of activity records beside who and when (the timeline reads these as they are). */
export type ReturnActivityDetails = {
  status_changed: {
    from: ReturnStatus;
    to: ReturnStatus;
    /**
     * The operation that moved it: `approve` (before approval became one `approved` entry), `status` (PUT
     * status), `process`, `tracking` (a carrier update for one of its parcels, described by `tracking`), or
     * `receive` (staff marked it received).
     */
    via: "approve" | "status" | "process" | "tracking" | "receive" | "custody";
    customerNotes?: string;
    /** With `via: custody`: why the unit's chain of custody flagged the return (docs/inspection.md). */
    reason?: string;
    tracking?: TrackingDetails;
  };
  approved: { items: { id: string; shipBack: boolean }[]; customerNotes?: string };
  item_processed: {
    itemId: string;
    result: "processed" | "rejected";
    restock: boolean;
    /** Where its units went (docs/dispositions.md); absent for items processed before dispositions, or rejected. */
    disposition?: Disposition;
    /** Where the item was restocked (or held in its disposition's state), and the ledger movement that did it. */
    locationId?: string;
    movementId?: string;
    quantity: number;
    grade?: string;
    outcome?: string;
    rejectReason?: string;
    /** The credited amount before and after a merchant adjustment (decimal strings). */
    adjustment?: { from: string | null; to: string };
    customerNotes?: string;
  };
  tag_added: { name: string };
  tag_removed: { name: string };
  /** External identifiers changed by one request: each item's value before and after (null: none). */
  identifiers_set: { items: { itemId: string; from: string | null; to: string | null }[] };
  /** A unit's identifier scanned at inspection, and what its chain of custody answered. */
  custody_checked: {
    itemId: string;
    identifier: string;
    verdict: CustodyVerdict;
    summary: string;
  };
};

export type NewReturnActivity = {
  [K in ReturnActivityKind]: { kind: K; details: ReturnActivityDetails[K] };
}[ReturnActivityKind];

/** The actor columns, the same rule the inventory ledger uses (staff, API secret, or the system). */
export function actorColumns(actor: Actor) {
  return {
    actorKind: actor.userId
      ? ("staff" as const)
      : actor.apiKeyId
        ? ("api_secret" as const)
        : ("system" as const),
    actorId: actor.userId ?? actor.apiKeyId ?? null,
    actorName: actor.name,
  };
}

/**
 * Appends activities to a return's audit trail, in the caller's transaction and after its row lock, in
 * the order given. Each gets an `at` at least a millisecond past the return's previous activity, so
 * `at` alone orders a return's trail (the ids are random), even for changes made within one millisecond.
 */
export async function recordReturnActivities(
  tx: Db,
  input: { returnId: string; actor: Actor; activities: readonly NewReturnActivity[] },
): Promise<void> {
  if (input.activities.length === 0) return;
  const [latest] = await tx
    .select({ at: max(returnActivities.at) })
    .from(returnActivities)
    .where(eq(returnActivities.returnId, input.returnId));
  const previous = latest?.at ? new Date(latest.at).getTime() : 0;
  const start = Math.max(Date.now(), previous + 1);
  const actor = actorColumns(input.actor);
  await tx.insert(returnActivities).values(
    input.activities.map((activity, position) => ({
      id: newId("returnActivity"),
      returnId: input.returnId,
      kind: activity.kind,
      ...actor,
      details: activity.details,
      at: new Date(start + position),
    })),
  );
}
