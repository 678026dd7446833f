"use client";

import { type FormEvent, useEffect, useId, useState } from "react";
import { useCurrentStore } from "@/components/app/staff-context";
import {
  ALERT_SOURCE_LABELS,
  CHOICE_WORDS,
  type ChoiceWord,
  choiceOf,
  wordOf,
} from "@/components/notifications/alert-sources";
import { QuietHoursFields } from "@/components/notifications/quiet-hours-fields";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Select } from "@/components/ui/field";
import { ErrorState } from "@/components/ui/states";
import { errorMessage } from "@/lib/client/api-client";
import {
  useMyNotificationPreferences,
  useUpdateMyNotificationPreferences,
} from "@/lib/client/hooks/notification-preferences";
import { ALERT_SOURCES, type AlertSource, roleAllows } from "@/lib/enums";

type Choice = ChoiceWord | "store";

/** The store default's choice, short enough to fit beside "Store default" in the select. */
const SHORT_WORDS: Record<ChoiceWord, string> = { instant: "at once", digest: "digest", off: "no e-mail" };
type QuietMode = "store" | "own" | "off";

/**
 * Account → Notifications: how you hear of each kind of alert in this store (the store default, at once, in
 * the 07:00 digest, or not by e-mail) and your quiet hours, in the store's time zone.
 */
export function NotificationPreferencesCard() {
  const store = useCurrentStore();
  // Webhook warnings reach the store's admins only: nobody else is asked how to hear of them.
  const sources = ALERT_SOURCES.filter((source) => source !== "webhook" || roleAllows(store.role, "admin"));
  const preferences = useMyNotificationPreferences(store.id);
  const update = useUpdateMyNotificationPreferences(store.id);
  const id = useId();
  const [choices, setChoices] = useState<Partial<Record<AlertSource, Choice>>>({});
  const [quietMode, setQuietMode] = useState<QuietMode>("store");
  const [start, setStart] = useState("22:00");
  const [end, setEnd] = useState("07:00");
  const data = preferences.data;
  useEffect(() => {
    if (!data) return;
    setChoices(
      Object.fromEntries(
        ALERT_SOURCES.map((source) => [
          source,
          data.alerts[source].own ? wordOf(data.alerts[source]) : "store",
        ]),
      ),
    );
    setQuietMode(data.quietHours.mode);
    if (data.quietHours.own) {
      setStart(data.quietHours.own.start);
      setEnd(data.quietHours.own.end);
    }
  }, [data]);
  if (preferences.error)
    return <ErrorState title="Preferences could not be loaded" message={errorMessage(preferences.error)} />;
  const save = (event: FormEvent) => {
    event.preventDefault();
    update.mutate({
      alerts: Object.fromEntries(
        sources.map((source) => {
          const choice = choices[source] ?? "store";
          return [source, choice === "store" ? null : choiceOf(choice)];
        }),
      ),
      quietHours: quietMode === "own" ? { mode: "own", start, end } : { mode: quietMode },
    });
  };
  const storeQuiet = data?.storeDefaults.quietHours;
  return (
    <Card
      title="Notifications"
      description={`How you hear of alerts in ${store.name}. Times are the store's (${store.timeZone}).`}
      className="max-w-xl"
    >
      <form onSubmit={save} className="space-y-5" aria-busy={preferences.isPending}>
        {/* Disabled until loaded: a choice made before would be replaced by the loaded ones. */}
        <fieldset className="space-y-3" disabled={!data}>
          <legend className="text-sm font-medium text-slate-800">Alerts</legend>
          {sources.map((source) => {
            const fallback = data?.storeDefaults.alerts[source];
            return (
              <div key={source} className="grid gap-1 sm:grid-cols-[1fr_15rem] sm:items-center">
                <label htmlFor={`${id}-${source}`} className="text-sm text-slate-800">
                  {ALERT_SOURCE_LABELS[source].label}
                  <span className="block text-xs text-slate-500">{ALERT_SOURCE_LABELS[source].hint}</span>
                </label>
                <Select
                  id={`${id}-${source}`}
                  value={choices[source] ?? "store"}
                  onChange={(event) => setChoices({ ...choices, [source]: event.target.value as Choice })}
                >
                  <option value="store">
                    Store default{fallback ? `: ${SHORT_WORDS[wordOf(fallback)]}` : ""}
                  </option>
                  {(Object.keys(CHOICE_WORDS) as ChoiceWord[]).map((word) => (
                    <option key={word} value={word}>
                      {CHOICE_WORDS[word]}
                    </option>
                  ))}
                </Select>
              </div>
            );
          })}
        </fieldset>
        <fieldset className="space-y-2" disabled={!data}>
          <legend className="text-sm font-medium text-slate-800">Quiet hours</legend>
          <p className="text-xs text-slate-500">
            An e-mail that would arrive inside them waits until they end. The daily digest and reports keep
            their times.
          </p>
          {(
            [
              [
                "store",
                storeQuiet ? `Store default (${storeQuiet.start}–${storeQuiet.end})` : "Store default (none)",
              ],
              ["off", "None"],
              ["own", "My own"],
            ] as const
          ).map(([mode, label]) => (
            <label key={mode} className="flex items-center gap-2 text-sm text-slate-800">
              <input
                type="radio"
                name={`${id}-quiet`}
                value={mode}
                checked={quietMode === mode}
                onChange={() => setQuietMode(mode)}
                className="size-4 accent-indigo-600"
              />
              {label}
            </label>
          ))}
          {quietMode === "own" ? (
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
          Save notification preferences
        </Button>
      </form>
    </Card>
  );
}
