"use client";

import { type FormEvent, useEffect, useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Select } from "@/components/ui/field";
import { ErrorState } from "@/components/ui/states";
import { errorMessage } from "@/lib/client/api-client";
import {
  useStoreNotificationDefaults,
  useUpdateStoreNotificationDefaults,
} from "@/lib/client/hooks/notification-preferences";
import { ALERT_SOURCES, type AlertDefault, type AlertSource } from "@/lib/enums";
import { ALERT_SOURCE_LABELS, CHOICE_WORDS, type ChoiceWord, choiceOf, wordOf } from "./alert-sources";
import { QuietHoursFields } from "./quiet-hours-fields";

/**
 * Settings → Notifications, the store's defaults (admins): per alert source how members hear of it unless
 * they chose otherwise (Account → Notifications) and whether it goes to the chat URL; default quiet hours.
 */
export function StoreDefaultsCard({ storeId, timeZone }: { storeId: string; timeZone: string }) {
  const defaults = useStoreNotificationDefaults(storeId);
  const update = useUpdateStoreNotificationDefaults(storeId);
  const id = useId();
  const [alerts, setAlerts] = useState<Partial<Record<AlertSource, AlertDefault>>>({});
  const [quiet, setQuiet] = useState(false);
  const [start, setStart] = useState("22:00");
  const [end, setEnd] = useState("07:00");
  const data = defaults.data;
  useEffect(() => {
    if (!data) return;
    setAlerts(data.alerts);
    setQuiet(data.quietHours !== null);
    if (data.quietHours) {
      setStart(data.quietHours.start);
      setEnd(data.quietHours.end);
    }
  }, [data]);
  if (defaults.error)
    return <ErrorState title="Defaults could not be loaded" message={errorMessage(defaults.error)} />;
  const save = (event: FormEvent) => {
    event.preventDefault();
    update.mutate({ alerts, quietHours: quiet ? { start, end } : null });
  };
  const set = (source: AlertSource, change: Partial<AlertDefault>) => {
    const current = alerts[source] ?? { delivery: "instant", email: true, chat: true };
    setAlerts({ ...alerts, [source]: { ...current, ...change } });
  };
  return (
    <Card
      title="Defaults for members"
      description={`How members hear of alerts unless they choose otherwise on their account page. Times are the store's (${timeZone}).`}
    >
      <form onSubmit={save} className="space-y-5" aria-busy={defaults.isPending}>
        <fieldset className="space-y-3" disabled={!data}>
          <legend className="text-sm font-medium text-slate-800">Alerts</legend>
          {ALERT_SOURCES.map((source) => {
            const current = alerts[source];
            return (
              <div key={source} className="grid gap-2 sm:grid-cols-[1fr_14rem_9rem] sm:items-center">
                <label htmlFor={`${id}-${source}`} className="text-sm text-slate-800">
                  {ALERT_SOURCE_LABELS[source].label}
                  <span className="block text-xs text-slate-500">{ALERT_SOURCE_LABELS[source].hint}</span>
                </label>
                <Select
                  id={`${id}-${source}`}
                  value={current ? wordOf(current) : "instant"}
                  onChange={(event) => set(source, choiceOf(event.target.value as ChoiceWord))}
                >
                  {(Object.keys(CHOICE_WORDS) as ChoiceWord[]).map((word) => (
                    <option key={word} value={word}>
                      {CHOICE_WORDS[word]}
                    </option>
                  ))}
                </Select>
                <label className="flex items-center gap-2 text-sm text-slate-800">
                  <input
                    type="checkbox"
                    checked={current?.chat ?? true}
                    onChange={(event) => set(source, { chat: event.target.checked })}
                    className="size-4 accent-indigo-600"
                  />
                  Post to chat
                  <span className="sr-only">: {ALERT_SOURCE_LABELS[source].label}</span>
                </label>
              </div>
            );
          })}
        </fieldset>
        <fieldset className="space-y-2" disabled={!data}>
          <legend className="text-sm font-medium text-slate-800">Default quiet hours</legend>
          <label className="flex items-center gap-2 text-sm text-slate-800">
            <input
              type="checkbox"
              checked={quiet}
              onChange={(event) => setQuiet(event.target.checked)}
              className="size-4 accent-indigo-600"
            />
            Hold e-mails at night for members who did not set their own
          </label>
          {quiet ? (
            <QuietHoursFields
              start={start}
              end={end}
              onChange={(times) => {
                setStart(times.start);
                setEnd(times.end);
              }}
            />
          ) : null}
        </fieldset>
        {update.error ? <p className="text-sm text-red-700">{errorMessage(update.error)}</p> : null}
        <Button type="submit" variant="primary" pending={update.isPending} disabled={!data}>
          Save defaults
        </Button>
      </form>
    </Card>
  );
}
