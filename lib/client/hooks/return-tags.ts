import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { errorMessage } from "@/lib/client/api-client";
import { callApi } from "@/lib/client/call-api";
import { queryKeys } from "@/lib/client/query-keys";
import { toast } from "@/lib/client/toast";

/** The store's return-tag catalogue: under the store's key, so any change in the store refreshes it. */
const catalogueKey = (storeId: string) => [...queryKeys.store(storeId), "return-tags"] as const;

/** The names a return's tags are picked from, with their pill colours. */
export function useReturnTagCatalogue(storeId: string) {
  return useQuery({
    queryKey: catalogueKey(storeId),
    queryFn: async ({ signal }) =>
      (await callApi("listCatalogueReturnTags", { params: { storeId }, signal })).data.tags,
    staleTime: 60_000,
  });
}

type TagChange = { kind: "add" | "remove"; name: string };

/**
 * Puts a tag on the return or takes it off. A name the catalogue lacks is created by the add (the server
 * adds it to the store's catalogue), so the catalogue refetches too.
 */
export function useReturnTagChange(storeId: string, returnId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ kind, name }: TagChange) => {
      if (kind === "add") await callApi("addReturnTag", { params: { returnId }, body: { tag: { name } } });
      else await callApi("removeReturnTag", { params: { returnId, tagName: name } });
    },
    onSuccess: (_done, { kind, name }) => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.returns.detail(returnId) });
      void queryClient.invalidateQueries({ queryKey: queryKeys.store(storeId) });
      toast.success(kind === "add" ? `Tag “${name}” added` : `Tag “${name}” removed`);
    },
    onError: (error) => {
      toast.error(`Not done: ${errorMessage(error)}`);
    },
  });
}
