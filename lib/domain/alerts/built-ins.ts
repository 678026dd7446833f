import { and, count, eq, lt, sql } from "drizzle-orm";
import type { Db } from "../../db";
import { returns } from "../../db/schema";
import { DISCREPANCY_LINE } from "../inbound-shipments/discrepancies";
import { shipmentConditions } from "../inbound-shipments/filters";

/**
 * What the built-in alerts watch, as list pages' queries where a list page shows their rows (the link of
 * the message opens it, and the count is its rows) and as reads of their own where it does not.
 */

/**
 * Returns waiting for review: `needs_review` is the status a return arrives in from the store's platform
 * when it "requires review before further action" (docs/returns-lifecycle.md), and no Backroom operation
 * enters it; processing moves it on. The list opens oldest update first, the longest waiting on top.
 */
export const RETURNS_WAITING_QUERY = "status=needs_review&sort=updated_at&order=asc";

/** The shipment list's `late` filter: not yet received and expected before today (UTC). */
export const SHIPMENTS_LATE_QUERY = "late=true";

/**
 * Returns waiting for review whose last update is older than `hours`. The last update stands for "since it
 * waits": nothing of Backroom updates a return in `needs_review` but a comment, a tag or its platform.
 */
export async function countReturnsWaitingLonger(
  db: Db,
  storeId: string,
  hours: number,
  now: Date,
): Promise<number> {
  const [row] = await db
    .select({ count: count() })
    .from(returns)
    .where(
      and(
        eq(returns.storeId, storeId),
        eq(returns.status, "needs_review"),
        lt(returns.updatedAt, new Date(now.getTime() - hours * 3_600_000)),
      ),
    );
  return row?.count ?? 0;
}

/** The store's shipment lines with a discrepancy (the discrepancy report's rows, unfiltered). */
export async function discrepancyLineIds(db: Db, storeId: string): Promise<string[]> {
  const { rows } = await db.execute<{ id: string }>(sql`
    select i.id from inbound_shipments s join inbound_shipment_items i on i.shipment_id = s.id
    where ${sql.join(shipmentConditions({ storeId }), sql` and `)} and ${DISCREPANCY_LINE}`);
  return rows.map((row) => row.id);
}

/** The shipments of some lines, each once: the discrepancy message names them and links to them. */
export async function shipmentsOfLines(
  db: Db,
  lineIds: readonly string[],
): Promise<{ id: string; reference: string }[]> {
  if (lineIds.length === 0) return [];
  const { rows } = await db.execute<{ id: string; reference: string }>(sql`
    select distinct s.id, coalesce(s.shipment_id, s.tracking_number, s.id) as reference
    from inbound_shipment_items i join inbound_shipments s on s.id = i.shipment_id
    where i.id in (${sql.join(
      lineIds.map((id) => sql`${id}`),
      sql`, `,
    )})
    order by s.id`);
  return rows;
}
