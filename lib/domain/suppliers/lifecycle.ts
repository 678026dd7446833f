import { sql } from "drizzle-orm";
import type { Db } from "../../db";
import { supplierClaimEvents } from "../../db/schema";
import type { SupplierClaimEventKind, SupplierClaimStatus } from "../../enums";
import { newId } from "../../ids";
import type { SupplierClaim } from "../../schemas/suppliers";
import type { Actor } from "../actor";
import { ConflictError, NotFoundError, ValidationError } from "../errors";
import { recordSupplierClaimEvent } from "../events/supplier-claim-events";
import { findSupplierClaimStore, getSupplierClaim, SUPPLIER_CLAIM_RESOURCE } from "./claim-read";

/**
 * A claim's moves (docs/suppliers.md): DRAFT -> SENT (its lines are then fixed: new units open a new draft),
 * SENT -> CREDITED with the amount recovered, SENT -> REJECTED with the supplier's reason. Each is one guarded
 * UPDATE, so of two racing moves one wins and the other is a 409; each writes a history row and an event.
 */

type Context = { storeId: string; supplierClaimId: string; actor: Actor; publicUrl: string };

const MOVES: Record<
  "sent" | "credited" | "rejected",
  { from: SupplierClaimStatus; to: SupplierClaimStatus }
> = {
  sent: { from: "DRAFT", to: "SENT" },
  credited: { from: "SENT", to: "CREDITED" },
  rejected: { from: "SENT", to: "REJECTED" },
};

async function move(
  db: Db,
  context: Context,
  kind: keyof typeof MOVES,
  change: { note?: string; creditedAmount?: string },
): Promise<SupplierClaim> {
  await findSupplierClaimStore(db, context);
  const { from, to } = MOVES[kind];
  return db.transaction(async (tx) => {
    const moved = await tx.execute<{ id: string }>(sql`
      update supplier_claims set status = ${to},
        credited_amount = ${change.creditedAmount ?? null}::numeric,
        note = case when ${to} = 'SENT' then coalesce(${change.note ?? null}, note) else note end,
        sent_at = case when ${to} = 'SENT' then now() else sent_at end,
        resolved_at = case when ${to} in ('CREDITED', 'REJECTED') then now() else resolved_at end,
        updated_at = greatest(now(), updated_at + interval '1 millisecond')
      where id = ${context.supplierClaimId} and store_id = ${context.storeId} and status = ${from}
      returning id`);
    if (moved.rows.length === 0) {
      const current = await tx.execute<{ status: SupplierClaimStatus }>(
        sql`select status from supplier_claims where id = ${context.supplierClaimId}`,
      );
      const status = current.rows[0]?.status;
      if (!status) throw new NotFoundError(SUPPLIER_CLAIM_RESOURCE, context.supplierClaimId);
      throw new ConflictError(
        `${SUPPLIER_CLAIM_RESOURCE}/wrong-status`,
        `The claim is ${status}; only a ${from} claim can be ${kind}.`,
      );
    }
    await tx.insert(supplierClaimEvents).values({
      id: newId("supplierClaimEvent"),
      claimId: context.supplierClaimId,
      kind: kind satisfies SupplierClaimEventKind,
      actorName: context.actor.name,
      actorUserId: context.actor.userId ?? null,
      amount: change.creditedAmount ?? null,
      note: change.note ?? null,
    });
    const claim = await getSupplierClaim(tx, context);
    await recordSupplierClaimEvent(tx, context.storeId, "updated", claim);
    return claim;
  });
}

/** DRAFT -> SENT: the claim goes to the supplier (the app downloads its PDF and CSV to attach). */
export function sendSupplierClaim(db: Db, context: Context, input: { note?: string }) {
  return move(db, context, "sent", { note: input.note });
}

/** SENT -> CREDITED, recording what the supplier credited (0 or more; a supplier may credit less or more). */
export function creditSupplierClaim(
  db: Db,
  context: Context,
  input: { credited_amount: string; note?: string },
) {
  const amount = Number(input.credited_amount);
  if (!(amount >= 0) || !/^\d+(\.\d{1,2})?$/.test(input.credited_amount)) {
    throw new ValidationError(SUPPLIER_CLAIM_RESOURCE, [
      {
        path: "supplier_claim.credited_amount",
        message: "Give the amount credited: 0 or more, at most 2 decimals.",
      },
    ]);
  }
  return move(db, context, "credited", { note: input.note, creditedAmount: input.credited_amount });
}

/** SENT -> REJECTED, with the supplier's reason. */
export function rejectSupplierClaim(db: Db, context: Context, input: { note: string }) {
  return move(db, context, "rejected", { note: input.note });
}
