import { useInfiniteQuery, useMutation, useQueryClient } from "@tanstack/react-query";
import type { CreateReceiptRequest, Receipt } from "@/lib/schemas/inbound-receipts";
import type { SubjectEvent } from "@/lib/schemas/subject-events";
import { callApi } from "../call-api";
import { fetchListPage, type ListPage } from "../paged-list";
import { queryKeys } from "../query-keys";

/** Receipts per request on the shipment page: a shipment usually has a handful, a long one pages. */
const RECEIPTS_PAGE_SIZE = 20;

/** A shipment's receipts, newest first (docs/receiving.md). */
export function useInboundReceipts(storeId: string, inboundShipmentId: string) {
  return useInfiniteQuery({
    queryKey: queryKeys.inboundShipments.receipts(storeId, inboundShipmentId),
    queryFn: ({ pageParam, signal }) =>
      fetchListPage("listInboundReceipts", { storeId, inboundShipmentId }, "receipts", {
        pageSize: RECEIPTS_PAGE_SIZE,
        cursor: pageParam,
        signal,
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (last: ListPage<Receipt>) => last.next ?? undefined,
  });
}

/** A shipment's recorded events with their webhook deliveries, newest first. */
export function useInboundShipmentEvents(storeId: string, inboundShipmentId: string) {
  return useInfiniteQuery({
    queryKey: queryKeys.inboundShipments.events(storeId, inboundShipmentId),
    queryFn: ({ pageParam, signal }) =>
      fetchListPage("listInboundShipmentEvents", { storeId, inboundShipmentId }, "events", {
        pageSize: RECEIPTS_PAGE_SIZE,
        cursor: pageParam,
        signal,
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (last: ListPage<SubjectEvent>) => last.next ?? undefined,
  });
}

export type ReceiptSubmission = {
  receipt: CreateReceiptRequest;
  /** One per pending receipt (kept with it), so a retry after a lost answer cannot receive twice. */
  idempotencyKey: string;
};

/**
 * Records a receipt. The answer carries the shipment as it now is, which replaces the cached one at once;
 * the lists (the shipment moves to the front), its receipts, and the stock and ledger of its items refresh.
 */
export function useCreateInboundReceipt(storeId: string, inboundShipmentId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ receipt, idempotencyKey }: ReceiptSubmission) => {
      const { data } = await callApi("createInboundReceipt", {
        params: { storeId, inboundShipmentId },
        body: { receipt },
        headers: { "Idempotency-Key": idempotencyKey },
      });
      // The page never sends `Prefer: return=minimal`, so the shipment is always there.
      if (!data.inbound_shipment) throw new Error("The receipt's answer left out the shipment.");
      return { receipt: data.receipt, inbound_shipment: data.inbound_shipment };
    },
    onSuccess: (data) => {
      client.setQueryData(
        queryKeys.inboundShipments.detail(storeId, inboundShipmentId),
        data.inbound_shipment,
      );
      // Marked stale at once, refetched when shown: the page that opens next does not wait for them.
      void Promise.all([
        client.invalidateQueries({ queryKey: queryKeys.inboundShipments.lists(storeId) }),
        client.invalidateQueries({
          queryKey: queryKeys.inboundShipments.receipts(storeId, inboundShipmentId),
        }),
        client.invalidateQueries({
          queryKey: queryKeys.inboundShipments.events(storeId, inboundShipmentId),
        }),
        client.invalidateQueries({ queryKey: queryKeys.inventoryItems.all(storeId) }),
        client.invalidateQueries({ queryKey: queryKeys.inventoryMovements.all(storeId) }),
      ]);
    },
  });
}
