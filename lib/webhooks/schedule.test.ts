import { describe, expect, it } from "vitest";
import { parseDurationMs, readConfig } from "../config";
import {
  configuredRetrySchedule,
  DEFAULT_RETRY_SCHEDULE_MS,
  nextAttemptDelay,
  RETRY_AFTER_MAX_MS,
} from "./schedule";

const retryScheduleFromEnv = (env: Record<string, string>) => configuredRetrySchedule(readConfig(env));

const mid = () => 0.5; // jitter factor exactly 1

describe("DEFAULT_RETRY_SCHEDULE_MS", () => {
  it("is 5s, 30s, 2m, 10m, 30m, 1h, 3h, 6h", () => {
    expect(DEFAULT_RETRY_SCHEDULE_MS).toEqual([5e3, 30e3, 120e3, 600e3, 1800e3, 3600e3, 10800e3, 21600e3]);
  });
});

describe("parseDurationMs", () => {
  it("reads units and bare milliseconds", () => {
    expect(parseDurationMs("250")).toBe(250);
    expect(parseDurationMs("250ms")).toBe(250);
    expect(parseDurationMs("5s")).toBe(5000);
    expect(parseDurationMs("2m")).toBe(120_000);
    expect(parseDurationMs("1.5h")).toBe(5_400_000);
    expect(parseDurationMs("0")).toBe(0);
  });
  it("rejects garbage, negatives and absurd values", () => {
    for (const text of ["", "5x", "-5s", "s", "1e3", "8d", "200h"])
      expect(() => parseDurationMs(text)).toThrow();
  });
});

describe("retryScheduleFromEnv", () => {
  it("defaults when unset or blank", () => {
    expect(retryScheduleFromEnv({})).toBe(DEFAULT_RETRY_SCHEDULE_MS);
    expect(retryScheduleFromEnv({ BACKROOM_WEBHOOK_RETRY_SCHEDULE: "  " })).toBe(DEFAULT_RETRY_SCHEDULE_MS);
  });
  it("parses durations and plain milliseconds", () => {
    expect(retryScheduleFromEnv({ BACKROOM_WEBHOOK_RETRY_SCHEDULE: "5s, 30s,2m" })).toEqual([
      5000, 30_000, 120_000,
    ]);
    expect(retryScheduleFromEnv({ BACKROOM_WEBHOOK_RETRY_SCHEDULE: "10,20,40" })).toEqual([10, 20, 40]);
  });
  it("throws a clear error on an invalid value", () => {
    expect(() => retryScheduleFromEnv({ BACKROOM_WEBHOOK_RETRY_SCHEDULE: "5s,soon" })).toThrow(
      /BACKROOM_WEBHOOK_RETRY_SCHEDULE.*"soon"/,
    );
    expect(() => retryScheduleFromEnv({ BACKROOM_WEBHOOK_RETRY_SCHEDULE: "5s,,2m" })).toThrow(/empty entry/);
  });
});

describe("nextAttemptDelay", () => {
  it("follows the schedule and discards after the last step", () => {
    DEFAULT_RETRY_SCHEDULE_MS.forEach((step, index) => {
      expect(nextAttemptDelay({ attemptsMade: index + 1, random: mid })).toBe(step);
    });
    expect(nextAttemptDelay({ attemptsMade: DEFAULT_RETRY_SCHEDULE_MS.length + 1, random: mid })).toBeNull();
  });

  it("makes the first attempt due immediately", () => {
    expect(nextAttemptDelay({ attemptsMade: 0 })).toBe(0);
  });

  it("uses a custom schedule", () => {
    const schedule = [10, 20];
    expect(nextAttemptDelay({ attemptsMade: 2, schedule, random: mid })).toBe(20);
    expect(nextAttemptDelay({ attemptsMade: 3, schedule, random: mid })).toBeNull();
  });

  it("applies ±20 % jitter", () => {
    expect(nextAttemptDelay({ attemptsMade: 1, schedule: [1000], random: () => 0 })).toBe(800);
    expect(nextAttemptDelay({ attemptsMade: 1, schedule: [1000], random: () => 0.999999 })).toBe(1200);
    expect(nextAttemptDelay({ attemptsMade: 1, schedule: [1000], random: () => 7 })).toBe(1200);
    for (let i = 0; i < 200; i++) {
      const delay = nextAttemptDelay({ attemptsMade: 1, schedule: [1000] }) ?? -1;
      expect(delay).toBeGreaterThanOrEqual(800);
      expect(delay).toBeLessThanOrEqual(1200);
    }
  });

  it("lets Retry-After lengthen but never shorten the wait", () => {
    expect(nextAttemptDelay({ attemptsMade: 1, retryAfterMs: 60_000, random: mid })).toBe(60_000);
    expect(nextAttemptDelay({ attemptsMade: 3, retryAfterMs: 1000, random: mid })).toBe(120_000);
    expect(nextAttemptDelay({ attemptsMade: 1, retryAfterMs: 0, random: mid })).toBe(5000);
    expect(nextAttemptDelay({ attemptsMade: 1, retryAfterMs: Number.NaN, random: mid })).toBe(5000);
  });

  it("caps Retry-After at 6 hours, but not below the scheduled step", () => {
    const year = 365 * 24 * 3600 * 1000;
    expect(nextAttemptDelay({ attemptsMade: 1, retryAfterMs: year, random: mid })).toBe(RETRY_AFTER_MAX_MS);
    expect(
      nextAttemptDelay({ attemptsMade: 1, schedule: [10 * 3600 * 1000], retryAfterMs: year, random: mid }),
    ).toBe(10 * 3600 * 1000);
  });

  it("still discards after the last step whatever Retry-After says", () => {
    expect(nextAttemptDelay({ attemptsMade: 9, retryAfterMs: 1000 })).toBeNull();
  });

  it("rejects an invalid attempt count", () => {
    expect(() => nextAttemptDelay({ attemptsMade: -1 })).toThrow(RangeError);
    expect(() => nextAttemptDelay({ attemptsMade: 1.5 })).toThrow(RangeError);
  });
});
