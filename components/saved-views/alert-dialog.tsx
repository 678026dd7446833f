"use client";

import { useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { Dialog, type DialogControl } from "@/components/ui/dialog";
import { Field, TextInput } from "@/components/ui/field";
import { useCreateAlert, useDeleteAlert } from "@/lib/client/hooks/alerts";
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
 * already has on the view, each removable. The e-mail goes to the person alone (and the store's chat URL).
 */
export function AlertDialog({
  storeId,
  view,
  alerts,
  open,
  onClose,
}: { storeId: string; view: SavedView | null; alerts: AlertRule[] } & DialogControl) {
  const create = useCreateAlert(storeId);
  const remove = useDeleteAlert(storeId);
  const [condition, setCondition] = useState<AlertCondition>("threshold");
  const [threshold, setThreshold] = useState("0");
  const [minutes, setMinutes] = useState("0");
  const ids = { threshold: useId(), minutes: useId(), error: useId(), legend: useId() };
  if (!view) return null;
  const rows = ROWS[view.list];
  const number = (value: string) => (/^\d+$/.test(value) ? Number(value) : Number.NaN);
  const invalid =
    condition === "threshold" && (Number.isNaN(number(threshold)) || Number.isNaN(number(minutes)));
  const error = create.error
    ? isFieldError(create.error)
      ? create.error.errors.map((issue) => issue.message).join(" ")
      : create.error.message
    : null;
  const submit = () =>
    create.mutate(
      {
        savedViewId: view.id,
        condition,
        threshold: condition === "threshold" ? number(threshold) : 0,
        minutes: condition === "threshold" ? number(minutes) : 0,
      },
      { onSuccess: onClose },
    );
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={`Alert me about “${view.name}”`}
      description="You get an e-mail when it happens and, for a number of rows, another when it is over. Checked every 15 seconds."
      footer={
        <>
          <Button onClick={onClose}>Close</Button>
          <Button variant="primary" pending={create.isPending} disabled={invalid} onClick={submit}>
            Make alert
          </Button>
        </>
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
                </span>
                <Button size="sm" variant="ghost" onClick={() => remove.mutate(alert.id)}>
                  Remove<span className="sr-only"> alert “{describeAlert(alert, view.list)}”</span>
                </Button>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (!invalid) submit();
        }}
      >
        <fieldset aria-describedby={error ? ids.error : undefined}>
          <legend id={ids.legend} className="text-sm font-medium text-slate-800">
            Tell me when
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
