import { zoneOffsetMs } from "../calendar-days";

/**
 * Wall-clock times of a store's day as instants, with the platform's Intl time-zone data (the IANA database
 * Node ships and updates with its releases): no library, and nothing to keep in step with the zones. A store
 * thinks in its own zone (Settings -> Store): quiet hours, the 07:00 digest and a report's "Mondays at 08:00"
 * are times there, and daylight saving moves their UTC instants twice a year.
 */

const formats = new Map<string, Intl.DateTimeFormat>();

function formatFor(timeZone: string): Intl.DateTimeFormat {
  let format = formats.get(timeZone);
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
      weekday: "short",
    });
    formats.set(timeZone, format);
  }
  return format;
}

const WEEKDAYS = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];
const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;

/** What a clock in `timeZone` shows at `instant`: the day, the minute of the day and the weekday (0 Sunday). */
export function wallClock(
  instant: Date,
  timeZone: string,
): { day: string; minuteOfDay: number; weekday: number } {
  const parts = Object.fromEntries(
    formatFor(timeZone)
      .formatToParts(instant)
      .map((p) => [p.type, p.value]),
  );
  return {
    day: `${parts.year}-${parts.month}-${parts.day}`,
    minuteOfDay: Number(parts.hour) * 60 + Number(parts.minute),
    weekday: WEEKDAYS.indexOf(parts.weekday ?? ""),
  };
}

/**
 * The instant a store's clock shows `minuteOfDay` on `day` (YYYY-MM-DD). Twice a year that wall time is not
 * one instant: in the spring gap (02:30 when clocks jump from 02:00 to 03:00) it is taken as the same time
 * after the jump (03:30), so a schedule still fires that day; in the autumn overlap (01:30 twice) the first
 * one, so it fires once.
 */
export function instantOfWallTime(day: string, minuteOfDay: number, timeZone: string): Date {
  const [year, month, date] = day.split("-").map(Number) as [number, number, number];
  const wall = Date.UTC(year, month - 1, date) + minuteOfDay * MINUTE_MS;
  const before = zoneOffsetMs(wall - DAY_MS, timeZone);
  const after = zoneOffsetMs(wall + DAY_MS, timeZone);
  const matches = [wall - before, wall - after].filter((instant) => {
    const shown = wallClock(new Date(instant), timeZone);
    return shown.day === day && shown.minuteOfDay === minuteOfDay;
  });
  // No instant shows that time (the spring gap): the offset before the jump lands past it by the gap.
  return new Date(matches.length > 0 ? Math.min(...matches) : wall - before);
}

/** The calendar day after `day` (YYYY-MM-DD). */
export function nextDay(day: string, days = 1): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}
