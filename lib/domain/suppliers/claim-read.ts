import { type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db";
import type { SupplierClaimEventKind, SupplierClaimLineSource, SupplierClaimReason } from "../../enums";
import { isId } from "../../ids";
import type { ListSupplierClaimsQuery, SupplierClaim, SupplierClaimSummary } from "../../schemas/suppliers";
import { NotFoundError } from "../errors";
import { imageUrl } from "../images/stored";
import type { KeysetPosition } from "../paging";

/** Reading supplier claims (docs/suppliers.md): summaries for the list, the claim with lines and history. */

export const SUPPLIER_CLAIM_RESOURCE = "supplier-claim";

type SummaryRow = {
  id: string;
  status: SupplierClaimSummary["status"];
  supplier_id: string;
  supplier_name: string;
  supplier_email: string;
  currency: string;
  total_amount: string;
  credited_amount: string | null;
  due_date: string;
  line_count: number;
  unit_count: number;
  note: string | null;
  sent_at: string | null;
  resolved_at: string | null;
  created_at: string;
  updated_at: string;
};

const iso = (column: string) =>
  sql.raw(`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);

function summaryQuery(where: SQL, tail: SQL = sql``): SQL {
  return sql`
    select c.id, c.status, s.id as supplier_id, s.name as supplier_name, s.email as supplier_email, c.currency,
      c.total_amount::text as total_amount, c.credited_amount::text as credited_amount, c.due_date::text as due_date,
      c.line_count, c.unit_count, c.note, ${iso("c.sent_at")} as sent_at, ${iso("c.resolved_at")} as resolved_at,
      ${iso("c.created_at")} as created_at, ${iso("c.updated_at")} as updated_at
    from supplier_claims c
    join suppliers s on s.id = c.supplier_id
    where ${where}
    ${tail}`;
}

const money = (amount: string, currency: string) => ({ amount: Number(amount).toFixed(2), currency });

function summaryOf(row: SummaryRow): SupplierClaimSummary {
  return {
    id: row.id,
    status: row.status,
    supplier: { id: row.supplier_id, name: row.supplier_name, email: row.supplier_email },
    total: money(row.total_amount, row.currency),
    credited: row.credited_amount === null ? null : money(row.credited_amount, row.currency),
    due_date: row.due_date,
    line_count: row.line_count,
    unit_count: row.unit_count,
    note: row.note,
    sent_at: row.sent_at,
    resolved_at: row.resolved_at,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

type LineRow = {
  id: string;
  reason: SupplierClaimReason;
  inbound_shipment_id: string | null;
  receipt_id: string | null;
  source: SupplierClaimLineSource;
  return_id: string | null;
  sku: string | null;
  title: string;
  quantity: number;
  waived_quantity: number;
  unit_cost: string;
  photo_ids: string[];
  note: string | null;
  created_at: string;
};

type EventRow = {
  kind: SupplierClaimEventKind;
  actor_name: string;
  amount: string | null;
  note: string | null;
  created_at: string;
};

/**
 * One claim of the store with its lines and history; 404 for an unknown or foreign id. A line staff removed
 * (quantity 0, all its units waived) stays in the table for the books but is not one of the claim's lines.
 */
export async function getSupplierClaim(
  db: Db,
  params: { storeId: string; supplierClaimId: string; publicUrl: string },
): Promise<SupplierClaim> {
  const notFound = new NotFoundError(SUPPLIER_CLAIM_RESOURCE, params.supplierClaimId);
  if (!isId("supplierClaim", params.supplierClaimId)) throw notFound;
  const { rows } = await db.execute<SummaryRow>(
    summaryQuery(sql`c.store_id = ${params.storeId} and c.id = ${params.supplierClaimId}`),
  );
  const row = rows[0];
  if (!row) throw notFound;
  const lines = await db.execute<LineRow>(sql`
    select id, reason, inbound_shipment_id, receipt_id, return_id, source, sku, title, quantity, waived_quantity,
      unit_cost::text as unit_cost, photo_ids, note, ${iso("created_at")} as created_at
    from supplier_claim_lines where claim_id = ${row.id} and quantity > 0 order by position, id`);
  const history = await db.execute<EventRow>(sql`
    select kind, actor_name, amount::text as amount, note, ${iso("created_at")} as created_at
    from supplier_claim_events where claim_id = ${row.id} order by created_at, id`);
  return {
    ...summaryOf(row),
    lines: lines.rows.map((line) => ({
      id: line.id,
      reason: line.reason,
      inbound_shipment_id: line.inbound_shipment_id,
      receipt_id: line.receipt_id,
      return_id: line.return_id,
      source: line.source,
      sku: line.sku,
      title: line.title,
      quantity: line.quantity,
      waived_quantity: line.waived_quantity,
      unit_cost: money(line.unit_cost, row.currency),
      total: money((Number(line.unit_cost) * line.quantity).toFixed(2), row.currency),
      photos: line.photo_ids.map((id) => imageUrl(id, params.publicUrl)),
      note: line.note,
      created_at: line.created_at,
    })),
    history: history.rows.map((event) => ({
      kind: event.kind,
      actor: event.actor_name,
      amount: event.amount === null ? null : money(event.amount, row.currency),
      note: event.note,
      created_at: event.created_at,
    })),
  };
}

/** The store of a claim the path names with its store: 404 unless it is that store's. */
export async function findSupplierClaimStore(
  db: Db,
  params: { storeId: string; supplierClaimId: string },
): Promise<string> {
  const notFound = new NotFoundError(SUPPLIER_CLAIM_RESOURCE, params.supplierClaimId);
  if (!isId("supplierClaim", params.supplierClaimId)) throw notFound;
  const { rows } = await db.execute<{ id: string }>(
    sql`select id from supplier_claims where store_id = ${params.storeId} and id = ${params.supplierClaimId}`,
  );
  if (rows.length === 0) throw notFound;
  return params.storeId;
}

export type SupplierClaimFilters = { storeId: string } & ListSupplierClaimsQuery;

function filterSql(filters: SupplierClaimFilters): SQL {
  const parts: SQL[] = [sql`c.store_id = ${filters.storeId}`];
  if (filters.status) parts.push(sql`c.status = ${filters.status}`);
  if (filters.supplier_id) parts.push(sql`c.supplier_id = ${filters.supplier_id}`);
  if (filters.created_at_min) parts.push(sql`c.created_at >= ${filters.created_at_min}::timestamptz`);
  if (filters.created_at_max) parts.push(sql`c.created_at < ${filters.created_at_max}::timestamptz`);
  return sql.join(parts, sql` and `);
}

/** The store's claims the filters select, most recently updated first, a keyset page at a time. */
export async function listSupplierClaims(
  db: Db,
  input: SupplierClaimFilters & { limit: number; after?: KeysetPosition },
): Promise<{ claims: SupplierClaimSummary[]; next?: KeysetPosition }> {
  const after = input.after
    ? sql` and (c.updated_at, c.id) < (${input.after.updatedAt.toISOString()}::timestamptz, ${input.after.id})`
    : sql``;
  const { rows } = await db.execute<SummaryRow>(
    summaryQuery(
      sql`${filterSql(input)}${after}`,
      sql`order by c.updated_at desc, c.id desc limit ${input.limit + 1}`,
    ),
  );
  const page = rows.slice(0, input.limit);
  const last = page.at(-1);
  return {
    claims: page.map(summaryOf),
    ...(rows.length > input.limit && last
      ? { next: { updatedAt: new Date(last.updated_at), id: last.id } }
      : {}),
  };
}

export const SUPPLIER_CLAIM_EXPORT_COLUMNS = [
  "id",
  "status",
  "supplier_id",
  "supplier_name",
  "currency",
  "total",
  "credited",
  "due_date",
  "line_count",
  "unit_count",
  "sent_at",
  "resolved_at",
  "created_at",
  "updated_at",
] as const;

/** The claims the filters select, one CSV row per claim, a page at a time. */
export async function* supplierClaimExportRows(
  db: Db,
  filters: SupplierClaimFilters,
): AsyncGenerator<(string | number | null)[][]> {
  let after: KeysetPosition | undefined;
  for (;;) {
    const page = await listSupplierClaims(db, { ...filters, limit: 500, after });
    const rows = page.claims.map((claim) => [
      claim.id,
      claim.status,
      claim.supplier.id,
      claim.supplier.name,
      claim.total.currency,
      claim.total.amount,
      claim.credited?.amount ?? null,
      claim.due_date,
      claim.line_count,
      claim.unit_count,
      claim.sent_at,
      claim.resolved_at,
      claim.created_at,
      claim.updated_at,
    ]);
    if (rows.length > 0) yield rows;
    if (!page.next) return;
    after = page.next;
  }
}

export const SUPPLIER_CLAIM_LINE_COLUMNS = [
  "claim_id",
  "supplier",
  "line_id",
  "reason",
  "sku",
  "title",
  "quantity",
  "unit_cost",
  "total",
  "currency",
  "inbound_shipment_id",
  "receipt_id",
  "return_id",
  "photos",
  "note",
] as const;

/** One claim's lines as CSV rows (what is sent to the supplier beside the PDF). */
export async function* supplierClaimLineRows(
  claim: SupplierClaim,
): AsyncGenerator<(string | number | null)[][]> {
  yield claim.lines.map((line) => [
    claim.id,
    claim.supplier.name,
    line.id,
    line.reason,
    line.sku,
    line.title,
    line.quantity,
    line.unit_cost.amount,
    line.total.amount,
    line.unit_cost.currency,
    line.inbound_shipment_id,
    line.receipt_id,
    line.return_id,
    line.photos.join(" "),
    line.note,
  ]);
}
