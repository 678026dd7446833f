import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { errorMessage } from "@/lib/client/api-client";
import { callApi } from "@/lib/client/call-api";
import { toast } from "@/lib/client/toast";
import type { DispositionRule, StockStateMove, StockStateWriteOff } from "@/lib/schemas/dispositions";
import type { ProcessReturnResponse } from "@/lib/schemas/return-lifecycle";
import { queryKeys } from "../query-keys";

/** Dispositions and stock states (docs/dispositions.md): an item's states, moving units, the store's rules. */

export function useItemStockStates(storeId: string, inventoryItemId: string) {
  return useQuery({
    queryKey: queryKeys.inventoryItems.stockStates(storeId, inventoryItemId),
    queryFn: ({ signal }) =>
      callApi("getInventoryItemStockStates", { params: { storeId, inventoryItemId }, signal }).then(
        (r) => r.data,
      ),
  });
}

/** Moves units between states or bins; `quiet` leaves the toast to the caller (the putaway card says it itself). */
export function useMoveStockState(
  storeId: string,
  inventoryItemId: string,
  options: { quiet?: boolean } = {},
) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (move: StockStateMove) =>
      (
        await callApi("moveInventoryItemStockState", {
          params: { storeId, inventoryItemId },
          body: { move },
        })
      ).data,
    onSuccess: (_result, move) => {
      void client.invalidateQueries({ queryKey: queryKeys.inventoryItems.all(storeId) });
      void client.invalidateQueries({ queryKey: queryKeys.inventoryMovements.all(storeId) });
      void client.invalidateQueries({ queryKey: queryKeys.bins.all(storeId) });
      if (!options.quiet) {
        toast.success(
          `Moved ${move.quantity.toLocaleString("en-US")} ${move.quantity === 1 ? "unit" : "units"}`,
        );
      }
    },
  });
}

/** Takes units of a non-sellable state off the books (disposed of, donated, liquidated, shipped to the vendor). */
export function useWriteOffStockState(storeId: string, inventoryItemId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (writeOff: StockStateWriteOff) =>
      (
        await callApi("writeOffInventoryItemStockState", {
          params: { storeId, inventoryItemId },
          body: { write_off: writeOff },
        })
      ).data,
    onSuccess: (_result, writeOff) => {
      void client.invalidateQueries({ queryKey: queryKeys.inventoryItems.all(storeId) });
      void client.invalidateQueries({ queryKey: queryKeys.inventoryMovements.all(storeId) });
      void client.invalidateQueries({ queryKey: queryKeys.bins.all(storeId) });
      toast.success(
        `Wrote off ${writeOff.quantity.toLocaleString("en-US")} ${writeOff.quantity === 1 ? "unit" : "units"}`,
      );
    },
  });
}

export function useDispositionRules(storeId: string) {
  return useQuery({
    queryKey: queryKeys.dispositionRules(storeId),
    queryFn: ({ signal }) =>
      callApi("listDispositionRules", { params: { storeId }, signal }).then((r) => r.data.rules),
  });
}

export function useReplaceDispositionRules(storeId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (rules: DispositionRule[]) =>
      (await callApi("replaceDispositionRules", { params: { storeId }, body: { rules } })).data.rules,
    onSuccess: (rules) => {
      client.setQueryData(queryKeys.dispositionRules(storeId), rules);
      toast.success(rules.length === 0 ? "Disposition rules removed" : "Disposition rules saved");
    },
    onError: (error) => toast.error("The rules were not saved", { description: errorMessage(error) }),
  });
}

type ProcessedUnits = ProcessReturnResponse["dispositions"];

/** Where this page's last processing of the return put units: set by the process action, read by putaway. */
export function useProcessedUnits(returnId: string) {
  return useQuery<ProcessedUnits>({
    queryKey: queryKeys.returns.processedUnits(returnId),
    queryFn: () => [],
    enabled: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
}
