import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { errorMessage } from "@/lib/client/api-client";
import { callApi } from "@/lib/client/call-api";
import { toast } from "@/lib/client/toast";
import type { AlertCondition } from "@/lib/enums";
import type { AlertSettings } from "@/lib/schemas/alerts";

/** Alerts (docs/notifications.md "Alerts"): my saved-view alerts, and the store's built-ins. */

const myAlertsKey = (storeId: string) => ["stores", storeId, "alerts"] as const;
const settingsKey = (storeId: string) => ["stores", storeId, "alert-settings"] as const;

export function useMyAlerts(storeId: string) {
  return useQuery({
    queryKey: myAlertsKey(storeId),
    queryFn: async ({ signal }) =>
      (await callApi("listAlertRules", { params: { storeId }, signal })).data.alerts,
  });
}

export function useCreateAlert(storeId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (alert: {
      savedViewId: string;
      condition: AlertCondition;
      threshold: number;
      minutes: number;
    }) => (await callApi("createAlertRule", { params: { storeId }, body: { alert } })).data.alert,
    onSuccess: (alert) => {
      toast.success(`Alert on “${alert.savedView?.name ?? "the view"}” made: you will get an e-mail`);
      void client.invalidateQueries({ queryKey: myAlertsKey(storeId) });
    },
  });
}

/** Changes one of my alerts' condition in place; the alert starts afresh (docs/notifications.md "Alerts"). */
export function useUpdateAlert(storeId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({
      alertId,
      ...alert
    }: {
      alertId: string;
      condition: AlertCondition;
      threshold: number;
      minutes: number;
    }) => (await callApi("updateAlertRule", { params: { storeId, alertId }, body: { alert } })).data.alert,
    onSuccess: () => {
      toast.success("Alert changed");
      void client.invalidateQueries({ queryKey: myAlertsKey(storeId) });
    },
  });
}

export function useDeleteAlert(storeId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (alertId: string) => {
      await callApi("deleteAlertRule", { params: { storeId, alertId } });
    },
    onSuccess: () => toast.success("Alert removed"),
    onError: (error) => toast.error(`The alert could not be removed: ${errorMessage(error)}`),
    onSettled: () => void client.invalidateQueries({ queryKey: myAlertsKey(storeId) }),
  });
}

export function useAlertSettings(storeId: string) {
  return useQuery({
    queryKey: settingsKey(storeId),
    queryFn: async ({ signal }) =>
      (await callApi("getAlertSettings", { params: { storeId }, signal })).data.alert_settings,
  });
}

export type AlertSettingsInput = {
  returnsWaiting: { enabled: boolean; hours: number };
  shipmentsLate: { enabled: boolean };
  discrepancies: { enabled: boolean };
};

export function useUpdateAlertSettings(storeId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (settings: AlertSettingsInput): Promise<AlertSettings> =>
      (await callApi("updateAlertSettings", { params: { storeId }, body: { alert_settings: settings } })).data
        .alert_settings,
    onSuccess: (settings) => {
      client.setQueryData(settingsKey(storeId), settings);
      toast.success("Alerts saved");
    },
  });
}
