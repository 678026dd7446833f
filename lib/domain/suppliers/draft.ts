import { sql } from "drizzle-orm";
import type { Db } from "../../db";
import { supplierClaimEvents, supplierClaimLines } from "../../db/schema";
import type { SupplierClaimReason } from "../../enums";
import { isId, newId } from "../../ids";
import type { Actor } from "../actor";
import { ConflictError, NotFoundError, ValidationError } from "../errors";
import { recordSupplierClaimEvent } from "../events/supplier-claim-events";
import { getSupplierClaim } from "./claim-read";
import { SUPPLIER_RESOURCE } from "./suppliers";

/**
 * Drafting claims (docs/suppliers.md): units to claim join the supplier's one DRAFT claim, which is opened when
 * there is none. Runs in the caller's transaction (a receipt's, or a return's disposition), so the claim line
 * exists exactly when the units it claims were recorded.
 */

export type ClaimLineInput = {
  reason: SupplierClaimReason;
  quantity: number;
  unitCost: string;
  title: string;
  sku: string | null;
  variantId: string | null;
  inboundShipmentId?: string;
  receiptId?: string;
  returnId?: string;
  photoIds?: string[];
  note?: string | null;
};

/**
 * The supplier's DRAFT claim, locked, opening one when there is none. Of two transactions opening one at once
 * the partial unique index lets one insert; the other's insert does nothing and its next look finds (and waits
 * for) that draft.
 */
async function lockOrOpenDraft(
  tx: Db,
  storeId: string,
  supplierId: string,
): Promise<{ id: string; opened: boolean }> {
  for (let attempt = 0; attempt < 3; attempt++) {
    const found = await tx.execute<{ id: string }>(sql`
      select id from supplier_claims where supplier_id = ${supplierId} and status = 'DRAFT' for update`);
    const existing = found.rows[0];
    if (existing) return { id: existing.id, opened: false };
    const inserted = await tx.execute<{ id: string }>(sql`
      insert into supplier_claims (id, store_id, supplier_id, currency, due_date)
      select ${newId("supplierClaim")}, s.id, ${supplierId}, s.currency,
        (now() at time zone 'UTC')::date + s.supplier_claim_due_days
      from stores s where s.id = ${storeId}
      on conflict (supplier_id) where status = 'DRAFT' do nothing
      returning id`);
    const opened = inserted.rows[0];
    if (opened) return { id: opened.id, opened: true };
  }
  throw new ConflictError(
    "supplier-claim/busy",
    "The supplier's draft claim changed several times meanwhile; try again.",
  );
}

/**
 * Adds `lines` to the supplier's draft claim (opening it), with their totals, a history entry and a
 * `supplier_claim` event. Answers the claim's id.
 */
