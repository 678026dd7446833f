import { useInfiniteQuery, useQueries, useQuery } from "@tanstack/react-query";
import type { InventoryItem } from "@/lib/schemas/inventory-items";
import { callApi } from "../call-api";
import { fetchListPage, type ListPage } from "../paged-list";
import { type InventoryListFilters, queryKeys } from "../query-keys";

export const INVENTORY_PAGE_SIZE = 200;

export function inventoryListQuery(filters: InventoryListFilters): Record<string, string | undefined> {
  return {
    q: filters.q,
    sku: filters.sku,
    kind: filters.kind,
    location_id: filters.locationId,
    // The app lists every item unless told otherwise; the published list's default is in stock only.
    stock: filters.stock ?? "any",
  };
}

/** A store's inventory items, most recently updated first, page after page. */
export function useInventoryItems(storeId: string, filters: InventoryListFilters) {
  return useInfiniteQuery({
    queryKey: queryKeys.inventoryItems.list(storeId, filters),
    queryFn: ({ pageParam, signal }) =>
      fetchListPage("listInventoryItems", { storeId }, "inventory_items", {
        query: inventoryListQuery(filters),
        pageSize: INVENTORY_PAGE_SIZE,
        cursor: pageParam,
        signal,
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (last: ListPage<InventoryItem>) => last.next ?? undefined,
    // A stale infinite query refetches every loaded page, one after another: 50 requests for 10,000 rows
    // when someone comes back to the list. Dropping the list once nobody shows it makes a return cost one.
    gcTime: 0,
  });
}

export function useInventoryItem(storeId: string, inventoryItemId: string) {
  return useQuery({
    queryKey: queryKeys.inventoryItems.detail(storeId, inventoryItemId),
    queryFn: ({ signal }) =>
      callApi("getInventoryItem", { params: { storeId, inventoryItemId }, signal }).then(
        (r) => r.data.inventory_item,
      ),
  });
}

/** Catalog products whose name or SKU contains `term`, a few at a time (the shipment form's product search). */
export function useProductSearch(storeId: string, term: string) {
  return useQuery({
    queryKey: queryKeys.inventoryItems.search(storeId, term),
    queryFn: ({ signal }) =>
      callApi("listInventoryItems", {
        params: { storeId },
        // A shipment often brings what ran out: out-of-stock products are found too.
        query: { q: term, kind: "PRODUCT", stock: "any" },
        headers: { "X-Page-Size": "8" },
        signal,
      }).then((r) =>
        r.data.inventory_items.filter((item): item is InventoryItem & { sku: string } => item.sku !== null),
      ),
    enabled: term.length > 0,
    staleTime: 60_000,
  });
}

/**
 * The PRODUCT inventory item of each SKU (null when there is none), for links from shipment items. A
 * shipment brings catalog stock, so other kinds sharing the SKU (undeclared goods) are not its item.
 */
export function useProductItemsBySku(storeId: string, skus: readonly string[]) {
  return useQueries({
    queries: skus.map((sku) => ({
      queryKey: queryKeys.inventoryItems.bySku(storeId, sku),
      queryFn: ({ signal }: { signal: AbortSignal }) =>
        callApi("listInventoryItems", {
          params: { storeId },
          query: { sku, kind: "PRODUCT", stock: "any" },
          headers: { "X-Page-Size": "1" },
          signal,
        }).then((r) => r.data.inventory_items[0] ?? null),
      staleTime: 5 * 60_000,
    })),
  });
}
