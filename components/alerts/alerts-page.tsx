"use client";

import Link from "next/link";
import { type FormEvent, useEffect, useId, useState } from "react";
import { useCan, useCurrentStore, useStoreTimeZone } from "@/components/app/staff-context";
import { AlertDialog, describeAlert } from "@/components/saved-views/alert-dialog";
import { PageHeader } from "@/components/shell/page-header";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { ErrorState } from "@/components/ui/states";
import { errorMessage } from "@/lib/client/api-client";
import { formatDateTime } from "@/lib/client/format";
import {
  type AlertSettingsInput,
  useAlertSettings,
  useDeleteAlert,
  useMyAlerts,
  useUpdateAlertSettings,
} from "@/lib/client/hooks/alerts";
import type { AlertRule, AlertSettings } from "@/lib/schemas/alerts";

/**
 * Settings → Alerts (docs/notifications.md "Alerts"): the store's built-in alerts (admins change them,
 * everyone sees them) and the alerts one made on saved views (made from a list's Views menu).
 */
export function AlertsPage({ storeId }: { storeId: string }) {
  const store = useCurrentStore();
  return (
    <>
      <PageHeader
        title="Alerts"
        breadcrumbs={[
          { label: store.name, href: `/stores/${store.id}` },
          { label: "Settings" },
          { label: "Alerts" },
        ]}
        description="E-mails about work that waits: the store's built-in alerts go to every member, yours only to you."
      />
      <div className="space-y-6">
        <BuiltInsCard storeId={storeId} />
        <MyAlertsCard storeId={storeId} />
      </div>
    </>
  );
}

const toInput = (settings: AlertSettings): AlertSettingsInput => ({
  returnsWaiting: { enabled: settings.returnsWaiting.enabled, hours: settings.returnsWaiting.hours },
  shipmentsLate: { enabled: settings.shipmentsLate.enabled },
  discrepancies: { enabled: settings.discrepancies.enabled },
});

function BuiltInsCard({ storeId }: { storeId: string }) {
  const settings = useAlertSettings(storeId);
  const update = useUpdateAlertSettings(storeId);
  const isAdmin = useCan("admin");
  const hoursId = useId();
  const [form, setForm] = useState<AlertSettingsInput | null>(null);
  const [hours, setHours] = useState("24");
  useEffect(() => {
    if (!settings.data) return;
    setForm(toInput(settings.data));
    setHours(String(settings.data.returnsWaiting.hours));
  }, [settings.data]);
  if (settings.error)
    return <ErrorState title="Alerts could not be loaded" message={errorMessage(settings.error)} />;
  const hoursValid = /^\d+$/.test(hours) && Number(hours) >= 1 && Number(hours) <= 720;
  const save = (event: FormEvent) => {
    event.preventDefault();
    if (!form || !hoursValid) return;
    update.mutate({ ...form, returnsWaiting: { ...form.returnsWaiting, hours: Number(hours) } });
  };
  const state = (firing: boolean, enabled: boolean) =>
    !enabled ? null : firing ? (
      <span className="ml-2 rounded bg-red-50 px-1.5 py-0.5 text-xs font-medium text-red-800">Firing</span>
    ) : null;
  const data = settings.data;
  const checkbox = "mt-0.5 size-4 accent-indigo-600";
  return (
    <Card
      title="Built-in alerts"
      description={
        isAdmin
          ? "Every member of the store gets these e-mails (and the chat URL of Settings → Notifications)."
          : "Every member of the store gets these e-mails. Only an admin can change them."
      }
    >
      {!form || !data ? (
        <p className="text-sm text-slate-600">Loading…</p>
      ) : (
        <form onSubmit={save} className="space-y-4">
          <fieldset disabled={!isAdmin} className="space-y-4">
            <legend className="sr-only">Built-in alerts</legend>
            <div className="flex items-start gap-2 text-sm text-slate-800">
              <input
                id={`${hoursId}-waiting`}
                type="checkbox"
                className={checkbox}
                checked={form.returnsWaiting.enabled}
                onChange={(event) =>
                  setForm({
                    ...form,
                    returnsWaiting: { ...form.returnsWaiting, enabled: event.target.checked },
                  })
                }
              />
              <div>
                <label htmlFor={`${hoursId}-waiting`} className="font-medium">
                  Returns waiting for review
                </label>
                {state(data.returnsWaiting.firing, data.returnsWaiting.enabled)}
                <p className="text-slate-600">
                  A return in “Needs review” has waited longer than{" "}
                  <label htmlFor={hoursId} className="sr-only">
                    Hours a return may wait for review
                  </label>
                  <input
                    id={hoursId}
                    inputMode="numeric"
                    value={hours}
                    onChange={(event) => setHours(event.target.value)}
                    aria-invalid={hoursValid ? undefined : true}
                    className="mx-1 w-16 rounded-md px-2 py-0.5 text-sm ring-1 ring-inset ring-slate-300 focus:outline-hidden focus:ring-2 focus:ring-indigo-600 aria-[invalid=true]:ring-red-500 disabled:bg-slate-50"
                  />
                  hours.
                </p>
                {hoursValid ? null : (
                  <p className="text-sm text-red-700">Hours: a whole number from 1 to 720.</p>
                )}
              </div>
            </div>
            <div className="flex items-start gap-2 text-sm text-slate-800">
              <input
                id={`${hoursId}-late`}
                type="checkbox"
                className={checkbox}
                checked={form.shipmentsLate.enabled}
                onChange={(event) => setForm({ ...form, shipmentsLate: { enabled: event.target.checked } })}
              />
              <div>
                <label htmlFor={`${hoursId}-late`} className="font-medium">
                  Late shipments
                </label>
                {state(data.shipmentsLate.firing, data.shipmentsLate.enabled)}
                <p className="text-slate-600">
                  An inbound shipment was expected before today and is not received.
                </p>
              </div>
            </div>
            <div className="flex items-start gap-2 text-sm text-slate-800">
              <input
                id={`${hoursId}-discrepancies`}
                type="checkbox"
                className={checkbox}
                checked={form.discrepancies.enabled}
                onChange={(event) => setForm({ ...form, discrepancies: { enabled: event.target.checked } })}
              />
              <div>
                <label htmlFor={`${hoursId}-discrepancies`} className="font-medium">
                  Receiving discrepancies
                </label>
                <p className="text-slate-600">
                  Receiving recorded damaged or missing units, or more than expected, on a shipment line.
                </p>
              </div>
            </div>
          </fieldset>
          {isAdmin ? (
            <Button type="submit" variant="primary" pending={update.isPending} disabled={!hoursValid}>
              Save alerts
            </Button>
          ) : null}
          {update.error ? <p className="text-sm text-red-700">{errorMessage(update.error)}</p> : null}
        </form>
      )}
    </Card>
  );
}

