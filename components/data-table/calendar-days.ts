import { startOfDayIn } from "@/lib/client/time-zone";

/**
 * A list's day filters as the URL carries them (`?from=2025-01-01&to=2025-02-28`, days of the store's time
 * zone) and as the API takes them: `from` starts at that day's 00:00 (inclusive) and `to` includes its whole
 * day, so the API's exclusive upper bound is the next day's 00:00.
 */

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A real calendar day written YYYY-MM-DD (not 2025-02-30). */
export function isCalendarDay(value: string | null | undefined): value is string {
  if (!value || !DAY.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** The day after `day` (YYYY-MM-DD), in UTC. */
function nextDay(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString().slice(0, 10);
}

/** The API's bounds for the days `from` and `to` of `timeZone`: from inclusive, to exclusive. */
export function dayRangeBounds(
  range: { from?: string; to?: string },
  timeZone: string,
): { min?: string; max?: string } {
  return {
    ...(range.from ? { min: startOfDayIn(range.from, timeZone) } : {}),
    ...(range.to ? { max: startOfDayIn(nextDay(range.to), timeZone) } : {}),
  };
}
