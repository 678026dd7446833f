import { and, count, eq, type SQL, sql } from "drizzle-orm";
import { dayRangeBounds, isCalendarDay } from "../../calendar-days";
import type { Db } from "../../db";
import { returns, stores } from "../../db/schema";
import type { SavedViewList } from "../../enums";
import { listInboundShipmentsQuerySchema } from "../../schemas/inbound-shipments";
import { listReturnsQuerySchema } from "../../schemas/return-requests";
import { ValidationError } from "../errors";
import { shipmentConditions, shipmentFiltersOf } from "../inbound-shipments/filters";
import { returnFilterConditions, returnFiltersOf } from "../returns/list";

/**
 * The rows a saved view's list page shows, as SQL: the page's URL query translated to the list operation's
 * query (the way the page's hook does), parsed with that operation's schema and turned into conditions by
 * the list's own filter functions. So an alert's count is the number of rows its link opens.
 */

export type ViewRows = { list: SavedViewList; where: SQL };

function invalid(message: string): ValidationError {
  return new ValidationError("alert", [{ path: "alert.saved_view_id", message }], message);
}

/**
 * A view's days (`from`, `to`): calendar days of the store's time zone, as the page reads them
 * (components/shipments/shipment-url-filters.ts): one that is not a day is refused here (the page would
 * drop it, and the alert would count rows its view does not mean).
 */
function dayRange(params: URLSearchParams): { from?: string; to?: string } {
  const range: { from?: string; to?: string } = {};
  for (const bound of ["from", "to"] as const) {
    const day = params.get(bound);
    if (day === null) continue;
    if (!isCalendarDay(day)) throw invalid(`The view's ${bound} must be a day written YYYY-MM-DD (${day}).`);
    range[bound] = day;
  }
  return range;
}

/** The store's time zone (Settings -> Store), in which its pages read a day. */
async function storeTimeZone(db: Db, storeId: string): Promise<string> {
  const [store] = await db.select({ timeZone: stores.timeZone }).from(stores).where(eq(stores.id, storeId));
  return store?.timeZone ?? "UTC";
}

/** What the shipments page sends for its URL parameters (lib/client/hooks/inbound-shipments.ts). */
async function shipmentApiQuery(
  db: Db,
  storeId: string,
  params: URLSearchParams,
): Promise<Record<string, string>> {
  const query: Record<string, string> = {};
  const q = params.get("q")?.trim();
  if (q) Object.assign(query, { q, match: "contains" });
  const status = params.get("status");
  if (status) query.status = status;
  const location = params.get("location");
  if (location) query.location_id = location;
  if (params.get("late") === "true") query.late = "true";
  const arriving = params.get("arriving");
  if (arriving) query.arriving_within_days = arriving;
  const range = dayRange(params);
  if (range.from || range.to) {
    const { min, max } = dayRangeBounds(range, await storeTimeZone(db, storeId));
    if (min) query.created_at_min = min;
    if (max) query.created_at_max = max;
  }
  return query;
}

/** The returns page sends its own names (q, status, sort, order); sort and order change no count. */
function returnApiQuery(params: URLSearchParams): Record<string, string> {
  const query: Record<string, string> = {};
  const q = params.get("q")?.trim();
  if (q) query.q = q;
  const status = params.get("status");
  if (status) query.status = status;
  return query;
}

/** The view's rows as a condition; a ValidationError for a query the list's operation would refuse. */
export async function viewRows(
  db: Db,
  storeId: string,
  list: SavedViewList,
  query: string,
): Promise<ViewRows> {
  const params = new URLSearchParams(query);
  if (list === "returns") {
    const parsed = listReturnsQuerySchema.safeParse(returnApiQuery(params));
    if (!parsed.success) throw invalid(parsed.error.issues.map((issue) => issue.message).join(" "));
    return {
      list,
      where: and(...returnFilterConditions(returnFiltersOf(storeId, parsed.data))) ?? sql`true`,
    };
  }
  const parsed = listInboundShipmentsQuerySchema.safeParse(await shipmentApiQuery(db, storeId, params));
  if (!parsed.success) throw invalid(parsed.error.issues.map((issue) => issue.message).join(" "));
  return { list, where: sql.join(shipmentConditions(shipmentFiltersOf(storeId, parsed.data)), sql` and `) };
}

/** How many rows the view lists now. */
export async function countViewRows(db: Db, rows: ViewRows): Promise<number> {
  if (rows.list === "returns") {
    const [row] = await db.select({ count: count() }).from(returns).where(rows.where);
    return row?.count ?? 0;
  }
  const { rows: result } = await db.execute<{ count: number | string }>(
    sql`select count(*) as count from inbound_shipments s where ${rows.where}`,
  );
  return Number(result[0]?.count ?? 0);
}

/** The ids of the rows the view lists now (for a new-rows alert). */
export async function viewRowIds(db: Db, rows: ViewRows): Promise<string[]> {
  if (rows.list === "returns") {
    const found = await db.select({ id: returns.id }).from(returns).where(rows.where);
    return found.map((row) => row.id);
  }
  const { rows: found } = await db.execute<{ id: string }>(
    sql`select s.id from inbound_shipments s where ${rows.where}`,
  );
  return found.map((row) => row.id);
}
