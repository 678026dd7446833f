import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { callApi } from "@/lib/client/call-api";
import { queryKeys } from "@/lib/client/query-keys";
import type { CreateReturnRequest } from "@/lib/schemas/return-create";

/** Orders whose name, merchant id or customer email starts with `term` (the create-return order picker). */
export function useOrderSearch(storeId: string, term: string) {
  return useQuery({
    queryKey: queryKeys.orders.search(storeId, term),
    queryFn: ({ signal }) =>
      callApi("listOrders", {
        params: { storeId },
        query: { q: term },
        headers: { "X-Page-Size": "8" },
        signal,
      }).then((r) => r.data.orders),
    enabled: term.length > 0,
    staleTime: 30_000,
  });
}

/** An order's fulfillments with their tracking, as Get order reads them (the return page's order panel). */
export function useOrderFulfillments(storeId: string, orderId: string) {
  return useQuery({
    queryKey: queryKeys.orders.detail(storeId, orderId),
    queryFn: ({ signal }) =>
      callApi("getOrder", { params: { storeId, orderId }, signal }).then((r) => r.data.fulfillments),
    staleTime: 30_000,
  });
}

/**
 * Creates a return; the store's return lists and its orders (their returned units) are stale afterwards.
 * The caller shows field errors (400 `errors`) beside the fields and navigates on success.
 */
export function useCreateReturn(storeId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (data: CreateReturnRequest["data"]) =>
      (await callApi("createReturn", { params: { storeId }, body: { data } })).data.return,
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: queryKeys.returns.lists(storeId) });
      void client.invalidateQueries({ queryKey: queryKeys.orders.all(storeId) });
    },
  });
}
