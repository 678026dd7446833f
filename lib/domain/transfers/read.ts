import { type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db";
import { isId } from "../../ids";
import type { ListTransfersQuery, Transfer, TransferSummary } from "../../schemas/transfers";
import { NotFoundError } from "../errors";
import type { KeysetPosition } from "../paging";

/**
 * Reading transfers (docs/transfers.md): a transfer's received, damaged and missing units are its destination
 * shipment's, read through the line's shipment line (same variant), so Receive mode's receipts are the one
 * record of what arrived.
 */

export const TRANSFER_RESOURCE = "transfer";

type SummaryRow = {
  id: string;
  status: TransferSummary["status"];
  origin_id: string;
  origin_name: string;
  destination_id: string;
  destination_name: string;
  inbound_shipment_id: string | null;
  note: string | null;
  line_count: number;
  unit_count: number;
  received_count: number;
  damaged_count: number;
  missing_count: number;
  created_by_name: string | null;
  shipped_at: string | null;
  shipped_by_name: string | null;
  closed_at: string | null;
  cancelled_at: string | null;
  cancelled_by_name: string | null;
  created_at: string;
  updated_at: string;
};

const iso = (column: string) =>
  sql.raw(`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);

function summaryQuery(where: SQL, tail: SQL = sql``): SQL {
  return sql`
    select t.id, t.status, o.id as origin_id, o.name as origin_name, d.id as destination_id,
      d.name as destination_name, t.inbound_shipment_id, t.note, t.line_count, t.unit_count,
      coalesce(s.received_count, 0) as received_count, coalesce(c.damaged, 0) as damaged_count,
      coalesce(c.missing, 0) as missing_count, t.created_by_name, ${iso("t.shipped_at")} as shipped_at,
      t.shipped_by_name, ${iso("t.closed_at")} as closed_at, ${iso("t.cancelled_at")} as cancelled_at,
      t.cancelled_by_name, ${iso("t.created_at")} as created_at, ${iso("t.updated_at")} as updated_at
    from transfers t
    join locations o on o.id = t.origin_location_id
    join locations d on d.id = t.destination_location_id
    left join inbound_shipments s on s.id = t.inbound_shipment_id
    left join lateral (
      select sum(i.damaged_quantity)::int as damaged, sum(i.missing_quantity)::int as missing
      from inbound_shipment_items i where i.shipment_id = t.inbound_shipment_id
    ) c on true
    where ${where}
    ${tail}`;
}

function summaryOf(row: SummaryRow): TransferSummary {
  return {
    id: row.id,
    status: row.status,
    origin: { id: row.origin_id, name: row.origin_name },
    destination: { id: row.destination_id, name: row.destination_name },
    inbound_shipment_id: row.inbound_shipment_id,
    note: row.note,
    line_count: row.line_count,
    unit_count: row.unit_count,
    received_count: row.received_count,
    damaged_count: row.damaged_count,
    missing_count: row.missing_count,
    created_by: row.created_by_name,
    shipped_at: row.shipped_at,
    shipped_by: row.shipped_by_name,
    closed_at: row.closed_at,
    cancelled_at: row.cancelled_at,
    cancelled_by: row.cancelled_by_name,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

/** One transfer of the store with its lines; 404 for an unknown or foreign id. */
export async function getTransfer(
  db: Db,
  params: { storeId: string; transferId: string },
): Promise<Transfer> {
  const notFound = new NotFoundError(TRANSFER_RESOURCE, params.transferId);
  if (!isId("transfer", params.transferId)) throw notFound;
  const { rows } = await db.execute<SummaryRow>(
    summaryQuery(sql`t.store_id = ${params.storeId} and t.id = ${params.transferId}`),
  );
  const row = rows[0];
  if (!row) throw notFound;
  const lines = await db.execute<Transfer["lines"][number]>(sql`
    select tl.id, tl.inventory_item_id, ii.sku, ii.name, tl.quantity,
      coalesce(si.received_quantity, 0) as received, coalesce(si.damaged_quantity, 0) as damaged,
      coalesce(si.missing_quantity, 0) as missing
    from transfer_lines tl
    join inventory_items ii on ii.id = tl.inventory_item_id
    left join inbound_shipment_items si
      on si.shipment_id = ${row.inbound_shipment_id} and si.variant_id = ii.variant_id
    where tl.transfer_id = ${params.transferId}
    order by tl.position, tl.id`);
  return { ...summaryOf(row), lines: lines.rows };
}

/** The store of a transfer the path names with its store: 404 unless it is that store's. */
export async function findTransferStore(
  db: Db,
  params: { storeId: string; transferId: string },
): Promise<string> {
  const notFound = new NotFoundError(TRANSFER_RESOURCE, params.transferId);
  if (!isId("transfer", params.transferId)) throw notFound;
  const { rows } = await db.execute<{ id: string }>(
    sql`select id from transfers where store_id = ${params.storeId} and id = ${params.transferId}`,
  );
  if (rows.length === 0) throw notFound;
  return params.storeId;
}

export type TransferFilters = { storeId: string } & ListTransfersQuery;

function filterSql(filters: TransferFilters): SQL {
  const parts: SQL[] = [sql`t.store_id = ${filters.storeId}`];
  if (filters.status) parts.push(sql`t.status = ${filters.status}`);
  if (filters.origin_location_id) parts.push(sql`t.origin_location_id = ${filters.origin_location_id}`);
  if (filters.destination_location_id)
    parts.push(sql`t.destination_location_id = ${filters.destination_location_id}`);
  if (filters.created_at_min) parts.push(sql`t.created_at >= ${filters.created_at_min}::timestamptz`);
  if (filters.created_at_max) parts.push(sql`t.created_at < ${filters.created_at_max}::timestamptz`);
  return sql.join(parts, sql` and `);
}

/** The store's transfers the filters select, most recently updated first, a keyset page at a time. */
export async function listTransfers(
  db: Db,
  input: TransferFilters & { limit: number; after?: KeysetPosition },
): Promise<{ transfers: TransferSummary[]; next?: KeysetPosition }> {
  const after = input.after
    ? sql` and (t.updated_at, t.id) < (${input.after.updatedAt.toISOString()}::timestamptz, ${input.after.id})`
    : sql``;
  const { rows } = await db.execute<SummaryRow>(
    summaryQuery(
      sql`${filterSql(input)}${after}`,
      sql`order by t.updated_at desc, t.id desc limit ${input.limit + 1}`,
    ),
  );
  const page = rows.slice(0, input.limit);
  const last = page.at(-1);
  return {
    transfers: page.map(summaryOf),
    ...(rows.length > input.limit && last
      ? { next: { updatedAt: new Date(last.updated_at), id: last.id } }
      : {}),
  };
}

export const TRANSFER_EXPORT_COLUMNS = [
  "id",
  "status",
  "origin_location_id",
  "origin_location_name",
  "destination_location_id",
  "destination_location_name",
  "inbound_shipment_id",
  "note",
  "created_at",
  "shipped_at",
  "closed_at",
  "cancelled_at",
  "updated_at",
  "line_id",
  "inventory_item_id",
  "sku",
  "name",
  "quantity",
  "received",
  "damaged",
  "missing",
] as const;

/** The transfers the filters select with their lines, one CSV row per line, a batch of transfers at a time. */
export async function* transferExportRows(
  db: Db,
  filters: TransferFilters,
): AsyncGenerator<(string | number | null)[][]> {
  let after: KeysetPosition | undefined;
  for (;;) {
    const page = await listTransfers(db, { ...filters, limit: 200, after });
    const rows: (string | number | null)[][] = [];
    for (const summary of page.transfers) {
      const transfer = await getTransfer(db, { storeId: filters.storeId, transferId: summary.id });
      for (const line of transfer.lines) {
        rows.push([
          transfer.id,
          transfer.status,
          transfer.origin.id,
          transfer.origin.name,
          transfer.destination.id,
          transfer.destination.name,
          transfer.inbound_shipment_id,
          transfer.note,
          transfer.created_at,
          transfer.shipped_at,
          transfer.closed_at,
          transfer.cancelled_at,
          transfer.updated_at,
          line.id,
          line.inventory_item_id,
          line.sku,
          line.name,
          line.quantity,
          line.received,
          line.damaged,
          line.missing,
        ]);
      }
    }
    if (rows.length > 0) yield rows;
    if (!page.next) return;
    after = page.next;
  }
}
