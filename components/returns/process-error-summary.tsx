"use client";

import type { Ref } from "react";

/** One problem in the summary: its words and the control it is about (the link moves focus there). */
export type SummaryEntry = { targetId: string; text: string };

/**
 * The process panel's error summary (the GOV.UK pattern): what went wrong in one place, each problem a
 * link to the field it sits beside, so a screen-reader user hears them all and can jump to each. The
 * messages themselves are shown beside their fields too.
 */
export function ProcessErrorSummary({
  title,
  entries,
  general,
  summaryRef,
}: {
  title: string;
  entries: readonly SummaryEntry[];
  /** Problems about the request as a whole: no field to link to. */
  general: readonly string[];
  summaryRef?: Ref<HTMLDivElement>;
}) {
  return (
    <div
      ref={summaryRef}
      role="alert"
      tabIndex={-1}
      className="mb-4 rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800 focus-visible:outline-2 focus-visible:outline-red-700"
    >
      <p className="font-medium">{title}</p>
      {entries.length + general.length > 0 ? (
        <ul className="mt-1 list-disc space-y-0.5 pl-5">
          {entries.map((entry) => (
            <li key={`${entry.targetId}:${entry.text}`}>
              <a
                href={`#${entry.targetId}`}
                // A fragment link scrolls but does not focus a form control: move focus to it ourselves.
                onClick={(event) => {
                  const target = document.getElementById(entry.targetId);
                  if (!target) return;
                  event.preventDefault();
                  target.focus();
                  target.scrollIntoView({ block: "center" });
                }}
                className="underline underline-offset-2 hover:text-red-950"
              >
                {entry.text}
              </a>
            </li>
          ))}
          {general.map((message) => (
            <li key={message}>{message}</li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
