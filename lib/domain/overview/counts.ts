import { and, sql } from "drizzle-orm";
import type { Db } from "../../db";
import type { StoreOverview } from "../../schemas/overview";
import { shipmentConditions } from "../inbound-shipments/filters";
import { returnFilterConditions } from "../returns/list";

/** The window of `shipmentsArrivingSoon`, in days from today (UTC): the link behind it sends the same. */
export const ARRIVING_WITHIN_DAYS = 7;

/**
 * The work waiting, in one statement of scalar subqueries. Each count is built from the list's own
 * filter conditions (`returnFilterConditions`, `shipmentConditions`), so the number on the overview and
 * the rows of the list it links to can never disagree. Each is a count over an index: returns by
 * (store_id, status, …), shipments by the partial outstanding-arrival index, webhooks by (store_id, topic).
 */
export async function overviewCounts(db: Db, storeId: string): Promise<StoreOverview["counts"]> {
  const where = (conditions: ReturnType<typeof shipmentConditions>) => and(...conditions);
  const { rows } = await db.execute<StoreOverview["counts"]>(sql`
    select
      (select count(*)::int from returns where ${where(returnFilterConditions({ storeId, status: "pre_shipment" }))})
        as "returnsAwaitingReview",
      (select count(*)::int from returns where ${where(returnFilterConditions({ storeId, status: "flagged" }))})
        as "returnsFlagged",
      (select count(*)::int from returns where ${where(returnFilterConditions({ storeId, status: "delivered" }))})
        as "returnsAwaitingProcessing",
      (select count(*)::int from inbound_shipments s
        where ${where(shipmentConditions({ storeId, arrivingWithinDays: ARRIVING_WITHIN_DAYS }))})
        as "shipmentsArrivingSoon",
      (select count(*)::int from inbound_shipments s where ${where(shipmentConditions({ storeId, late: true }))})
        as "shipmentsLate",
      (select count(*)::int from webhooks w
        where w.store_id = ${storeId} and (w.disabled_at is not null or w.failing_since is not null))
        as "webhooksFailing"`);
  const [counts] = rows;
  if (!counts) throw new Error("the overview's counts returned no row");
  return counts;
}
