"use client";

import { useStoreTimeZone } from "@/components/app/staff-context";
import { formatDateTime, formatRelative } from "@/lib/client/format";

/** "5 minutes ago", with the exact time in the tooltip; `empty` when there is no time. */
export function RelativeTime({
  value,
  now = Date.now(),
  empty = "never",
  className,
}: {
  value: string | null;
  /** The clock to measure from (useNow() keeps it ticking); the render's time by default. */
  now?: number;
  empty?: string;
  className?: string;
}) {
  const timeZone = useStoreTimeZone();
  if (!value) return <span className={className}>{empty}</span>;
  // `now` may lag a few seconds behind (or the server's clock run ahead): a past event never reads "in 2 seconds".
  const at = Date.parse(value);
  return (
    <time dateTime={value} title={formatDateTime(value, timeZone)} className={className}>
      {formatRelative(value, Number.isNaN(at) ? now : Math.max(now, at))}
    </time>
  );
}
