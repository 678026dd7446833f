import { describe, expect, it } from "vitest";
import { startOfDayIn } from "./calendar-days";

describe("startOfDayIn", () => {
  it("is UTC midnight in UTC", () => {
    expect(startOfDayIn("2025-03-14", "UTC")).toBe("2025-03-14T00:00:00Z");
  });

  it("follows the zone's offset, summer and winter", () => {
    expect(startOfDayIn("2025-01-15", "America/New_York")).toBe("2025-01-15T05:00:00Z");
    expect(startOfDayIn("2025-07-15", "America/New_York")).toBe("2025-07-15T04:00:00Z");
    expect(startOfDayIn("2025-07-15", "Europe/Berlin")).toBe("2025-07-14T22:00:00Z");
    expect(startOfDayIn("2025-07-15", "Asia/Kolkata")).toBe("2025-07-14T18:30:00Z");
  });

  it("takes the offset at midnight on days the clocks change", () => {
    // New York springs forward at 02:00 on 2025-03-09 (midnight is still EST) and falls back on 2025-11-02.
    expect(startOfDayIn("2025-03-09", "America/New_York")).toBe("2025-03-09T05:00:00Z");
    expect(startOfDayIn("2025-03-10", "America/New_York")).toBe("2025-03-10T04:00:00Z");
    expect(startOfDayIn("2025-11-02", "America/New_York")).toBe("2025-11-02T04:00:00Z");
    expect(startOfDayIn("2025-11-03", "America/New_York")).toBe("2025-11-03T05:00:00Z");
    // Chile moves at midnight itself: 2025-09-07 00:00 does not exist there, the day starts at 01:00 (-03).
    expect(startOfDayIn("2025-09-07", "America/Santiago")).toBe("2025-09-07T04:00:00Z");
  });
});
