import { sql } from "drizzle-orm";
import type { Db } from "../../db";
import { renderClaimPdf } from "../../labels";
import type { SupplierClaim } from "../../schemas/suppliers";
import { getSupplierClaim } from "./claim-read";

/** A claim's PDF (drawn by lib/labels from plain data) for the supplier, and its file name. */
export async function supplierClaimPdf(
  db: Db,
  params: { storeId: string; supplierClaimId: string; publicUrl: string },
): Promise<{ body: Uint8Array; filename: string; claim: SupplierClaim }> {
  const claim = await getSupplierClaim(db, params);
  const { rows } = await db.execute<{ store_name: string; code: string | null }>(sql`
    select st.name as store_name, s.code from stores st join suppliers s on s.id = ${claim.supplier.id}
    where st.id = ${params.storeId}`);
  const body = await renderClaimPdf({
    id: claim.id,
    storeName: rows[0]?.store_name ?? "",
    supplier: { ...claim.supplier, code: rows[0]?.code ?? null },
    status: claim.status,
    createdAt: claim.created_at,
    dueDate: claim.due_date,
    currency: claim.total.currency,
    total: claim.total.amount,
    note: claim.note,
    lines: claim.lines.map((line) => ({
      reason: line.reason,
      sku: line.sku,
      title: line.title,
      quantity: line.quantity,
      unitCost: line.unit_cost.amount,
      total: line.total.amount,
      reference: line.receipt_id ?? line.return_id ?? "",
      photoCount: line.photos.length,
    })),
  });
  return { body, filename: `claim-${claim.id}.pdf`, claim };
}
