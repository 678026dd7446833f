"use client";

import { CalendarClock } from "lucide-react";
import { useEffect, useId, useState } from "react";
import { useCan, useCurrentStore, useStaff } from "@/components/app/staff-context";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { Select, TextInput } from "@/components/ui/field";
import { errorMessage } from "@/lib/client/api-client";
import { formatDateTime } from "@/lib/client/format";
import {
  useDeleteReportSchedule,
  usePutReportSchedule,
  useReportSchedule,
} from "@/lib/client/hooks/notification-preferences";
import { useStaffMembers } from "@/lib/client/hooks/staff-members";
import type { ReportFrequency } from "@/lib/enums";
import type { SavedView } from "@/lib/schemas/saved-views";

const WEEKDAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];

/**
 * "Schedule a report…" in the Views menu (docs/notifications.md, "Scheduled reports"): one of your own views'
 * rows e-mailed as CSV daily or weekly at a time of the store's day. Hidden when you own no view of the list.
 */
export function ScheduleReportMenuItem({
  storeId,
  views,
  onDone,
}: {
  storeId: string;
  views: SavedView[];
  onDone: () => void;
}) {
  const { user } = useStaff();
  const own = views.filter((view) => view.owner.id === user.id);
  const [open, setOpen] = useState(false);
  if (own.length === 0) return null;
  return (
    <>
      <Button size="sm" variant="ghost" className="w-full justify-start" onClick={() => setOpen(true)}>
        <CalendarClock className="size-4" aria-hidden="true" />
        Schedule a report…
      </Button>
      {open ? (
        <ScheduleReportDialog
          storeId={storeId}
          views={own}
          onClose={() => {
            setOpen(false);
            onDone();
          }}
        />
      ) : null}
    </>
  );
}

function ScheduleReportDialog({
  storeId,
  views,
  onClose,
}: {
  storeId: string;
  views: SavedView[];
  onClose: () => void;
}) {
  const store = useCurrentStore();
  const isAdmin = useCan("admin");
  const id = useId();
  const [viewId, setViewId] = useState(views[0]?.id ?? "");
  const view = views.find((candidate) => candidate.id === viewId);
  const schedule = useReportSchedule(storeId, viewId || null);
  const put = usePutReportSchedule(storeId);
  const stop = useDeleteReportSchedule(storeId);
  const [frequency, setFrequency] = useState<ReportFrequency>("daily");
  const [weekday, setWeekday] = useState(1);
  const [time, setTime] = useState("08:00");
  const [recipients, setRecipients] = useState<string[]>([]);
  const current = schedule.data;
  useEffect(() => {
    if (!current) return;
    setFrequency(current.frequency);
    setWeekday(current.weekday ?? 1);
    setTime(current.time);
    setRecipients(current.recipients.map((person) => person.id));
  }, [current]);
  const save = () =>
    put.mutate({
      viewId,
      schedule: {
        frequency,
        weekday: frequency === "weekly" ? weekday : null,
        time,
        ...(view?.shared && recipients.length > 0 ? { recipients } : {}),
      },
    });
  return (
    <Dialog
      open
      onClose={onClose}
      title="Schedule a report"
      description={`The view's rows as a CSV file by e-mail, as its list's Export gives them. Times are the store's (${store.timeZone}).`}
      footer={
        <>
          {current ? (
            <Button variant="danger" pending={stop.isPending} onClick={() => stop.mutate(viewId)}>
              Stop report
            </Button>
          ) : null}
          <Button onClick={onClose}>Close</Button>
          <Button variant="primary" pending={put.isPending} disabled={!viewId || !time} onClick={save}>
            {current ? "Save schedule" : "Schedule report"}
          </Button>
        </>
      }
    >
      <form
        className="space-y-3"
        onSubmit={(event) => {
          event.preventDefault();
          save();
        }}
      >
        <label className="block text-sm font-medium text-slate-800" htmlFor={`${id}-view`}>
          View
        </label>
        <Select
          id={`${id}-view`}
          data-autofocus
          value={viewId}
          onChange={(event) => setViewId(event.target.value)}
        >
          {views.map((candidate) => (
            <option key={candidate.id} value={candidate.id}>
              {candidate.name}
              {candidate.shared ? " (shared)" : ""}
            </option>
          ))}
        </Select>
        <div className="flex flex-wrap gap-3">
          <div>
            <label htmlFor={`${id}-every`} className="block text-sm font-medium text-slate-800">
              Every
            </label>
            <Select
              id={`${id}-every`}
              className="mt-1 w-36"
              value={frequency}
              onChange={(event) => setFrequency(event.target.value as ReportFrequency)}
            >
              <option value="daily">Day</option>
              <option value="weekly">Week</option>
            </Select>
          </div>
          {frequency === "weekly" ? (
            <div>
              <label htmlFor={`${id}-on`} className="block text-sm font-medium text-slate-800">
                On
              </label>
              <Select
                id={`${id}-on`}
                className="mt-1 w-36"
                value={weekday}
                onChange={(event) => setWeekday(Number(event.target.value))}
              >
                {WEEKDAYS.map((name, index) => (
                  <option key={name} value={index}>
                    {name}
                  </option>
                ))}
              </Select>
            </div>
          ) : null}
          <div>
            <label htmlFor={`${id}-at`} className="block text-sm font-medium text-slate-800">
              At
            </label>
            <TextInput
              id={`${id}-at`}
              type="time"
              required
              className="mt-1 w-32"
              value={time}
              onChange={(event) => setTime(event.target.value)}
            />
          </div>
        </div>
        {view?.shared && isAdmin ? (
          <Recipients storeId={storeId} chosen={recipients} onChange={setRecipients} />
        ) : (
          <p className="text-sm text-slate-600">
            {view?.shared
              ? "Sent to you. An admin can add other members of the store."
              : "Sent to you (a personal view is yours alone)."}
          </p>
        )}
        {current ? (
          <p className="text-sm text-slate-700" aria-live="polite">
            Next: {formatDateTime(current.nextRunAt, store.timeZone)}
            {current.lastRunAt ? ` · last sent ${formatDateTime(current.lastRunAt, store.timeZone)}` : ""}
          </p>
        ) : null}
        {put.error ? <p className="text-sm text-red-700">{errorMessage(put.error)}</p> : null}
      </form>
    </Dialog>
  );
}

/** A shared view's recipients: members of the store (the list of members is for admins). */
function Recipients({
  storeId,
  chosen,
  onChange,
}: {
  storeId: string;
  chosen: string[];
  onChange: (ids: string[]) => void;
}) {
  const { user } = useStaff();
  const members = useStaffMembers(storeId);
  const selected = chosen.length > 0 ? chosen : [user.id];
  return (
    <fieldset>
      <legend className="text-sm font-medium text-slate-800">Send to</legend>
      <div className="mt-1 max-h-40 space-y-1 overflow-y-auto">
        {(members.data ?? []).map((member) => (
          <label key={member.id} className="flex items-center gap-2 text-sm text-slate-800">
            <input
              type="checkbox"
              checked={selected.includes(member.id)}
              onChange={(event) =>
                onChange(
                  event.target.checked
                    ? [...selected, member.id]
                    : selected.filter((memberId) => memberId !== member.id),
                )
              }
              className="size-4 accent-indigo-600"
            />
            {member.name} <span className="text-slate-500">({member.email})</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
