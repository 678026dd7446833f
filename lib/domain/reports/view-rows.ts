import type { Db } from "../../db";
import { INBOUND_SHIPMENT_STATUSES, RETURN_STATUSES, type SavedViewList } from "../../enums";
import { MAX_SEARCH_LENGTH } from "../../schemas/limits";
import { SHIPMENT_EXPORT_COLUMNS, shipmentExportRows } from "../inbound-shipments/export";
import type { ShipmentFilters } from "../inbound-shipments/filters";
import { RETURN_EXPORT_COLUMNS, returnExportRows } from "../returns/export";
import type { ReturnFilters } from "../returns/list";
import { instantOfWallTime, nextDay } from "../zoned-time";

/**
 * A saved view's rows as its list's CSV export gives them: the view's query is the list page's URL query,
 * read here the way the page reads it and turned into the filters its Export button sends
 * (components/returns/return-url-filters.ts, components/shipments/shipment-url-filters.ts), then handed to
 * the export's own row generator. A value the page would ignore is ignored here too.
 */

type Rows = AsyncIterable<(string | number | null)[][] | string>;

const includes = <T extends string>(values: readonly T[], value: string | null): value is T =>
  (values as readonly (string | null)[]).includes(value);

function returnFiltersOfView(storeId: string, params: URLSearchParams): ReturnFilters {
  const filters: ReturnFilters = { storeId };
  const q = params.get("q")?.trim();
  if (q) filters.q = q.slice(0, MAX_SEARCH_LENGTH);
  const status = params.get("status");
  if (includes(RETURN_STATUSES, status)) filters.status = status;
  return filters;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const isDay = (value: string | null): value is string =>
  value !== null && DAY.test(value) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value);

function shipmentFiltersOfView(storeId: string, params: URLSearchParams, timeZone: string): ShipmentFilters {
  const filters: ShipmentFilters = { storeId };
  const q = params.get("q")?.trim();
  // The list's search box matches any part of a code (`match=contains`), and so does its export.
  if (q && q.length <= MAX_SEARCH_LENGTH) Object.assign(filters, { q, match: "contains" });
  const status = params.get("status");
  if (includes(INBOUND_SHIPMENT_STATUSES, status)) filters.status = status;
  const location = params.get("location");
  if (location && /^loc_[0-9A-Za-z]{1,64}$/.test(location)) filters.locationId = location;
  // Days are the store's: "from March 1" starts at its midnight there, "to March 14" ends at the next one.
  const from = params.get("from");
  if (isDay(from)) filters.createdAtMin = instantOfWallTime(from, 0, timeZone);
  const to = params.get("to");
  if (isDay(to)) filters.createdAtMax = instantOfWallTime(nextDay(to), 0, timeZone);
  if (params.get("late") === "true") filters.late = true;
  const arriving = params.get("arriving");
  if (arriving && /^\d{1,3}$/.test(arriving) && Number(arriving) <= 365)
    filters.arrivingWithinDays = Number(arriving);
  return filters;
}

/** The export's columns and row batches for a saved view of `list` with `query`. */
export function savedViewExport(
  db: Db,
  view: { storeId: string; list: SavedViewList; query: string },
  timeZone: string,
): { columns: readonly string[]; rows: Rows } {
  const params = new URLSearchParams(view.query);
  if (view.list === "returns") {
    return {
      columns: RETURN_EXPORT_COLUMNS,
      rows: returnExportRows(db, returnFiltersOfView(view.storeId, params)),
    };
  }
  return {
    columns: SHIPMENT_EXPORT_COLUMNS,
    rows: shipmentExportRows(db, shipmentFiltersOfView(view.storeId, params, timeZone)),
  };
}
