import { instantOfWallTime, nextDay, wallClock } from "../zoned-time";
import type { QuietHours } from "./preferences";

/**
 * When a notice due at `now` may go out under `quiet` hours in `timeZone`: null when `now` is outside them,
 * else the instant they end (today's or tomorrow's `end`, read in the store's zone, daylight saving included).
 */
export function quietUntil(now: Date, quiet: QuietHours | null, timeZone: string): Date | null {
  if (!quiet) return null;
  const { day, minuteOfDay } = wallClock(now, timeZone);
  const inside =
    quiet.start < quiet.end
      ? minuteOfDay >= quiet.start && minuteOfDay < quiet.end
      : minuteOfDay >= quiet.start || minuteOfDay < quiet.end;
  if (!inside) return null;
  const endDay = minuteOfDay < quiet.end ? day : nextDay(day);
  return instantOfWallTime(endDay, quiet.end, timeZone);
}
