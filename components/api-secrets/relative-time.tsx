"use client";

import { formatDateTime, formatRelative } from "@/lib/client/format";

/** "5 minutes ago", with the exact time in the tooltip; `empty` when there is no time. */
export function RelativeTime({
  value,
  now,
  empty = "never",
}: {
  value: string | null;
  now: number;
  empty?: string;
}) {
  if (!value) return <span>{empty}</span>;
  // `now` may lag a few seconds behind (or the server's clock run ahead): a past event never reads "in 2 seconds".
  const at = Date.parse(value);
  return (
    <time dateTime={value} title={formatDateTime(value)}>
      {formatRelative(value, Number.isNaN(at) ? now : Math.max(now, at))}
    </time>
  );
}
