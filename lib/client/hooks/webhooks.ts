import {
  type QueryClient,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from "@tanstack/react-query";
import { ApiError, errorMessage } from "@/lib/client/api-client";
import { callApi } from "@/lib/client/call-api";
import { fetchHeaderPage } from "@/lib/client/paged-list";
import { type DeliveryListFilters, queryKeys } from "@/lib/client/query-keys";
import { toast } from "@/lib/client/toast";
import type { WebhookDelivery } from "@/lib/schemas/webhook-deliveries";
import type { CreateWebhookInput, UpdateWebhookInput, Webhook } from "@/lib/schemas/webhooks";

/**
 * Queries and mutations of a store's webhooks (admin only at the API). Keys come from queryKeys.webhooks;
 * `detail(id)` is the prefix of a webhook's deliveries and signing secret, so invalidations of the
 * webhook itself are `exact` and leave those alone.
 */

export const DELIVERIES_PAGE_SIZE = 20;
/** How often the log refreshes while a delivery is still pending (due, retrying or waiting its turn). */
export const PENDING_REFRESH_MS = 4_000;

export function useWebhooks(storeId: string) {
  return useQuery({
    queryKey: queryKeys.webhooks.list(storeId),
    queryFn: async ({ signal }) =>
      (await callApi("listWebhooks", { params: { storeId }, signal })).data.webhooks,
  });
}

export function useWebhook(webhookId: string) {
  return useQuery({
    queryKey: queryKeys.webhooks.detail(webhookId),
    queryFn: async ({ signal }) =>
      (await callApi("getWebhook", { params: { webhookId }, signal })).data.webhook,
  });
}

export type DeliveriesPage = { deliveries: WebhookDelivery[]; next: string | null };

export function hasPendingDelivery(pages: readonly DeliveriesPage[] | undefined): boolean {
  return pages?.some((page) => page.deliveries.some((delivery) => delivery.status === "pending")) ?? false;
}

/** The delivery log, newest first, paged with X-Page-Size / X-Page-Next; refreshes while any is pending. */
export function useWebhookDeliveries(webhookId: string, filters: DeliveryListFilters) {
  return useInfiniteQuery({
    queryKey: queryKeys.webhooks.deliveries(webhookId, filters),
    initialPageParam: null as string | null,
    queryFn: async ({ pageParam, signal }): Promise<DeliveriesPage> => {
      const { data, next } = await fetchHeaderPage(
        "listWebhookDeliveries",
        { webhookId },
        { query: { status: filters.status }, pageSize: DELIVERIES_PAGE_SIZE, cursor: pageParam, signal },
      );
      return { deliveries: data.deliveries, next };
    },
    getNextPageParam: (last) => last.next ?? undefined,
    refetchInterval: (query) => (hasPendingDelivery(query.state.data?.pages) ? PENDING_REFRESH_MS : false),
  });
}

/** The signing secret in full, fetched only once the admin asks to reveal it; never refetched by itself. */
export function useSigningSecret(webhookId: string, revealed: boolean) {
  return useQuery({
    queryKey: queryKeys.webhooks.signingSecret(webhookId),
    queryFn: async ({ signal }) =>
      (await callApi("getWebhookSigningSecret", { params: { webhookId }, signal })).data.signingSecret,
    enabled: revealed,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 60_000,
  });
}

/** Errors with field issues (or an externalId conflict) are shown beside the form's fields instead. */
export function isFieldError(error: unknown): boolean {
  return (
    error instanceof ApiError && (error.errors.length > 0 || error.code === "webhook/external-id-conflict")
  );
}

function toastError(title: string) {
  return (error: unknown) => {
    if (!isFieldError(error)) toast.error(title, { description: errorMessage(error) });
  };
}

function storeWebhook(client: QueryClient, storeId: string, webhook: Webhook) {
  client.setQueryData(queryKeys.webhooks.detail(webhook.id), webhook);
  void client.invalidateQueries({ queryKey: queryKeys.webhooks.list(storeId), exact: true });
}

export function useCreateWebhook(storeId: string) {
  const client = useQueryClient();
  return useMutation({
    // The API upserts by externalId: 201 made a webhook, 200 updated the one that had the key.
    mutationFn: async (input: CreateWebhookInput) => {
      const response = await callApi("createOrUpdateWebhook", {
        params: { storeId },
        body: { webhook: input },
      });
      return { webhook: response.data.webhook, created: response.status === 201 };
    },
    onSuccess: ({ webhook, created }) => {
      storeWebhook(client, storeId, webhook);
      if (created) toast.success("Webhook created");
      else
        toast.success("Webhook updated", { description: "A webhook with this external id existed already." });
    },
    onError: toastError("The webhook could not be saved"),
  });
}

export function useUpdateWebhook(storeId: string, webhookId: string) {
  const client = useQueryClient();
  return useMutation({
    // The update answers 204 (as published): the webhook is read again rather than taken from the answer.
    mutationFn: async (input: UpdateWebhookInput) => {
      await callApi("updateWebhook", { params: { webhookId }, body: { webhook: input } });
    },
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: queryKeys.webhooks.detail(webhookId), exact: true });
      void client.invalidateQueries({ queryKey: queryKeys.webhooks.list(storeId), exact: true });
      toast.success("Webhook updated");
    },
    onError: toastError("The webhook could not be updated"),
  });
}

