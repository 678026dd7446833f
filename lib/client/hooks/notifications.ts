import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { errorMessage } from "@/lib/client/api-client";
import { callApi } from "@/lib/client/call-api";
import { queryKeys } from "@/lib/client/query-keys";
import { toast } from "@/lib/client/toast";

/** Settings → Notifications: the store's settings, a test send, and the latest of what was sent (admins). */

export function useNotificationSettings(storeId: string) {
  return useQuery({
    queryKey: queryKeys.notifications.settings(storeId),
    queryFn: async ({ signal }) =>
      (await callApi("getNotificationSettings", { params: { storeId }, signal })).data.notification_settings,
  });
}

/** The newest 50 notifications; the history refreshes every few seconds while the page is open. */
export function useNotificationHistory(storeId: string) {
  return useQuery({
    queryKey: queryKeys.notifications.history(storeId),
    queryFn: async ({ signal }) =>
      (await callApi("listNotifications", { params: { storeId }, headers: { "X-Page-Size": "50" }, signal }))
        .data.notifications,
    refetchInterval: 5_000,
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
