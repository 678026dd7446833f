"use client";

import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { useCallback, useMemo } from "react";
import type { ReturnListFilters } from "@/lib/client/query-keys";
import { RETURN_STATUSES, type ReturnStatus } from "@/lib/enums";

function isReturnStatus(value: string | null): value is ReturnStatus {
  return value !== null && (RETURN_STATUSES as readonly string[]).includes(value);
}

/** The list's orders as one URL-friendly choice: the column, then the direction. */
export const RETURN_LIST_ORDERS = {
  "updated_at:desc": "Recently updated",
  "updated_at:asc": "Least recently updated",
  "created_at:desc": "Newest first",
  "created_at:asc": "Oldest first",
} as const;
export type ReturnListOrder = keyof typeof RETURN_LIST_ORDERS;
const DEFAULT_ORDER: ReturnListOrder = "updated_at:desc";

/**
 * The returns list's filters live in the URL (`?q=&status=&sort=&order=`, the API's own names), so a filtered list can be shared and
 * back/forward step through filters. A status the API does not know is ignored rather than sent (it would
 * be a 400). Typing replaces the history entry (one entry per search, not per key); choosing a status
 * or clearing pushes one.
 */
export function useReturnListParams() {
  const router = useRouter();
  const pathname = usePathname();
  const searchParams = useSearchParams();

  const rawStatus = searchParams.get("status");
  const q = (searchParams.get("q") ?? "").trim();
  const status = isReturnStatus(rawStatus) ? rawStatus : undefined;
  // Unknown values are ignored, like an unknown status; the default order is left out of the URL.
  const wanted = `${searchParams.get("sort") ?? "updated_at"}:${searchParams.get("order") ?? "desc"}`;
  const order: ReturnListOrder = wanted in RETURN_LIST_ORDERS ? (wanted as ReturnListOrder) : DEFAULT_ORDER;

  const filters = useMemo<ReturnListFilters>(() => {
    const [sortBy, direction] = order.split(":");
    return {
      ...(q ? { q } : {}),
      ...(status ? { status } : {}),
      ...(order !== DEFAULT_ORDER ? { sort: sortBy, order: direction } : {}),
    };
  }, [q, status, order]);

  const navigate = useCallback(
    (changes: Record<string, string | undefined>, mode: "push" | "replace") => {
      const next = new URLSearchParams(searchParams.toString());
      for (const [key, value] of Object.entries(changes)) {
        if (value) next.set(key, value);
        else next.delete(key);
      }
      const query = next.toString();
      const href = query ? `${pathname}?${query}` : pathname;
      if (mode === "push") router.push(href, { scroll: false });
      else router.replace(href, { scroll: false });
    },
    [pathname, router, searchParams],
  );

  const setQuery = useCallback((value: string) => navigate({ q: value.trim() }, "replace"), [navigate]);
  const setStatus = useCallback((value: string) => navigate({ status: value }, "push"), [navigate]);
  const setOrder = useCallback(
    (value: ReturnListOrder) => {
      const [sortBy, direction] = value === DEFAULT_ORDER ? [undefined, undefined] : value.split(":");
      navigate({ sort: sortBy, order: direction }, "push");
    },
    [navigate],
  );
  const clear = useCallback(() => navigate({ q: undefined, status: undefined }, "push"), [navigate]);

  return { filters, q, status, order, setQuery, setStatus, setOrder, clear };
}