export function useDeleteWebhook(storeId: string, webhookId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => callApi("deleteWebhook", { params: { webhookId } }),
    onSuccess: () => {
      // Removed rather than invalidated: refetching a deleted webhook (and its log) would only answer 404.
      client.removeQueries({ queryKey: queryKeys.webhooks.detail(webhookId) });
      void client.invalidateQueries({ queryKey: queryKeys.webhooks.list(storeId), exact: true });
      toast.success("Webhook deleted");
    },
    onError: toastError("The webhook could not be deleted"),
  });
}

export function useEnableWebhook(storeId: string, webhookId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async () => (await callApi("enableWebhook", { params: { webhookId } })).data.webhook,
    onSuccess: (webhook) => {
      storeWebhook(client, storeId, webhook);
      // Deliveries held while it was disabled are due again.
      void client.invalidateQueries({ queryKey: queryKeys.webhooks.allDeliveries(webhookId) });
      toast.success("Webhook enabled", { description: "Held deliveries are being sent." });
    },
    onError: toastError("The webhook could not be enabled"),
  });
}

function useDeliveryMutation<TVariables, TResult>(
  webhookId: string,
  request: (variables: TVariables) => Promise<TResult>,
  messages: { success: (result: TResult) => [string, string?]; error: string },
) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSuccess: (result) => {
      void client.invalidateQueries({ queryKey: queryKeys.webhooks.allDeliveries(webhookId) });
      const [title, description] = messages.success(result);
      toast.success(title, { description });
    },
    onError: toastError(messages.error),
  });
}

export function useSendTestEvent(webhookId: string) {
  return useDeliveryMutation(
    webhookId,
    async () => (await callApi("sendWebhookTestEvent", { params: { webhookId } })).data.delivery,
    {
      success: () => ["Test event queued", "It appears in the deliveries below."],
      error: "No test event sent",
    },
  );
}

export function useReplayEvents(webhookId: string) {
  return useDeliveryMutation(
    webhookId,
    async (window: { start: string; until?: string }) =>
      Number(
        (await callApi("replayWebhookEvents", { params: { webhookId }, body: window })).headers.get(
          "X-Replayed-Count",
        ),
      ),
    {
      success: (replayed) => [
        "Replay queued",
        replayed === 1 ? "1 event will be sent again." : `${replayed} events will be sent again.`,
      ],
      error: "The replay could not be queued",
    },
  );
}

export function useResendDelivery(webhookId: string) {
  return useDeliveryMutation(
    webhookId,
    async (deliveryId: string) =>
      (await callApi("resendWebhookDelivery", { params: { webhookId, deliveryId } })).data.delivery,
    { success: () => ["Resend queued", "A new delivery of the same event was added."], error: "Not resent" },
  );
}

export function useRotateSigningSecret(webhookId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async () => (await callApi("rotateWebhookSigningSecret", { params: { webhookId } })).data,
    onSuccess: (rotated) => {
      client.setQueryData(queryKeys.webhooks.signingSecret(webhookId), rotated.signingSecret);
      toast.success("Signing secret rotated");
    },
    onError: toastError("The signing secret could not be rotated"),
  });
}
