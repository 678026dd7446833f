import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { errorMessage } from "@/lib/client/api-client";
import { callApi } from "@/lib/client/call-api";
import { toast } from "@/lib/client/toast";
import type { ChecklistInput } from "@/lib/schemas/inspection";
import { queryKeys } from "../query-keys";

/** Inspection (docs/inspection.md): the store's checklists, a return's inspection and its custody checks. */

export function useInspectionChecklists(storeId: string) {
  return useQuery({
    queryKey: queryKeys.returns.checklists(storeId),
    queryFn: ({ signal }) =>
      callApi("listInspectionChecklists", { params: { storeId }, signal }).then((r) => r.data.checklists),
  });
}

export function useReplaceInspectionChecklists(storeId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (checklists: ChecklistInput[]) =>
      (await callApi("replaceInspectionChecklists", { params: { storeId }, body: { checklists } })).data
        .checklists,
    onSuccess: (checklists) => {
      client.setQueryData(queryKeys.returns.checklists(storeId), checklists);
      toast.success(checklists.length === 0 ? "Checklists removed" : "Checklists saved");
    },
  });
}

export function useReturnInspection(storeId: string, returnId: string) {
  return useQuery({
    queryKey: queryKeys.returns.inspection(returnId),
    queryFn: ({ signal }) =>
      callApi("getReturnInspection", { params: { storeId, returnId }, signal }).then((r) => r.data),
  });
}

/** Scans a unit's identifier at inspection; a mismatch flags the return, so the return is read again. */
export function useCheckReturnCustody(storeId: string, returnId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: { itemId: string; identifier: string }) =>
      (
        await callApi("checkReturnCustody", {
          params: { storeId, returnId },
          body: { item_id: input.itemId, identifier: input.identifier },
        })
      ).data,
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: queryKeys.returns.detail(returnId) });
    },
    onError: (error) => toast.error("The unit was not checked", { description: errorMessage(error) }),
  });
}
