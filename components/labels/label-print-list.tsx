"use client";

import { useState } from "react";
import { RelativeTime } from "@/components/ui/relative-time";
import { errorMessage } from "@/lib/client/api-client";
import { useLabelPrints } from "@/lib/client/hooks/labels";
import { flattenPages } from "@/lib/client/paged-list";
import type { LabelSubjectType } from "@/lib/enums/labels";
import { labelCountWords, printedBy, printFormWords } from "./label-print-words";

type Subject = { type: LabelSubjectType; id: string };

/**
 * An object's prints as a short list, newest first: the print dialog's "printed before" (`limit` of them), and
 * a location's printed labels, which a location, having no timeline, shows on its card (docs/labels.md).
 */
export function LabelPrintList({
  storeId,
  subject,
  limit,
}: {
  storeId: string;
  subject: Subject;
  /** Show only the latest few; without it every print, older ones a page at a time. */
  limit?: number;
}) {
  const prints = useLabelPrints(storeId, subject);
  const all = flattenPages(prints.data?.pages);
  const shown = limit === undefined ? all : all.slice(0, limit);
  if (prints.isPending) return <p className="mt-1 text-sm text-slate-500">Loading…</p>;
  if (prints.isError) return <p className="mt-1 text-sm text-red-700">{errorMessage(prints.error)}</p>;
  if (shown.length === 0) return <p className="mt-1 text-sm text-slate-500">Not printed yet.</p>;
  return (
    <>
      <ul className="mt-1 space-y-1 text-sm text-slate-600">
        {shown.map((print) => (
          <li key={print.id}>
            {labelCountWords(print.count)} · {printFormWords(print)} · {printedBy(print.actor)} ·{" "}
            <RelativeTime value={print.printed_at} />
          </li>
        ))}
      </ul>
      {limit === undefined && prints.hasNextPage ? (
        <button
          type="button"
          onClick={() => void prints.fetchNextPage()}
          disabled={prints.isFetchingNextPage}
          className="mt-1 text-sm font-medium text-indigo-700 hover:underline"
        >
          Show older prints
        </button>
      ) : null}
    </>
  );
}

/** "Printed labels" under a name in a list (a location's row): the list is read when it is opened. */
export function PrintedLabelsDisclosure({
  storeId,
  subject,
  name,
}: {
  storeId: string;
  subject: Subject;
  name: string;
}) {
  const [open, setOpen] = useState(false);
  return (
    <details className="mt-1" onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary className="cursor-pointer text-xs font-medium text-indigo-700 hover:underline">
        Printed labels<span className="sr-only"> of {name}</span>
      </summary>
      {open ? <LabelPrintList storeId={storeId} subject={subject} /> : null}
    </details>
  );
}
