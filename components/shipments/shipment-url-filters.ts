import { dayRangeBounds, isCalendarDay } from "@/lib/calendar-days";
import type { ShipmentListFilters } from "@/lib/client/query-keys";
import { INBOUND_SHIPMENT_STATUSES, type InboundShipmentStatus } from "@/lib/enums";
import { MAX_SEARCH_LENGTH } from "@/lib/schemas/limits";

/**
 * The shipment list's filters as they appear in the URL (`?q=1Z99&status=IN_TRANSIT&location=loc_x&from=2025-01-01
 * &to=2025-02-01`) and as the API takes them. Dates are calendar days in UTC: `from` starts at that day's
 * 00:00 (inclusive) and `to` includes its whole day, so the API's exclusive upper bound is the next day's
 * 00:00. A value the API would refuse is ignored rather than sent.
 */
export type ShipmentUrlFilters = {
  /** `?q=`: part of a tracking number, shipment id, merchant reference or SKU. */
  q?: string;
  status?: InboundShipmentStatus;
  location?: string;
  from?: string;
  to?: string;
  /** `?late=true`: not received and expected before today (UTC). */
  late?: true;
  /** `?arriving=7`: not received and expected within that many days from today (UTC). */
  arriving?: number;
};

const LOCATION_ID = /^loc_[0-9A-Za-z]{1,64}$/;

function isStatus(value: string | null): value is InboundShipmentStatus {
  return (INBOUND_SHIPMENT_STATUSES as readonly (string | null)[]).includes(value);
}

export function readShipmentUrlFilters(params: Pick<URLSearchParams, "get">): ShipmentUrlFilters {
  const filters: ShipmentUrlFilters = {};
  const q = params.get("q")?.trim();
  if (q && q.length <= MAX_SEARCH_LENGTH) filters.q = q;
  const status = params.get("status");
  if (isStatus(status)) filters.status = status;
  const location = params.get("location");
  if (location && LOCATION_ID.test(location)) filters.location = location;
  const from = params.get("from");
  if (isCalendarDay(from)) filters.from = from;
  const to = params.get("to");
  if (isCalendarDay(to)) filters.to = to;
  if (params.get("late") === "true") filters.late = true;
  const arriving = params.get("arriving");
  // The API takes 0 to 365 days.
  if (arriving && /^\d{1,3}$/.test(arriving) && Number(arriving) <= 365) filters.arriving = Number(arriving);
  return filters;
}

export function hasShipmentFilters(filters: ShipmentUrlFilters): boolean {
  return Boolean(
    filters.q ||
      filters.status ||
      filters.location ||
      filters.from ||
      filters.to ||
      filters.late ||
      filters.arriving !== undefined,
  );
}

/**
 * The list filters for the query key and the API: ISO date-times, from inclusive, to exclusive. The days
 * are the store's (`timeZone`, Settings -> Store): "to March 14" ends at midnight after March 14 there.
 */
export function toShipmentListFilters(filters: ShipmentUrlFilters, timeZone = "UTC"): ShipmentListFilters {
  const list: ShipmentListFilters = {};
  if (filters.q) list.q = filters.q;
  if (filters.status) list.status = filters.status;
  if (filters.location) list.locationId = filters.location;
  const { min, max } = dayRangeBounds(filters, timeZone);
  if (min) list.createdAtMin = min;
  if (max) list.createdAtMax = max;
  if (filters.late) list.late = true;
  if (filters.arriving !== undefined) list.arrivingWithinDays = filters.arriving;
  return list;
}
