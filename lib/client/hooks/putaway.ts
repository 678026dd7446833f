import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { errorMessage } from "@/lib/client/api-client";
import { callApi } from "@/lib/client/call-api";
import { toast } from "@/lib/client/toast";
import type { PutawayRule } from "@/lib/schemas/putaway";
import { queryKeys } from "../query-keys";

/** Putaway (docs/bins.md): a location's rules, and where an item's units should go there. */

export function usePutawayRules(storeId: string, locationId: string | null) {
  return useQuery({
    queryKey: queryKeys.bins.putawayRules(storeId, locationId ?? ""),
    queryFn: ({ signal }) =>
      callApi("listPutawayRules", { params: { storeId, locationId: locationId ?? "" }, signal }).then(
        (r) => r.data.rules,
      ),
    enabled: locationId !== null,
  });
}

export function useReplacePutawayRules(storeId: string, locationId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (rules: PutawayRule[]) =>
      (await callApi("replacePutawayRules", { params: { storeId, locationId }, body: { rules } })).data.rules,
    onSuccess: (rules) => {
      client.setQueryData(queryKeys.bins.putawayRules(storeId, locationId), rules);
      void client.invalidateQueries({ queryKey: queryKeys.bins.suggestions(storeId) });
      toast.success(rules.length === 0 ? "Putaway rules removed" : "Putaway rules saved");
    },
    onError: (error) => toast.error("The rules were not saved", { description: errorMessage(error) }),
  });
}

/** The suggested bin for an item's units at a location; refreshed after each putaway, which it learns from. */
export function usePutawaySuggestion(storeId: string, inventoryItemId: string, locationId: string) {
  return useQuery({
    queryKey: queryKeys.bins.suggestion(storeId, inventoryItemId, locationId),
    queryFn: ({ signal }) =>
      callApi("getPutawaySuggestion", {
        params: { storeId, inventoryItemId },
        query: { location_id: locationId },
        signal,
      }).then((r) => r.data.suggestions[0] ?? null),
  });
}
