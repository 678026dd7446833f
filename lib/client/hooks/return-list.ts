import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { callApi } from "@/lib/client/call-api";
import { queryKeys, type ReturnCountFilters } from "@/lib/client/query-keys";
import type { ReturnStatus } from "@/lib/enums";
import type { BulkReturnsBody } from "@/lib/schemas/return-bulk";

/**
 * The returns list as a whole: its status tabs' counts (one request for all tabs) and bulk actions.
 * The previous counts stay while a new search's load, so the tabs do not flash.
 */
export function useReturnCounts(storeId: string, filters: ReturnCountFilters) {
  return useQuery({
    queryKey: queryKeys.returns.counts(storeId, filters),
    queryFn: async ({ signal }) =>
      (await callApi("countReturns", { params: { storeId }, query: { q: filters.q }, signal })).data,
    placeholderData: keepPreviousData,
  });
}

export type BulkRequest = {
  action: BulkReturnsBody["action"];
  status?: BulkReturnsBody["status"];
  customerNotes?: string;
} & ({ returnIds: string[] } | { filter: { status?: ReturnStatus; q?: string } });

/**
 * One bulk request. Whatever its results, the lists, counts and every return's detail are refetched:
 * some returns may have changed even when others were refused.
 */
export function useBulkReturns(storeId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (request: BulkRequest) => {
      const body: BulkReturnsBody = {
        action: request.action,
        ...(request.status ? { status: request.status } : {}),
        ...(request.customerNotes ? { customerNotes: request.customerNotes } : {}),
        ...("returnIds" in request ? { return_ids: request.returnIds } : { filter: request.filter }),
      };
      return (await callApi("bulkReturnActions", { params: { storeId }, body })).data;
    },
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.returns.lists(storeId) });
      void queryClient.invalidateQueries({ queryKey: queryKeys.returns.allCounts(storeId) });
      void queryClient.invalidateQueries({ queryKey: ["returns"] });
    },
  });
}
