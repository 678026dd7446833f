import { sql } from "drizzle-orm";
import type { Db } from "../../db";
import { supplierClaimEvents, supplierClaimLines } from "../../db/schema";
import type { SupplierClaimEventKind, SupplierClaimReason, SupplierClaimStatus } from "../../enums";
import { isId, newId } from "../../ids";
import {
  type AddSupplierClaimLineInput,
  reasonsAllowedFor,
  type SupplierClaimLineChange,
} from "../../schemas/supplier-claim-lines";
import type { SupplierClaim } from "../../schemas/suppliers";
import type { Actor } from "../actor";
import { ConflictError, NotFoundError, ValidationError } from "../errors";
import { recordSupplierClaimEvent } from "../events/supplier-claim-events";
import { getSupplierClaim, SUPPLIER_CLAIM_RESOURCE } from "./claim-read";

/**
 * Editing a DRAFT claim's lines (docs/suppliers.md, "Editing a draft's lines"). A line from a receipt or a
 * return claims units that source recorded; so that every unit stays explained, such a line never claims more
 * than its source recorded and the units it no longer claims are kept on it as `waived_quantity`. A line added
 * by hand (no receipt or return) has no recorded units to explain: its units are what staff say. Removing a line waives
 * all its units: it leaves the claim's lines, not the table. A draft keeps at least one line. Each change
 * recomputes the claim's totals from its lines, writes a history row and a `supplier_claim` update event, in one
 * transaction under the claim's row lock (the lock receipts take to add lines, so neither misses the other).
 */

export const SUPPLIER_CLAIM_LINE_RESOURCE = "supplier-claim-line";

type Context = {
  storeId: string;
  supplierClaimId: string;
  supplierClaimLineId: string;
  actor: Actor;
  publicUrl: string;
};

type ClaimContext = { storeId: string; supplierClaimId: string; actor: Actor; publicUrl: string };

type LockedLine = {
  manual: boolean;
  title: string;
  sku: string | null;
  reason: SupplierClaimReason;
  quantity: number;
  waived_quantity: number;
  unit_cost: string;
  live_lines: number;
};

/** Locks the claim: a 404 for an unknown one, a 409 naming its status unless it is a DRAFT. */
async function lockDraft(tx: Db, context: ClaimContext, verb: string): Promise<void> {
  const claim = await tx.execute<{ status: SupplierClaimStatus }>(sql`
    select status from supplier_claims
    where id = ${context.supplierClaimId} and store_id = ${context.storeId} for update`);
  const status = claim.rows[0]?.status;
  if (!status) throw new NotFoundError(SUPPLIER_CLAIM_RESOURCE, context.supplierClaimId);
  if (status !== "DRAFT") {
    throw new ConflictError(
      `${SUPPLIER_CLAIM_RESOURCE}/wrong-status`,
      `The claim is ${status}; only a DRAFT claim's lines can be ${verb}.`,
    );
  }
}

/** Locks the claim (409 unless DRAFT) and then its line (404 for an unknown, removed or other claim's line). */
async function lockDraftLine(tx: Db, context: Context, verb: string): Promise<LockedLine> {
  await lockDraft(tx, context, verb);
  const notFound = new NotFoundError(SUPPLIER_CLAIM_LINE_RESOURCE, context.supplierClaimLineId);
  if (!isId("supplierClaimLine", context.supplierClaimLineId)) throw notFound;
  const line = await tx.execute<LockedLine>(sql`
    select source = 'manual' as manual, title, sku, reason, quantity, waived_quantity, unit_cost::text as unit_cost,
      (select count(*)::int from supplier_claim_lines o where o.claim_id = l.claim_id and o.quantity > 0)
        as live_lines
    from supplier_claim_lines l
    where l.id = ${context.supplierClaimLineId} and l.claim_id = ${context.supplierClaimId} and l.quantity > 0
    for update`);
  const found = line.rows[0];
  if (!found) throw notFound;
  return found;
}

/** The claim's totals again from its live lines, in exact numeric. */
export async function recomputeTotals(tx: Db, claimId: string): Promise<void> {
  await tx.execute(sql`
    update supplier_claims c set
      total_amount = t.total, line_count = t.lines, unit_count = t.units,
      updated_at = greatest(now(), c.updated_at + interval '1 millisecond')
    from (
      select coalesce(sum(quantity * unit_cost), 0) as total, count(*) filter (where quantity > 0)::int as lines,
        coalesce(sum(quantity), 0)::int as units
      from supplier_claim_lines where claim_id = ${claimId}
    ) t
    where c.id = ${claimId}`);
}

async function recordLineChange(
  tx: Db,
  context: ClaimContext,
  kind: SupplierClaimEventKind,
  note: string,
): Promise<SupplierClaim> {
  await recomputeTotals(tx, context.supplierClaimId);
  await tx.insert(supplierClaimEvents).values({
    id: newId("supplierClaimEvent"),
    claimId: context.supplierClaimId,
    kind,
    actorName: context.actor.name,
    actorUserId: context.actor.userId ?? null,
    note,
  });
  const claim = await getSupplierClaim(tx, context);
  await recordSupplierClaimEvent(tx, context.storeId, "updated", claim);
  return claim;
}

const lineName = (line: LockedLine) => (line.sku ? `${line.title} (${line.sku})` : line.title);
const cost = (amount: string) => Number(amount).toFixed(2);

