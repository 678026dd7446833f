import { and, sql } from "drizzle-orm";
import type { Db } from "../../db";
import { returns } from "../../db/schema";
import { type ReturnFilters, returnFilterConditions } from "./list";

/**
 * The store's returns with their items as CSV rows, for the Export button of the returns list
 * (docs/csv.md): one row per item, in the list's order and with its filters, a batch of returns at a time
 * by keyset, so the export starts at once whatever the store's size.
 */

export const RETURN_EXPORT_COLUMNS = [
  "id",
  "status",
  "type",
  "created_at",
  "updated_at",
  "order_id",
  "order_name",
  "customer_name",
  "customer_email",
  "currency",
  "refund_total",
  "store_credit_total",
  "exchange_total",
  "charge_total",
  "item_id",
  "sku",
  "product_name",
  "variant_name",
  "quantity",
  "reason",
  "external_identifier",
  "grade",
  "outcome",
  "refund_amount",
  "refund_type",
] as const;

type ExportRow = Record<(typeof RETURN_EXPORT_COLUMNS)[number], string | number | null> & {
  position_updated_at: string;
};

export type ReturnExportFilters = ReturnFilters;

export async function* returnExportRows(
  db: Db,
  filters: ReturnExportFilters,
  batchSize = 1000,
): AsyncGenerator<(string | number | null)[][]> {
  let after: { updatedAt: string; id: string } | undefined;
  for (;;) {
    const conditions = returnFilterConditions(filters);
    if (after) {
      conditions.push(
        sql`(${returns.updatedAt}, ${returns.id}) < (${after.updatedAt}::timestamptz, ${after.id})`,
      );
    }
    const { rows } = await db.execute<ExportRow>(sql`
      with page as (
        select ${returns.id} as id from ${returns}
        where ${and(...conditions)}
        order by ${returns.updatedAt} desc, ${returns.id} desc
        limit ${batchSize}
      )
      select r.id, r.status::text as status, r.type::text as type,
        to_char(r.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created_at,
        to_char(r.updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as updated_at,
        o.id as order_id, o.name as order_name,
        trim(r.source_given_name || ' ' || r.source_surname) as customer_name, r.source_email as customer_email,
        r.currency, r.refund_total::text as refund_total, r.store_credit_total::text as store_credit_total,
        r.exchange_total::text as exchange_total, r.charge_total::text as charge_total,
        i.id as item_id, i.sku, li.product_name, li.variant_name, i.quantity, i.reason,
        i.external_identifier, i.grade, i.outcome, i.refund_amount::text as refund_amount, i.refund_type,
        r.updated_at::text as position_updated_at
      from page
      join returns r on r.id = page.id
      join orders o on o.id = r.order_id
      left join return_items i on i.return_id = r.id
      left join order_line_items li on li.id = i.order_line_item_id
      order by r.updated_at desc, r.id desc, i.position, i.id`);
    if (rows.length === 0) return;
    yield rows.map((row) => RETURN_EXPORT_COLUMNS.map((column) => row[column]));
    const last = rows.at(-1) as ExportRow;
    after = { updatedAt: last.position_updated_at, id: last.id as string };
    if (new Set(rows.map((row) => row.id)).size < batchSize) return;
  }
}
