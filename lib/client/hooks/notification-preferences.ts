import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { ApiError, errorMessage } from "@/lib/client/api-client";
import { callApi } from "@/lib/client/call-api";
import { queryKeys } from "@/lib/client/query-keys";
import { toast } from "@/lib/client/toast";
import type {
  PutReportSchedule,
  UpdateMyNotificationPreferences,
  UpdateStoreNotificationDefaults,
} from "@/lib/schemas/notification-preferences";

/** Account → Notifications (one's own choices), Settings → Notifications (the store's defaults), report schedules. */

export function useMyNotificationPreferences(storeId: string) {
  return useQuery({
    queryKey: queryKeys.notifications.mine(storeId),
    queryFn: async ({ signal }) =>
      (await callApi("getMyNotificationPreferences", { params: { storeId }, signal })).data
        .notification_preferences,
  });
}

export function useUpdateMyNotificationPreferences(storeId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (changes: UpdateMyNotificationPreferences) =>
      (
        await callApi("updateMyNotificationPreferences", {
          params: { storeId },
          body: { notification_preferences: changes },
        })
      ).data.notification_preferences,
    onSuccess: (preferences) => {
      client.setQueryData(queryKeys.notifications.mine(storeId), preferences);
      toast.success("Notification preferences saved");
    },
  });
}

export function useStoreNotificationDefaults(storeId: string) {
  return useQuery({
    queryKey: queryKeys.notifications.defaults(storeId),
    queryFn: async ({ signal }) =>
      (await callApi("getStoreNotificationDefaults", { params: { storeId }, signal })).data
        .notification_defaults,
  });
}

export function useUpdateStoreNotificationDefaults(storeId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (changes: UpdateStoreNotificationDefaults) =>
      (
        await callApi("updateStoreNotificationDefaults", {
          params: { storeId },
          body: { notification_defaults: changes },
        })
      ).data.notification_defaults,
    onSuccess: (defaults) => {
      client.setQueryData(queryKeys.notifications.defaults(storeId), defaults);
      void client.invalidateQueries({ queryKey: queryKeys.notifications.mine(storeId) });
      toast.success("Store defaults saved");
    },
  });
}

/** A view's schedule, or null when it has none (a 404). */
export function useReportSchedule(storeId: string, viewId: string | null) {
  return useQuery({
    queryKey: queryKeys.notifications.reportSchedule(storeId, viewId ?? ""),
    enabled: viewId !== null,
    queryFn: async ({ signal }) => {
      try {
        return (await callApi("getReportSchedule", { params: { storeId, viewId: viewId ?? "" }, signal }))
          .data.report_schedule;
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return null;
        throw error;
      }
    },
  });
}

export function usePutReportSchedule(storeId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ viewId, schedule }: { viewId: string; schedule: PutReportSchedule }) =>
      (
        await callApi("putReportSchedule", {
          params: { storeId, viewId },
          body: { report_schedule: schedule },
        })
      ).data.report_schedule,
    onSuccess: (schedule) => {
      client.setQueryData(queryKeys.notifications.reportSchedule(storeId, schedule.savedViewId), schedule);
      toast.success("Report scheduled");
    },
  });
}

export function useDeleteReportSchedule(storeId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (viewId: string) => {
      await callApi("deleteReportSchedule", { params: { storeId, viewId } });
      return viewId;
    },
    onSuccess: (viewId) => {
      client.setQueryData(queryKeys.notifications.reportSchedule(storeId, viewId), null);
      toast.success("Report stopped");
    },
    onError: (error) => toast.error("The report could not be stopped", { description: errorMessage(error) }),
  });
}
