import { type QueryClient, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { ApiError, errorMessage } from "@/lib/client/api-client";
import { callApi } from "@/lib/client/call-api";
import { toast } from "@/lib/client/toast";
import type { Bin, BinMoveRequest } from "@/lib/schemas/bins";
import { queryKeys } from "../query-keys";

/** A location's bins, active then archived (Settings -> Store, and Move's bin picker). */
export function useLocationBins(storeId: string, locationId: string | null) {
  return useQuery({
    queryKey: queryKeys.bins.ofLocation(storeId, locationId ?? ""),
    queryFn: ({ signal }) =>
      callApi("listBins", {
        params: { storeId, locationId: locationId ?? "" },
        query: { include_archived: "true" },
        signal,
      }).then((r) => r.data.bins),
    enabled: locationId !== null,
  });
}

/** A 400 naming a field or a 409 (code taken, archived, not enough units) is shown in the form. */
export function isBinFormError(error: unknown): error is ApiError {
  return error instanceof ApiError && (error.errors.length > 0 || error.status === 409);
}

function refreshBins(client: QueryClient, storeId: string) {
  return client.invalidateQueries({ queryKey: queryKeys.bins.all(storeId) });
}

export type NewBin = { code: string; zone: string | null; capacity: number | null };

export function useCreateBin(storeId: string, locationId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (bin: NewBin) =>
      (await callApi("createBin", { params: { storeId, locationId }, body: { bin } })).data.bin,
    onSuccess: (bin) => {
      void refreshBins(client, storeId);
      toast.success(`Bin ${bin.code} was added`);
    },
    onError: (error) => {
      if (!isBinFormError(error)) toast.error("The bin was not added", { description: errorMessage(error) });
    },
  });
}

/** Archive or restore. */
export function useArchiveBin(storeId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ bin, archived }: { bin: Bin; archived: boolean }) =>
      (await callApi("updateBin", { params: { storeId, binId: bin.id }, body: { bin: { archived } } })).data
        .bin,
    onSuccess: (bin) => {
      void refreshBins(client, storeId);
      toast.success(bin.archived ? `Bin ${bin.code} was archived` : `Bin ${bin.code} is active again`);
    },
    onError: (error) => toast.error("The bin was not changed", { description: errorMessage(error) }),
  });
}

/** The item's units per bin and unbinned at each location. */
export function useItemBinStock(storeId: string, inventoryItemId: string) {
  return useQuery({
    queryKey: queryKeys.inventoryItems.binStock(storeId, inventoryItemId),
    queryFn: ({ signal }) =>
      callApi("getInventoryItemBinStock", { params: { storeId, inventoryItemId }, signal }).then(
        (r) => r.data,
      ),
  });
}

export function useMoveBinStock(storeId: string, inventoryItemId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (move: BinMoveRequest) =>
      (await callApi("moveInventoryItemBinStock", { params: { storeId, inventoryItemId }, body: { move } }))
        .data,
    onSuccess: (_result, move) => {
      void client.invalidateQueries({ queryKey: queryKeys.inventoryItems.all(storeId) });
      void client.invalidateQueries({ queryKey: queryKeys.inventoryMovements.all(storeId) });
      void refreshBins(client, storeId);
      toast.success(
        `Moved ${move.quantity.toLocaleString("en-US")} ${move.quantity === 1 ? "unit" : "units"}`,
      );
    },
    onError: (error) => {
      if (!isBinFormError(error)) toast.error("Nothing was moved", { description: errorMessage(error) });
    },
  });
}