function MyAlertsCard({ storeId }: { storeId: string }) {
  const alerts = useMyAlerts(storeId);
  const remove = useDeleteAlert(storeId);
  const timeZone = useStoreTimeZone();
  const [changing, setChanging] = useState<AlertRule | null>(null);
  if (alerts.error)
    return <ErrorState title="Your alerts could not be loaded" message={errorMessage(alerts.error)} />;
  const rows = alerts.data ?? [];
  return (
    <Card
      title="Your alerts"
      description="Made from a saved view: open the returns or shipments list, then Views and the bell beside a view."
    >
      {rows.length === 0 ? (
        <p className="text-sm text-slate-600">{alerts.isPending ? "Loading…" : "You have no alerts yet."}</p>
      ) : (
        <ul className="divide-y divide-slate-100">
          {rows.map((alert) => {
            const view = alert.savedView;
            if (!view) return null;
            const href = `/stores/${storeId}/${view.list}${view.query ? `?${view.query}` : ""}`;
            return (
              <li key={alert.id} className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm">
                <div className="min-w-0">
                  <Link href={href} className="font-medium text-indigo-700 hover:underline">
                    {view.name}
                  </Link>
                  <span className="text-slate-600">
                    {" "}
                    · {view.list === "returns" ? "Returns" : "Shipments"}
                  </span>
                  <p className="text-slate-700">
                    {describeAlert(alert, view.list)}
                    {alert.firing ? <span className="ml-2 font-medium text-red-700">Firing</span> : null}
                    {alert.lastEvaluatedAt ? (
                      <span className="text-slate-500">
                        {" "}
                        · lists {alert.lastCount ?? 0} (checked{" "}
                        {formatDateTime(alert.lastEvaluatedAt, timeZone)})
                      </span>
                    ) : null}
                  </p>
                </div>
                <div className="flex gap-2">
                  <Button size="sm" onClick={() => setChanging(alert)}>
                    Change<span className="sr-only"> alert on {view.name}</span>
                  </Button>
                  <Button size="sm" onClick={() => remove.mutate(alert.id)}>
                    Remove<span className="sr-only"> alert on {view.name}</span>
                  </Button>
                </div>
              </li>
            );
          })}
        </ul>
      )}
      <AlertDialog
        storeId={storeId}
        view={changing?.savedView ?? null}
        alerts={rows.filter((alert) => alert.savedView?.id === changing?.savedView?.id)}
        editAlert={changing}
        open={changing !== null}
        onClose={() => setChanging(null)}
      />
    </Card>
  );
}
