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
import { recomputeTotals } from "./line-edits";

/**
 * A claim's moves (docs/suppliers.md): DRAFT -> SENT (its lines are then fixed: new units open a new draft),
 * SENT -> CREDITED with the amount recovered, SENT -> REJECTED with the supplier's reason, DRAFT -> DISCARDED
 * (nothing claimed: every line's units waived). Each is one guarded UPDATE, so of two racing moves one wins and
 * the other is a 409; each writes a history row and an event.
 */

type Context = { storeId: string; supplierClaimId: string; actor: Actor; publicUrl: string };

const MOVES: Record<
  "sent" | "credited" | "rejected" | "discarded",
  { from: SupplierClaimStatus; to: SupplierClaimStatus }
> = {
  sent: { from: "DRAFT", to: "SENT" },
  credited: { from: "SENT", to: "CREDITED" },
  rejected: { from: "SENT", to: "REJECTED" },
  discarded: { from: "DRAFT", to: "DISCARDED" },
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
        resolved_at = case when ${to} in ('CREDITED', 'REJECTED', 'DISCARDED') then now() else resolved_at end,
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
    const note =
      to === "DISCARDED" ? await waiveAllLines(tx, context.supplierClaimId, change.note) : change.note;
    await tx.insert(supplierClaimEvents).values({
      id: newId("supplierClaimEvent"),
      claimId: context.supplierClaimId,
      kind: kind satisfies SupplierClaimEventKind,
      actorName: context.actor.name,
      actorUserId: context.actor.userId ?? null,
      amount: change.creditedAmount ?? null,
      note: note ?? null,
    });
    const claim = await getSupplierClaim(tx, context);
    await recordSupplierClaimEvent(tx, context.storeId, "updated", claim);
    return claim;
  });
}

/**
 * A discarded draft's lines claim nothing: every unit they claimed is waived (kept on the line, so the receipts'
 * and returns' units stay explained) and the totals are recomputed (zero). The claim's row lock is already held
 * by the guarded UPDATE, so a receipt adding lines waits and then opens a new draft. Returns the history note:
 * what was waived, and the reason given.
 */
async function waiveAllLines(tx: Db, claimId: string, reason: string | undefined): Promise<string> {
  const claimed = await tx.execute<{ lines: number; units: number }>(sql`
    select count(*)::int as lines, coalesce(sum(quantity), 0)::int as units
    from supplier_claim_lines where claim_id = ${claimId} and quantity > 0`);
  await tx.execute(sql`
    update supplier_claim_lines set waived_quantity = waived_quantity + quantity, quantity = 0
    where claim_id = ${claimId} and quantity > 0`);
  await recomputeTotals(tx, claimId);
  const { lines, units } = claimed.rows[0] ?? { lines: 0, units: 0 };
  const waived = `${units} unit${units === 1 ? "" : "s"} on ${lines} line${lines === 1 ? "" : "s"} no longer claimed`;
  return reason ? `${waived}. ${reason}` : waived;
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

/**
 * DRAFT -> DISCARDED, with an optional reason: staff will not send this draft (the way out when its last line
 * cannot be removed). Its units are all waived; receipts and returns then open a new draft for the supplier.
 */
export function discardSupplierClaim(db: Db, context: Context, input: { note?: string }) {
  return move(db, context, "discarded", { note: input.note });
}
