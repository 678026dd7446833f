import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type {
  CreateTransferInput,
  ShipTransferInput,
  Transfer,
  TransferSummary,
} from "@/lib/schemas/transfers";
import { callApi } from "../call-api";
import { fetchListPage, type ListPage } from "../paged-list";
import { queryKeys, type TransferListFilters } from "../query-keys";

/** The API's query parameters for the list filters (empty ones left out). */
export function transferListQuery(filters: TransferListFilters): Record<string, string | undefined> {
  return {
    status: filters.status,
    origin_location_id: filters.originId,
    destination_location_id: filters.destinationId,
  };
}

/** A store's transfers, most recently updated first, page after page. */
export function useTransfers(storeId: string, filters: TransferListFilters) {
  return useInfiniteQuery({
    queryKey: queryKeys.transfers.list(storeId, filters),
    queryFn: ({ pageParam, signal }) =>
      fetchListPage("listTransfers", { storeId }, "transfers", {
        query: transferListQuery(filters),
        pageSize: 100,
        cursor: pageParam,
        signal,
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (last: ListPage<TransferSummary>) => last.next ?? undefined,
  });
}

/**
 * One transfer with its lines. Fetched again on every visit: its status and counts follow receipts recorded
 * in Receive mode, which knows the shipment and not the transfer.
 */
export function useTransfer(storeId: string, transferId: string) {
  return useQuery({
    queryKey: queryKeys.transfers.detail(storeId, transferId),
    queryFn: ({ signal }) =>
      callApi("getTransfer", { params: { storeId, transferId }, signal }).then((r) => r.data.transfer),
    refetchOnMount: "always",
  });
}

export function useCreateTransfer(storeId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: CreateTransferInput) =>
      (await callApi("createTransfer", { params: { storeId }, body: { transfer: body } })).data.transfer,
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.transfers.all(storeId) }),
  });
}

/**
 * Ship or cancel: stock moves at the origin and a shipment appears or goes at the destination, so
 * everything of the store is refreshed (lists, stock, shipments, the overview).
 */
export function useTransferAction(storeId: string, transferId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({
      action,
      ship,
    }: {
      action: "ship" | "cancel";
      /** The origin bins each line leaves from (none named: the unbinned remainder). */
      ship?: ShipTransferInput;
    }): Promise<Transfer> => {
      const params = { storeId, transferId };
      const answer =
        action === "ship"
          ? await callApi("shipTransfer", { params, body: ship ?? {} })
          : await callApi("cancelTransfer", { params });
      return answer.data.transfer;
    },
    onSuccess: (transfer) => {
      client.setQueryData(queryKeys.transfers.detail(storeId, transferId), transfer);
      return client.invalidateQueries({ queryKey: queryKeys.store(storeId) });
    },
  });
}
