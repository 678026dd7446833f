"use client";

import { CheckCheck, Flag, FlagOff, X } from "lucide-react";
import { useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { Select, TextArea } from "@/components/ui/field";
import { errorMessage } from "@/lib/client/api-client";
import { formatNumber } from "@/lib/client/format";
import { type BulkRequest, useBulkReturns } from "@/lib/client/hooks/return-list";
import { toast } from "@/lib/client/toast";
import type { ReturnStatus, ReturnStatusUpdate } from "@/lib/enums";
import { MAX_BULK_RETURNS } from "@/lib/schemas/limits";
import type { BulkReturnResult } from "@/lib/schemas/return-bulk";
import { RETURN_STATUS_LABELS } from "./return-badges";

/**
 * The statuses staff set from the list (PUT status's values; flagging is the Flag button). `open`
 * approves, resumes or reopens, depending on where each return is (docs/returns-lifecycle.md).
 */
const SETTABLE: readonly ReturnStatusUpdate[] = ["open", "complete", "rejected", "deleted"];

type Action = { action: BulkRequest["action"]; status?: ReturnStatusUpdate };

function describeAction({ action, status }: Action): string {
  if (action === "status" && status === "flagged") return "Flag";
  if (action === "status" && status) return `Set status to ${RETURN_STATUS_LABELS[status]}`;
  return { approve: "Approve", flag: "Flag", unflag: "Unflag", status: "Set status" }[action];
}

export type BulkTarget =
  | { kind: "ids"; ids: string[] }
  | { kind: "matching"; count: number; filter: { status?: ReturnStatus; q?: string } };

/**
 * The bar over the returns list while rows are selected (admins only: the API refuses bulk to others).
 * Every action is confirmed first, then the summary says how many were done and why the others were
 * refused; the selection stays on the refused ones so they can be looked at.
 */
export function ReturnsBulkBar({
  storeId,
  target,
  canSelectMatching,
  matchingCount,
  nameOf,
  onSelectMatching,
  onClear,
  onDone,
}: {
  storeId: string;
  target: BulkTarget;
  /** Every loaded row is selected and more returns match: offer them all. */
  canSelectMatching: boolean;
  matchingCount: number | undefined;
  nameOf: (id: string) => string;
  onSelectMatching: () => void;
  onClear: () => void;
  onDone: (refusedIds: string[]) => void;
}) {
  const bulk = useBulkReturns(storeId);
  const [pending, setPending] = useState<Action | null>(null);
  const [notes, setNotes] = useState("");
  const [results, setResults] = useState<BulkReturnResult[] | null>(null);
  const statusId = useId();
  const notesId = useId();
  const count = target.kind === "ids" ? target.ids.length : target.count;
  const noun = count === 1 ? "return" : "returns";
  const asksNotes = pending?.action === "status" && pending.status === "rejected";

  const run = () => {
    if (!pending) return;
    const request: BulkRequest = {
      ...pending,
      ...(asksNotes && notes.trim() ? { customerNotes: notes.trim() } : {}),
      ...(target.kind === "ids" ? { returnIds: target.ids } : { filter: target.filter }),
    };
    bulk.mutate(request, {
      onSuccess: (answer) => {
        setPending(null);
        setResults(answer.results);
      },
      onError: (error) => toast.error(`The bulk action failed: ${errorMessage(error)}`),
    });
  };

  // The selection narrows to the refused returns only once the summary is closed: narrowing it at once
  // could empty it, and this bar (with the summary in it) is shown only while something is selected.
  const closeResults = () => {
    // The native dialog reports its own close too, after the button's: only the first one counts.
    if (results === null) return;
    onDone(results.filter((result) => !result.ok).map((result) => result.id));
    setResults(null);
  };

  return (
    <section
      aria-label="Bulk actions"
      className="mb-3 flex flex-wrap items-center gap-2 rounded-lg border border-indigo-200 bg-indigo-50 px-3 py-2"
    >
      <p className="mr-1 text-sm font-medium text-indigo-900" aria-live="polite">
        {target.kind === "matching"
          ? `All ${formatNumber(count)} matching ${noun} selected`
          : `${formatNumber(count)} ${noun} selected`}
      </p>
      {canSelectMatching && matchingCount !== undefined ? (
        matchingCount <= MAX_BULK_RETURNS ? (
          <Button size="sm" variant="ghost" onClick={onSelectMatching}>
            Select all {formatNumber(matchingCount)} matching
          </Button>
        ) : (
          <span className="text-sm text-indigo-900">
            {formatNumber(matchingCount)} match: narrow the filters to act on at most{" "}
            {formatNumber(MAX_BULK_RETURNS)} at once.
          </span>
        )
      ) : null}
      <div className="ml-auto flex flex-wrap items-center gap-2">
        <Button size="sm" onClick={() => setPending({ action: "approve" })}>
          <CheckCheck className="size-4" aria-hidden="true" />
          Approve
        </Button>
        <Button size="sm" onClick={() => setPending({ action: "status", status: "flagged" })}>
          <Flag className="size-4" aria-hidden="true" />
          Flag
        </Button>
        <Button size="sm" onClick={() => setPending({ action: "unflag" })}>
          <FlagOff className="size-4" aria-hidden="true" />
          Unflag
        </Button>
        <label htmlFor={statusId} className="sr-only">
          Set status of the selected returns
        </label>
        {/* The Select fills its box: the box sets the width. */}
        <div className="w-40">
          <Select
            id={statusId}
            value=""
            onChange={(event) => {
              const status = event.target.value as ReturnStatusUpdate;
              if (status) setPending({ action: "status", status });
            }}
          >
            <option value="">Set status…</option>
            {SETTABLE.map((status) => (
              <option key={status} value={status}>
                {RETURN_STATUS_LABELS[status]}
              </option>
            ))}
          </Select>
        </div>
        <Button size="sm" variant="ghost" onClick={onClear}>
          <X className="size-4" aria-hidden="true" />
          Clear selection
        </Button>
      </div>

      <Dialog
        open={pending !== null}
        onClose={() => setPending(null)}
        title={pending ? `${describeAction(pending)}: ${formatNumber(count)} ${noun}?` : ""}
        description="Each return is changed on its own: those whose status does not allow it are left as they are and listed afterwards."
        footer={
          <>
            <Button onClick={() => setPending(null)}>Cancel</Button>
            <Button variant="primary" data-autofocus pending={bulk.isPending} onClick={run}>
              {pending ? describeAction(pending) : ""}
            </Button>
          </>
        }
      >
        {asksNotes ? (
          <div>
            <label htmlFor={notesId} className="block text-sm font-medium text-slate-800">
              Note to the customer (optional)
            </label>
            <TextArea
              id={notesId}
              className="mt-1"
              rows={3}
              value={notes}
              onChange={(event) => setNotes(event.target.value)}
            />
            <p className="mt-1 text-xs text-slate-600">Optional: why the returns are rejected.</p>
          </div>
        ) : null}
      </Dialog>

      <Dialog
        open={results !== null}
        onClose={closeResults}
        title="Bulk action finished"
        footer={
          <Button variant="primary" onClick={closeResults}>
            Close
          </Button>
        }
      >
        {results ? <ResultSummary results={results} nameOf={nameOf} /> : null}
      </Dialog>
    </section>
  );
}

function ResultSummary({ results, nameOf }: { results: BulkReturnResult[]; nameOf: (id: string) => string }) {
  const refused = results.flatMap((result) => (result.ok ? [] : [result]));
  const done = results.length - refused.length;
  return (
    <div className="text-sm" data-testid="bulk-summary">
      <p>
        <strong>{formatNumber(done)} done</strong>
        {refused.length > 0 ? (
          <>
            , <strong>{formatNumber(refused.length)} refused</strong> (still selected):
          </>
        ) : (
          "."
        )}
      </p>
      {refused.length > 0 ? (
        <ul className="mt-2 max-h-64 space-y-1 overflow-y-auto">
          {refused.map((result) => (
            <li key={result.id} className="rounded bg-slate-50 px-2 py-1">
              <span className="font-medium">{nameOf(result.id)}</span>: {result.error.detail}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
