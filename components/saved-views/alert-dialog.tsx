"use client";

import { useEffect, useId, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { Dialog, type DialogControl } from "@/components/ui/dialog";
import { Field, TextInput } from "@/components/ui/field";
import { useCreateAlert, useDeleteAlert, useUpdateAlert } from "@/lib/client/hooks/alerts";
import { isFieldError } from "@/lib/client/hooks/returns";
import type { AlertCondition, SavedViewList } from "@/lib/enums";
import type { AlertRule } from "@/lib/schemas/alerts";
import type { SavedView } from "@/lib/schemas/saved-views";

const ROWS: Record<SavedViewList, string> = { returns: "returns", shipments: "shipments" };

/** What an alert asks for, in words: the line of the list of one's alerts. */
export function describeAlert(
  alert: Pick<AlertRule, "condition" | "threshold" | "minutes">,
  list: SavedViewList,
): string {
  if (alert.condition === "new_rows") return `Any new ${ROWS[list].slice(0, -1)}`;
  const lasting = alert.minutes > 0 ? ` for ${alert.minutes} min` : "";
  return `More than ${alert.threshold} ${ROWS[list]}${lasting}`;
}

/**
 * "Alert me…" on a saved view: threshold (more than N rows for M minutes) or any new row, and the alerts one
 * already has on the view, each changeable in place (the form below takes its values) and removable. The
 * e-mail goes to the person alone (and the store's chat URL).
 */
export function AlertDialog({
  storeId,
  view,
  alerts,
  open,
  onClose,
  editAlert = null,
}: {
  storeId: string;
  view: Pick<SavedView, "id" | "name" | "list"> | null;
  alerts: AlertRule[];
  /** Opens on this alert's values, to change it (Settings → Alerts); the dialog closes once it is saved. */
  editAlert?: AlertRule | null;
} & DialogControl) {
  const create = useCreateAlert(storeId);
  const update = useUpdateAlert(storeId);
  const remove = useDeleteAlert(storeId);
  const [editing, setEditing] = useState<AlertRule | null>(null);
  const [condition, setCondition] = useState<AlertCondition>("threshold");
  const [threshold, setThreshold] = useState("0");
  const [minutes, setMinutes] = useState("0");
  const ids = { threshold: useId(), minutes: useId(), error: useId(), legend: useId() };
  const form = useRef<HTMLFormElement>(null);
  // Opened to change one alert: the form starts with its values.
  useEffect(() => {
    if (!open || !editAlert) return;
    setCondition(editAlert.condition);
    setThreshold(String(editAlert.threshold));
    setMinutes(String(editAlert.minutes));
    setEditing(editAlert);
  }, [open, editAlert]);
  // "Change" moves focus to the form that now holds the alert's values.
  useEffect(() => {
    if (editing) form.current?.querySelector<HTMLInputElement>("input[name=condition]:checked")?.focus();
  }, [editing]);
  if (!view) return null;
  const rows = ROWS[view.list];
  const fill = (alert: Pick<AlertRule, "condition" | "threshold" | "minutes"> | null) => {
    setCondition(alert?.condition ?? "threshold");
    setThreshold(String(alert?.threshold ?? 0));
    setMinutes(String(alert?.minutes ?? 0));
  };
  const startEditing = (alert: AlertRule) => {
    update.reset();
    fill(alert);
    setEditing(alert);
  };
  const stopEditing = () => {
    fill(null);
    setEditing(null);
  };
  const close = () => {
    stopEditing();
    onClose();
  };
  const number = (value: string) => (/^\d+$/.test(value) ? Number(value) : Number.NaN);
  const invalid =
    condition === "threshold" && (Number.isNaN(number(threshold)) || Number.isNaN(number(minutes)));
  const failed = (editing ? update : create).error;
  const error = failed
    ? isFieldError(failed)
      ? failed.errors.map((issue) => issue.message).join(" ")
      : failed.message
    : null;
  const values = {
    condition,
    threshold: condition === "threshold" ? number(threshold) : 0,
    minutes: condition === "threshold" ? number(minutes) : 0,
  };
  const submit = () =>
    editing
      ? update.mutate({ alertId: editing.id, ...values }, { onSuccess: editAlert ? close : stopEditing })
      : create.mutate({ savedViewId: view.id, ...values }, { onSuccess: close });
  return (
    <Dialog
      open={open}
      onClose={close}
      title={`Alert me about “${view.name}”`}
      description="You get an e-mail when it happens and, for a number of rows, another when it is over. Checked every 15 seconds."
      footer={
        editing ? (
          <>
            <Button onClick={stopEditing}>Cancel change</Button>
            <Button variant="primary" pending={update.isPending} disabled={invalid} onClick={submit}>
              Save alert
            </Button>
          </>
        ) : (
          <>
            <Button onClick={close}>Close</Button>
            <Button variant="primary" pending={create.isPending} disabled={invalid} onClick={submit}>
              Make alert
            </Button>
          </>
        )
      }
    >
      {alerts.length > 0 ? (
        <section aria-label="Your alerts on this view" className="mb-4 rounded-md bg-slate-50 p-3">
          <h3 className="text-sm font-medium text-slate-800">Your alerts on this view</h3>
          <ul className="mt-1 space-y-1">
            {alerts.map((alert) => (
              <li key={alert.id} className="flex items-center justify-between gap-2 text-sm text-slate-700">
                <span>
                  {describeAlert(alert, view.list)}
                  {alert.firing ? <span className="ml-2 font-medium text-red-700">Firing</span> : null}
                  {editing?.id === alert.id ? (
                    <span className="ml-2 font-medium text-indigo-700">Changing below</span>
                  ) : null}
                </span>
                <span className="flex shrink-0 gap-1">
                  <Button
                    size="sm"
                    variant="ghost"
                    disabled={editing?.id === alert.id}
                    onClick={() => startEditing(alert)}
                  >
                    Change<span className="sr-only"> alert “{describeAlert(alert, view.list)}”</span>
                  </Button>
                  <Button
                    size="sm"
                    variant="ghost"
                    onClick={() => {
                      if (editing?.id === alert.id) stopEditing();
                      remove.mutate(alert.id);
                    }}
                  >
                    Remove<span className="sr-only"> alert “{describeAlert(alert, view.list)}”</span>
                  </Button>
                </span>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {editing ? (
        <p className="mb-3 text-sm text-slate-600">
          Changing “{describeAlert(editing, view.list)}”. Saving starts it afresh: if it had fired, it fires
          again once the new condition holds, without an “over” e-mail in between.
        </p>
      ) : null}
      <form
        ref={form}
        aria-label={editing ? "Change the alert" : "New alert"}
        onSubmit={(event) => {
          event.preventDefault();
          if (!invalid) submit();
        }}
      >
        <fieldset aria-describedby={error ? ids.error : undefined}>
          <legend id={ids.legend} className="text-sm font-medium text-slate-800">
            {editing ? "Tell me instead when" : "Tell me when"}
          </legend>
          <label className="mt-2 flex items-center gap-2 text-sm text-slate-800">
            <input
              type="radio"
              name="condition"
              data-autofocus
              checked={condition === "threshold"}
              onChange={() => setCondition("threshold")}
              className="size-4 accent-indigo-600"
            />
            The view lists more than a number of {rows}
          </label>
          {condition === "threshold" ? (
            <div className="ml-6 mt-2 grid grid-cols-2 gap-3">
              <Field id={ids.threshold} label={`More than (${rows})`}>
                <TextInput
                  id={ids.threshold}
                  inputMode="numeric"
                  value={threshold}
                  onChange={(event) => setThreshold(event.target.value)}
                  aria-invalid={Number.isNaN(number(threshold)) ? true : undefined}
                />
              </Field>
              <Field id={ids.minutes} label="For at least (minutes)">
                <TextInput
                  id={ids.minutes}
                  inputMode="numeric"
                  value={minutes}
                  onChange={(event) => setMinutes(event.target.value)}
                  aria-invalid={Number.isNaN(number(minutes)) ? true : undefined}
                />
              </Field>
            </div>
          ) : null}
          <label className="mt-2 flex items-center gap-2 text-sm text-slate-800">
            <input
              type="radio"
              name="condition"
              checked={condition === "new_rows"}
              onChange={() => setCondition("new_rows")}
              className="size-4 accent-indigo-600"
            />
            A new {rows.slice(0, -1)} appears in the view
          </label>
        </fieldset>
        {invalid ? <p className="mt-2 text-sm text-red-700">Use whole numbers, 0 or more.</p> : null}
        {error ? (
          <p id={ids.error} className="mt-2 text-sm text-red-700">
            {error}
          </p>
        ) : null}
      </form>
    </Dialog>
  );
}
