import { useInfiniteQuery, useMutation, useQueryClient } from "@tanstack/react-query";
import type { CreateReceiptRequest, Receipt } from "@/lib/schemas/inbound-receipts";
import type { InboundShipmentDetail } from "@/lib/schemas/inbound-shipments";
import type { SubjectEvent } from "@/lib/schemas/subject-events";
import { sendOrQueue } from "../offline-queue/browser-queue";
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
  /** For the offline queue's list: what it is, who did it. */
  summary: string;
  queuedBy: { id: string; name: string };
};

/** What completing gave: the receipt recorded, or kept on the device to send when the network returns. */
export type ReceiptOutcome =
  | { queued: true }
  | { queued: false; receipt: Receipt; inbound_shipment: InboundShipmentDetail };

/**
 * Records a receipt. The answer carries the shipment as it now is, which replaces the cached one at once;
 * the lists (the shipment moves to the front), its receipts, and the stock and ledger of its items refresh.
 * Offline, or when the answer is lost, the receipt waits in the offline queue with its key (docs/offline.md);
 * it runs in any network mode, so completing offline queues at once instead of pausing.
 */
export function useCreateInboundReceipt(storeId: string, inboundShipmentId: string) {
  const client = useQueryClient();
  return useMutation({
    networkMode: "always",
    mutationFn: async ({
      receipt,
      idempotencyKey,
      summary,
      queuedBy,
    }: ReceiptSubmission): Promise<ReceiptOutcome> => {
      const sent = await sendOrQueue(
        "createInboundReceipt",
        { params: { storeId, inboundShipmentId }, body: { receipt } },
        {
          idempotencyKey,
          subject: `inbound_shipment:${inboundShipmentId}`,
          summary,
          href: `/stores/${storeId}/shipments/${inboundShipmentId}/receive`,
          storeId,
          queuedBy,
        },
      );
      if (sent.queued) return sent;
      const { data } = sent;
      // The page never sends `Prefer: return=minimal`, so the shipment is always there.
      if (!data.inbound_shipment) throw new Error("The receipt's answer left out the shipment.");
      return { queued: false, receipt: data.receipt, inbound_shipment: data.inbound_shipment };
    },
    onSuccess: (data) => {
      if (data.queued) return;
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
        // A transfer's shipment moves the transfer's status and counts (docs/transfers.md).
        client.invalidateQueries({ queryKey: queryKeys.transfers.all(storeId) }),
      ]);
    },
  });
}
