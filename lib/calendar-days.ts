/**
 * Store-local calendar days, as a list's day filters carry them (`?from=2025-01-01&to=2025-02-28`, days of
 * the store's time zone, Settings -> Store) and as the list operations take them (instants): `from` starts at
 * that day's 00:00 there (inclusive) and `to` includes its whole day, so the upper bound is the next day's
 * 00:00 (exclusive). One home for the pages (which send the bounds) and the alert evaluation (which counts
 * what a saved view's page lists, lib/domain/alerts/view-rows.ts): both read a day the same way.
 */

const offsetFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * Milliseconds the zone is ahead of UTC at `instant` (negative west of Greenwich); the store's wall-clock
 * times (lib/domain/zoned-time.ts) read it here too.
 */
export function zoneOffsetMs(instant: number, timeZone: string): number {
  let format = offsetFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    });
    offsetFormats.set(timeZone, format);
  }
  const parts = Object.fromEntries(format.formatToParts(instant).map((part) => [part.type, part.value]));
  const asUtc = Date.UTC(
    Number(parts.year),
    Number(parts.month) - 1,
    Number(parts.day),
    Number(parts.hour),
    Number(parts.minute),
    Number(parts.second),
  );
  return asUtc - Math.floor(instant / 1000) * 1000;
}

const DAY_MS = 86_400_000;

/** The calendar day (`YYYY-MM-DD`) an instant falls on in `timeZone`. */
function dayIn(instant: number, timeZone: string): string {
  return new Date(instant + zoneOffsetMs(instant, timeZone)).toISOString().slice(0, 10);
}

/**
 * The instant a calendar day (`YYYY-MM-DD`) begins in `timeZone`, as an ISO date-time in UTC without
 * milliseconds ("2025-03-14T04:00:00Z" for America/New_York in March). Midnight is tried with the offsets
 * in force around that day, and the earliest that falls on the day wins: on a day whose midnight the
 * clocks skip (Chile), that is the moment they jump.
 */
export function startOfDayIn(day: string, timeZone: string): string {
  const [year, month, date] = day.split("-").map(Number) as [number, number, number];
  const wall = Date.UTC(year, month - 1, date);
  const candidates = [wall - DAY_MS, wall, wall + DAY_MS]
    .map((probe) => wall - zoneOffsetMs(probe, timeZone))
    .filter((instant) => dayIn(instant, timeZone) === day);
  const instant = candidates.length > 0 ? Math.min(...candidates) : wall;
  return new Date(instant).toISOString().replace(".000Z", "Z");
}

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
