import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { errorMessage } from "@/lib/client/api-client";
import { callApi } from "@/lib/client/call-api";
import { queryKeys } from "@/lib/client/query-keys";
import { toast } from "@/lib/client/toast";

/**
 * One delivery with its attempts' request bodies (the list leaves bodies out), loaded when an admin
 * opens an attempt's request, and the bulk resend of failed deliveries with its dry-run count.
 */

export function useWebhookDelivery(webhookId: string, deliveryId: string, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.webhooks.delivery(webhookId, deliveryId),
    queryFn: async ({ signal }) =>
      (await callApi("getWebhookDelivery", { params: { webhookId, deliveryId }, signal })).data.delivery,
    enabled,
    // A finished attempt's request never changes.
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** How many failed deliveries a bulk resend would queue (a dry run), asked while the confirmation is open. */
export function useFailedDeliveryCount(webhookId: string, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.webhooks.failedCount(webhookId),
    queryFn: async () =>
      (await callApi("bulkResendWebhookDeliveries", { params: { webhookId }, body: { dryRun: true } })).data,
    enabled,
    staleTime: 0,
    retry: false,
  });
}

export function useBulkResend(webhookId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async () =>
      (await callApi("bulkResendWebhookDeliveries", { params: { webhookId }, body: {} })).data,
    onSuccess: ({ resent }) => {
      void client.invalidateQueries({ queryKey: queryKeys.webhooks.allDeliveries(webhookId) });
      toast.success("Resend queued", {
        description:
          resent === 1
            ? "1 failed delivery will be sent again."
            : `${resent} failed deliveries will be sent again.`,
      });
    },
    onError: (error) => toast.error("Not resent", { description: errorMessage(error) }),
  });
}
