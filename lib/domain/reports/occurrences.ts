import type { ReportFrequency } from "../../enums";
import { instantOfWallTime, nextDay, wallClock } from "../zoned-time";

/** When a report is due: daily or on one weekday (0 Sunday), at a minute of the store's day. */
export type ReportTiming = { frequency: ReportFrequency; weekday: number | null; timeOfDay: number };

/**
 * The first occurrence at or after `from`, as an instant: each candidate day of the store's calendar is
 * read in its time zone, so "08:00" stays 08:00 there across daylight saving (its UTC instant moves by the
 * hour), and a time the spring change skips fires right after the jump (lib/domain/zoned-time.ts).
 */
export function nextOccurrence(timing: ReportTiming, timeZone: string, from: Date): Date {
  const today = wallClock(from, timeZone);
  for (let offset = 0; offset <= 8; offset += 1) {
    const day = nextDay(today.day, offset);
    const weekday = (today.weekday + offset) % 7;
    if (timing.frequency === "weekly" && weekday !== timing.weekday) continue;
    const instant = instantOfWallTime(day, timing.timeOfDay, timeZone);
    if (instant.getTime() >= from.getTime()) return instant;
  }
  throw new Error("no occurrence within 8 days: the schedule is invalid");
}
