"use client";

import { type FormEvent, useId, useState } from "react";
import { Dialog, type DialogControl, FormDialogFooter } from "@/components/ui/dialog";
import { describedBy, Field, TextInput } from "@/components/ui/field";
import { ApiError } from "@/lib/client/api-client";
import { useReplayEvents } from "@/lib/client/hooks/webhooks";
import {
  REPLAY_MAX_AGE_DAYS,
  REPLAY_MAX_AGE_MS,
  replayRequestSchema,
} from "@/lib/schemas/webhook-deliveries";

/** A Date as the value of a datetime-local input, in the browser's time zone ("2026-03-14T09:26"). */
export function toLocalInputValue(date: Date): string {
  const pad = (value: number) => String(value).padStart(2, "0");
  return (
    `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}` +
    `T${pad(date.getHours())}:${pad(date.getMinutes())}`
  );
}

/** A datetime-local value (local time) as an ISO instant, or null when it is not a date. */
export function localInputToIso(value: string): string | null {
  if (!value) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

export function ReplayDialog({
  webhookId,
  open,
  onClose,
}: {
  webhookId: string;
} & DialogControl) {
  const formId = useId();
  const replay = useReplayEvents(webhookId);
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title="Replay events"
      description="Sends every event since the chosen time to this webhook again, in their original order."
      footer={
        <FormDialogFooter formId={formId} pending={replay.isPending} onCancel={onClose}>
          Replay events
        </FormDialogFooter>
      }
    >
      <ReplayForm formId={formId} replay={replay} onDone={onClose} />
    </Dialog>
  );
}

function ReplayForm({
  formId,
  replay,
  onDone,
}: {
  formId: string;
  replay: ReturnType<typeof useReplayEvents>;
  onDone: () => void;
}) {
  const [now] = useState(() => new Date());
  const [since, setSince] = useState(() => toLocalInputValue(new Date(now.getTime() - 60 * 60 * 1000)));
  const [until, setUntil] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [untilError, setUntilError] = useState<string | null>(null);
  const inputId = `${formId}-since`;
  const untilId = `${formId}-until`;
  const untilHint = "Optional: leave empty to replay up to now.";
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  const hint = `Your time zone (${zone}). At most ${REPLAY_MAX_AGE_DAYS} days ago. Test events are not replayed.`;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const start = localInputToIso(since);
    if (!start) return setError("Choose a date and time.");
    const end = until ? localInputToIso(until) : null;
    if (until && !end) return setUntilError("Choose a date and time, or leave it empty.");
    const body = end ? { start, until: end } : { start };
    const parsed = replayRequestSchema.safeParse(body);
    const issue = parsed.success ? undefined : parsed.error.issues[0];
    setError(issue && issue.path[0] !== "until" ? issue.message : null);
    setUntilError(issue && issue.path[0] === "until" ? issue.message : null);
    if (issue) return;
    replay.mutate(body, {
      onSuccess: onDone,
      onError: (failure) => {
        if (!(failure instanceof ApiError)) return;
        const problem = failure.errors[0];
        if (problem?.path === "until") setUntilError(problem.message);
        else if (problem) setError(problem.message);
      },
    });
  };

  return (
    <form id={formId} noValidate onSubmit={onSubmit}>
      <Field id={inputId} label="Replay events since" hint={hint} error={error}>
        <TextInput
          {...describedBy(inputId, error, hint)}
          type="datetime-local"
          required
          value={since}
          min={toLocalInputValue(new Date(now.getTime() - REPLAY_MAX_AGE_MS))}
          max={toLocalInputValue(now)}
          onChange={(event) => setSince(event.target.value)}
        />
      </Field>
      <Field id={untilId} label="Until" hint={untilHint} error={untilError} className="mt-4">
        <TextInput
          {...describedBy(untilId, untilError, untilHint)}
          type="datetime-local"
          value={until}
          max={toLocalInputValue(now)}
          onChange={(event) => setUntil(event.target.value)}
        />
      </Field>
      <p className="mt-4 text-sm text-slate-700">
        Each replayed event is a new delivery with a new webhook-id header; the payload keeps the event's id,
        so a receiver that de-duplicates by event id can skip what it already processed.
      </p>
    </form>
  );
}