export async function addClaimLines(
  tx: Db,
  context: { storeId: string; supplierId: string; actor: Actor; publicUrl: string },
  lines: ClaimLineInput[],
): Promise<string | undefined> {
  const claimable = lines.filter((line) => line.quantity > 0);
  if (claimable.length === 0) return undefined;
  const draft = await lockOrOpenDraft(tx, context.storeId, context.supplierId);
  // After every line of the draft, removed ones included (they keep their position).
  const [counts] = (
    await tx.execute<{ next_position: number }>(
      sql`select coalesce(max(position) + 1, 0)::int as next_position from supplier_claim_lines
        where claim_id = ${draft.id}`,
    )
  ).rows;
  const start = counts?.next_position ?? 0;
  await tx.insert(supplierClaimLines).values(
    claimable.map((line, index) => ({
      id: newId("supplierClaimLine"),
      claimId: draft.id,
      position: start + index,
      reason: line.reason,
      inboundShipmentId: line.inboundShipmentId ?? null,
      receiptId: line.receiptId ?? null,
      returnId: line.returnId ?? null,
      // The CHECK ties it to the ids: a line from neither fails here rather than pass as added by hand.
      source: line.returnId ? ("return" as const) : ("receipt" as const),
      variantId: line.variantId,
      sku: line.sku,
      title: line.title,
      quantity: line.quantity,
      unitCost: line.unitCost,
      photoIds: line.photoIds ?? [],
      note: line.note ?? null,
    })),
  );
  const units = claimable.reduce((sum, line) => sum + line.quantity, 0);
  // Exact decimal arithmetic in the database: the lines' costs are numeric(14,2).
  const amount = claimable.map((line) => sql`${line.unitCost}::numeric * ${line.quantity}`);
  await tx.execute(sql`
    update supplier_claims set
      total_amount = total_amount + (${sql.join(amount, sql` + `)}),
      line_count = line_count + ${claimable.length},
      unit_count = unit_count + ${units},
      updated_at = greatest(now(), updated_at + interval '1 millisecond')
    where id = ${draft.id}`);
  await tx.insert(supplierClaimEvents).values({
    id: newId("supplierClaimEvent"),
    claimId: draft.id,
    kind: draft.opened ? "drafted" : "lines_added",
    actorName: context.actor.name,
    actorUserId: context.actor.userId ?? null,
    note: `${units} unit${units === 1 ? "" : "s"} on ${claimable.length} line${claimable.length === 1 ? "" : "s"}`,
  });
  const claim = await getSupplierClaim(tx, {
    storeId: context.storeId,
    supplierClaimId: draft.id,
    publicUrl: context.publicUrl,
  });
  await recordSupplierClaimEvent(tx, context.storeId, draft.opened ? "created" : "updated", claim);
  return draft.id;
}

/**
 * Adds units of a return's item to the supplier's open (DRAFT) claim with reason `return_to_vendor`: what a
 * return's return-to-vendor disposition calls, in its own transaction (docs/suppliers.md, "For other features").
 * The unit cost is the variant's latest on a shipment from this supplier, else 0 (staff see the line and its
 * cost on the claim). Answers the claim's id. A supplier of another store is a 404; a quantity below 1 a 400.
 */
export async function addReturnToVendorUnits(
  tx: Db,
  context: { storeId: string; actor: Actor; publicUrl: string },
  input: { supplierId: string; returnId: string; variantId: string; quantity: number; note?: string },
): Promise<string> {
  if (!Number.isInteger(input.quantity) || input.quantity < 1) {
    throw new ValidationError("supplier-claim", [
      { path: "quantity", message: "Claim at least one whole unit." },
    ]);
  }
  if (!isId("supplier", input.supplierId)) throw new NotFoundError(SUPPLIER_RESOURCE, input.supplierId);
  const { rows } = await tx.execute<{
    supplier_ok: boolean;
    sku: string | null;
    title: string | null;
    unit_cost: string | null;
  }>(sql`
    select exists (select 1 from suppliers where id = ${input.supplierId} and store_id = ${context.storeId})
        as supplier_ok,
      v.sku, coalesce(p.title || ' - ' || v.title, p.title) as title,
      (select i.unit_cost::text from inbound_shipment_items i join inbound_shipments s on s.id = i.shipment_id
        where i.variant_id = v.id and s.supplier_id = ${input.supplierId} and i.unit_cost is not null
        order by s.created_at desc limit 1) as unit_cost
    from (select 1) one
    left join product_variants v on v.id = ${input.variantId} and v.store_id = ${context.storeId}
    left join products p on p.id = v.product_id`);
  const found = rows[0];
  if (!found?.supplier_ok) throw new NotFoundError(SUPPLIER_RESOURCE, input.supplierId);
  if (!found.title) throw new NotFoundError("product", input.variantId);
  return (await addClaimLines(tx, { ...context, supplierId: input.supplierId }, [
    {
      reason: "return_to_vendor",
      quantity: input.quantity,
      unitCost: found.unit_cost ?? "0",
      title: found.title,
      sku: found.sku,
      variantId: input.variantId,
      returnId: input.returnId,
      note: input.note ?? null,
    },
  ])) as string;
}
