"use client";

import { useEffect, useState } from "react";
import { formatDateTime, formatRelative } from "@/lib/client/format";

/** The current time, refreshed every `intervalMs`, so "3 minutes ago" stays true while the page is open. */
export function useNow(intervalMs = 30_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}

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
