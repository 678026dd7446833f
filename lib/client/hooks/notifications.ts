import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { errorMessage } from "@/lib/client/api-client";
import { callApi } from "@/lib/client/call-api";
import { fetchListPage, type ListPage } from "@/lib/client/paged-list";
import { type NotificationListFilters, queryKeys } from "@/lib/client/query-keys";
import { toast } from "@/lib/client/toast";
import type { NotificationView } from "@/lib/schemas/notifications";

/** Settings → Notifications: the store's settings, a test send, and the latest of what was sent (admins). */

export function useNotificationSettings(storeId: string) {
  return useQuery({
    queryKey: queryKeys.notifications.settings(storeId),
    queryFn: async ({ signal }) =>
      (await callApi("getNotificationSettings", { params: { storeId }, signal })).data.notification_settings,
  });
}

/** The API's query parameters for the history's filters (empty ones left out). */
export function notificationListQuery(filters: NotificationListFilters): Record<string, string | undefined> {
  return {
    kind: filters.kind,
    channel: filters.channel,
    status: filters.status,
    recipient: filters.recipient,
    created_at_min: filters.createdAtMin,
    created_at_max: filters.createdAtMax,
  };
}

/**
 * The store's notifications, newest first, page after page. Refreshed every 10 s while the page is open: a
 * queued message turns sent (or failed) within seconds, and the history is where that shows.
 */
export function useNotifications(storeId: string, filters: NotificationListFilters) {
  return useInfiniteQuery({
    queryKey: queryKeys.notifications.list(storeId, filters),
    queryFn: ({ pageParam, signal }) =>
      fetchListPage("listNotifications", { storeId }, "notifications", {
        query: notificationListQuery(filters),
        pageSize: 100,
        cursor: pageParam,
        signal,
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (last: ListPage<NotificationView>) => last.next ?? undefined,
    refetchInterval: 10_000,
  });
}

export function useUpdateNotificationSettings(storeId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (chatWebhookUrl: string | null) =>
      (
        await callApi("updateNotificationSettings", {
          params: { storeId },
          body: { notification_settings: { chatWebhookUrl } },
        })
      ).data.notification_settings,
    onSuccess: (settings) => {
      client.setQueryData(queryKeys.notifications.settings(storeId), settings);
      toast.success("Notification settings saved");
    },
  });
}

export function useSendTestNotification(storeId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async () => (await callApi("sendTestNotification", { params: { storeId } })).data.queued,
    onSuccess: (queued) => {
      void client.invalidateQueries({ queryKey: queryKeys.notifications.history(storeId) });
      if (queued.length === 0) {
        toast.error("Nothing to send to", {
          description: "Set a chat URL, or ask your operator to configure e-mail.",
        });
      } else {
        toast.success("Test queued", { description: queued.map((q) => q.recipient).join(", ") });
      }
    },
    onError: (error) => toast.error("The test could not be queued", { description: errorMessage(error) }),
  });
}