/**
 * Changes a draft line's units (1 up to what its source recorded), unit cost and reason (within its group:
 * reasonsAllowedFor). A change that changes nothing answers the claim as it is, without history or event.
 */
export async function updateSupplierClaimLine(
  db: Db,
  context: Context,
  change: SupplierClaimLineChange,
): Promise<SupplierClaim> {
  return db.transaction(async (tx) => {
    const line = await lockDraftLine(tx, context, "edited");
    const recorded = line.quantity + line.waived_quantity;
    const issues = [];
    if (!line.manual && change.quantity !== undefined && change.quantity > recorded) {
      issues.push({
        path: "supplier_claim_line.quantity",
        message: `Claim 1 to ${recorded} units: the line's ${line.reason === "return_to_vendor" ? "return" : "receipt"} recorded ${recorded}.`,
      });
    }
    const allowed = reasonsAllowedFor(line.reason);
    if (change.reason !== undefined && !allowed.includes(change.reason)) {
      issues.push({
        path: "supplier_claim_line.reason",
        message:
          allowed.length === 1
            ? `A ${line.reason} line keeps its reason: its units were recorded as ${line.reason}.`
            : `Choose one of ${allowed.join(", ")}: the receipt recorded these units as damaged or missing.`,
      });
    }
    if (issues.length > 0) throw new ValidationError(SUPPLIER_CLAIM_RESOURCE, issues);
    const next = {
      quantity: change.quantity ?? line.quantity,
      unitCost: change.unit_cost === undefined ? line.unit_cost : change.unit_cost,
      reason: change.reason ?? line.reason,
    };
    const words = [
      next.quantity !== line.quantity ? `units ${line.quantity} → ${next.quantity}` : null,
      cost(next.unitCost) !== cost(line.unit_cost)
        ? `unit cost ${cost(line.unit_cost)} → ${cost(next.unitCost)}`
        : null,
      next.reason !== line.reason ? `reason ${line.reason} → ${next.reason}` : null,
    ].filter((word): word is string => word !== null);
    if (words.length === 0) return getSupplierClaim(tx, context);
    await tx.execute(sql`
      update supplier_claim_lines set
        quantity = ${next.quantity}, waived_quantity = ${line.manual ? line.waived_quantity : recorded - next.quantity},
        unit_cost = ${next.unitCost}::numeric, reason = ${next.reason}
      where id = ${context.supplierClaimLineId}`);
    return recordLineChange(tx, context, "line_edited", `${lineName(line)}: ${words.join(", ")}`);
  });
}

/**
 * Removes a draft's line: none of its units are claimed any more (all waived, so still explained). The last
 * line of a draft is refused (409 `supplier-claim/last-line`): a draft claims something.
 */
export async function removeSupplierClaimLine(db: Db, context: Context): Promise<SupplierClaim> {
  return db.transaction(async (tx) => {
    const line = await lockDraftLine(tx, context, "removed");
    if (line.live_lines <= 1) {
      throw new ConflictError(
        `${SUPPLIER_CLAIM_RESOURCE}/last-line`,
        "This is the draft's last line; a draft claims at least one. Change its units or cost instead.",
      );
    }
    await tx.execute(sql`
      update supplier_claim_lines set waived_quantity = waived_quantity + quantity, quantity = 0
      where id = ${context.supplierClaimLineId}`);
    const units = `${line.quantity} unit${line.quantity === 1 ? "" : "s"}`;
    return recordLineChange(tx, context, "line_removed", `${lineName(line)}: ${units} no longer claimed`);
  });
}

/**
 * Adds a line by hand to a draft (`source` manual: no receipt or return): a product of the store by SKU, with
 * reason damaged, missing or wrong_item, units and unit cost. An unknown SKU is a 400 naming the field. Its
 * units were recorded by nothing else, so the units-explained sums leave it out (they match receipts and returns).
 */
export async function addManualClaimLine(
  db: Db,
  context: ClaimContext,
  input: AddSupplierClaimLineInput,
): Promise<SupplierClaim> {
  return db.transaction(async (tx) => {
    await lockDraft(tx, context, "added");
    const product = await tx.execute<{ variant_id: string; sku: string; title: string }>(sql`
      select v.id as variant_id, v.sku, coalesce(p.title || ' - ' || v.title, p.title) as title
      from product_variants v join products p on p.id = v.product_id
      where v.store_id = ${context.storeId} and v.sku = ${input.sku} limit 1`);
    const found = product.rows[0];
    if (!found) {
      throw new ValidationError(SUPPLIER_CLAIM_RESOURCE, [
        { path: "supplier_claim_line.sku", message: `No product of the store has the SKU “${input.sku}”.` },
      ]);
    }
    await tx.insert(supplierClaimLines).values({
      id: newId("supplierClaimLine"),
      claimId: context.supplierClaimId,
      position: sql`(select coalesce(max(position) + 1, 0) from supplier_claim_lines
        where claim_id = ${context.supplierClaimId})`,
      reason: input.reason,
      source: "manual",
      variantId: found.variant_id,
      sku: found.sku,
      title: found.title,
      quantity: input.quantity,
      unitCost: input.unit_cost,
      note: input.note || null,
    });
    const units = `${input.quantity} unit${input.quantity === 1 ? "" : "s"}`;
    const line = `${found.title} (${found.sku})`;
    return recordLineChange(
      tx,
      context,
      "lines_added",
      `Added by hand: ${line}, ${units} ${input.reason} at ${cost(input.unit_cost)}`,
    );
  });
}
