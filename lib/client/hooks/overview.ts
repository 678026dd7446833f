import { useQuery } from "@tanstack/react-query";
import { callApi } from "@/lib/client/call-api";
import { queryKeys } from "../query-keys";

/**
 * The store's overview (counts and weekly series). Refetched when the window regains focus, as every query
 * is, and each minute while shown: the counts are a to-do list, and staff keep this page open.
 */
export function useStoreOverview(storeId: string) {
  return useQuery({
    queryKey: queryKeys.overview(storeId),
    queryFn: ({ signal }) =>
      callApi("getStoreOverview", { params: { storeId }, signal }).then((r) => r.data.overview),
    refetchInterval: 60_000,
  });
}
