import type { ReturnListFilters } from "@/lib/client/query-keys";
import { RETURN_STATUSES, type ReturnStatus } from "@/lib/enums";
import { MAX_SEARCH_LENGTH } from "@/lib/schemas/limits";

/** The list's orders as one URL-friendly choice: the column, then the direction. */
export const RETURN_LIST_ORDERS = {
  "updated_at:desc": "Recently updated",
  "updated_at:asc": "Least recently updated",
  "created_at:desc": "Newest first",
  "created_at:asc": "Oldest first",
} as const;
export type ReturnListOrder = keyof typeof RETURN_LIST_ORDERS;
export const DEFAULT_RETURN_ORDER: ReturnListOrder = "updated_at:desc";

/**
 * The returns list's filters in the URL: `?q=&status=&sort=&order=`, the API's own names, so a filtered
 * list can be shared and back/forward step through filters. A status or order the API does not know is
 * ignored rather than sent (it would be a 400); the default order is left out of the URL.
 */
export type ReturnUrlFilters = { q?: string; status?: ReturnStatus; order: ReturnListOrder };

export function readReturnUrlFilters(params: Pick<URLSearchParams, "get">): ReturnUrlFilters {
  const filters: ReturnUrlFilters = { order: DEFAULT_RETURN_ORDER };
  const q = params.get("q")?.trim();
  if (q) filters.q = q.slice(0, MAX_SEARCH_LENGTH);
  const status = params.get("status");
  if ((RETURN_STATUSES as readonly (string | null)[]).includes(status))
    filters.status = status as ReturnStatus;
  const order = `${params.get("sort") ?? "updated_at"}:${params.get("order") ?? "desc"}`;
  if (order in RETURN_LIST_ORDERS) filters.order = order as ReturnListOrder;
  return filters;
}

/** Whether the list shows fewer returns than the store has (the order narrows nothing). */
export function hasReturnFilters(filters: ReturnUrlFilters): boolean {
  return Boolean(filters.q || filters.status);
}

export function toReturnListFilters(filters: ReturnUrlFilters): ReturnListFilters {
  const list: ReturnListFilters = {};
  if (filters.q) list.q = filters.q;
  if (filters.status) list.status = filters.status;
  if (filters.order !== DEFAULT_RETURN_ORDER) [list.sort, list.order] = filters.order.split(":");
  return list;
}

/** The URL change that picks an order: the default one leaves `sort` and `order` out. */
export function orderParams(order: ReturnListOrder): { sort: string | null; order: string | null } {
  if (order === DEFAULT_RETURN_ORDER) return { sort: null, order: null };
  const [sort = null, direction = null] = order.split(":");
  return { sort, order: direction };
}
