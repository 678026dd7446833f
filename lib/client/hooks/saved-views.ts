import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { errorMessage } from "@/lib/client/api-client";
import { callApi } from "@/lib/client/call-api";
import { toast } from "@/lib/client/toast";
import type { SavedViewList } from "@/lib/enums";

/** Saved views of one list of a store: the caller's own and the shared ones. */
const viewsKey = (storeId: string, list: SavedViewList) => ["stores", storeId, "saved-views", list] as const;

export function useSavedViews(storeId: string, list: SavedViewList) {
  return useQuery({
    queryKey: viewsKey(storeId, list),
    queryFn: async ({ signal }) =>
      (await callApi("listSavedViews", { params: { storeId }, query: { list }, signal })).data.saved_views,
  });
}

export function useCreateSavedView(storeId: string, list: SavedViewList) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (view: { name: string; query: string; shared: boolean }) =>
      (await callApi("createSavedView", { params: { storeId }, body: { saved_view: { list, ...view } } }))
        .data.saved_view,
    onSuccess: (view) => {
      toast.success(`View “${view.name}” saved`);
      void queryClient.invalidateQueries({ queryKey: viewsKey(storeId, list) });
    },
  });
}

export function useDeleteSavedView(storeId: string, list: SavedViewList) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (viewId: string) => {
      await callApi("deleteSavedView", { params: { storeId, viewId } });
    },
    onError: (error) => toast.error(`The view could not be deleted: ${errorMessage(error)}`),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: viewsKey(storeId, list) }),
  });
}
