import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { ApiError, errorMessage } from "@/lib/client/api-client";
import { callApi } from "@/lib/client/call-api";
import { toast } from "@/lib/client/toast";
import type { Store } from "@/lib/schemas/stores";
import { queryKeys } from "../query-keys";

export function useStore(storeId: string) {
  return useQuery({
    queryKey: queryKeys.storeSettings(storeId),
    queryFn: ({ signal }) => callApi("getStore", { params: { storeId }, signal }).then((r) => r.data.store),
  });
}

export type StoreChange = Partial<Pick<Store, "name" | "currency" | "timeZone" | "supplierClaimDueDays">>;

/** Saves the store's settings; field problems (a 400 naming `store.currency`) stay in the form. */
export function useUpdateStore(storeId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (change: StoreChange) =>
      (await callApi("updateStore", { params: { storeId }, body: { store: change } })).data.store,
    onSuccess: (store) => {
      client.setQueryData(queryKeys.storeSettings(storeId), store);
      toast.success("Store settings saved");
    },
    onError: (error) => {
      if (!(error instanceof ApiError && error.errors.length > 0))
        toast.error("The settings were not saved", { description: errorMessage(error) });
    },
  });
}
