/**
 * Store-local calendar days as instants. A store's staff think in its time zone (Settings -> Store): "created
 * on March 14" means March 14 there, so the range a filter sends starts at that zone's midnight.
 */

const offsetFormats = new Map<string, Intl.DateTimeFormat>();

/** Milliseconds the zone is ahead of UTC at `instant` (negative west of Greenwich). */
function zoneOffsetMs(instant: number, timeZone: string): number {
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
