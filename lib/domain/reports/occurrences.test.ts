import { describe, expect, it } from "vitest";
import { quietUntil } from "../alerts/quiet-hours";
import { nextOccurrence } from "./occurrences";

const NY = "America/New_York";
const iso = (date: Date) => date.toISOString();

describe("nextOccurrence", () => {
  it("keeps a daily 08:00 at 08:00 New York time across both daylight-saving changes", () => {
    const daily = { frequency: "daily" as const, weekday: null, timeOfDay: 8 * 60 };
    // Spring forward on 2026-03-08: 08:00 EST (13:00Z) the day before, 08:00 EDT (12:00Z) that day.
    expect(iso(nextOccurrence(daily, NY, new Date("2026-03-07T13:00:01Z")))).toBe("2026-03-08T12:00:00.000Z");
    // Fall back on 2026-11-01: 12:00Z the day before, 13:00Z that day.
    expect(iso(nextOccurrence(daily, NY, new Date("2026-10-31T12:00:00Z")))).toBe("2026-10-31T12:00:00.000Z");
    expect(iso(nextOccurrence(daily, NY, new Date("2026-10-31T12:00:01Z")))).toBe("2026-11-01T13:00:00.000Z");
  });

  it("fires a time the spring change skips right after the jump, and a repeated time once", () => {
    const at = (minutes: number) => ({ frequency: "daily" as const, weekday: null, timeOfDay: minutes });
    // 02:30 does not exist on 2026-03-08: 03:30 EDT.
    expect(iso(nextOccurrence(at(150), NY, new Date("2026-03-08T05:00:00Z")))).toBe(
      "2026-03-08T07:30:00.000Z",
    );
    // 01:30 happens twice on 2026-11-01: the first (EDT, 05:30Z), and the next is a day later.
    expect(iso(nextOccurrence(at(90), NY, new Date("2026-11-01T04:00:00Z")))).toBe(
      "2026-11-01T05:30:00.000Z",
    );
    expect(iso(nextOccurrence(at(90), NY, new Date("2026-11-01T05:30:01Z")))).toBe(
      "2026-11-02T06:30:00.000Z",
    );
  });

  it("finds a weekly schedule's weekday in the store's zone, not UTC's", () => {
    // Monday 20:00 in New York is Tuesday 00:00 UTC (EDT): from Sunday, the next is that Monday.
    const mondays = { frequency: "weekly" as const, weekday: 1, timeOfDay: 20 * 60 };
    expect(iso(nextOccurrence(mondays, NY, new Date("2026-06-07T12:00:00Z")))).toBe(
      "2026-06-09T00:00:00.000Z",
    );
  });
});

describe("quietUntil", () => {
  const night = { start: 22 * 60, end: 7 * 60 };
  it("holds a notice inside quiet hours that span midnight until their end, and none outside", () => {
    expect(quietUntil(new Date("2026-03-10T03:00:00Z"), night, NY)?.toISOString()).toBe(
      "2026-03-10T11:00:00.000Z",
    );
    // 01:00 after midnight: today's 07:00.
    expect(quietUntil(new Date("2026-03-10T05:00:00Z"), night, NY)?.toISOString()).toBe(
      "2026-03-10T11:00:00.000Z",
    );
    expect(quietUntil(new Date("2026-03-10T15:00:00Z"), night, NY)).toBeNull();
    expect(quietUntil(new Date("2026-03-10T11:00:00Z"), night, NY)).toBeNull();
  });
});
