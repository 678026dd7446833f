import { describe, expect, it } from "vitest";
import { isCalendarDay } from "@/lib/calendar-days";
import { hasShipmentFilters, readShipmentUrlFilters, toShipmentListFilters } from "./shipment-url-filters";

describe("shipment list filters in the URL", () => {
  it("reads every filter and turns the days into the API's UTC bounds (to includes its whole day)", () => {
    const filters = readShipmentUrlFilters(
      new URLSearchParams("q=+1z99+&status=IN_TRANSIT&location=loc_abc123&from=2025-01-01&to=2025-02-28"),
    );
    expect(filters).toEqual({
      q: "1z99",
      status: "IN_TRANSIT",
      location: "loc_abc123",
      from: "2025-01-01",
      to: "2025-02-28",
    });
    expect(toShipmentListFilters(filters)).toEqual({
      q: "1z99",
      status: "IN_TRANSIT",
      locationId: "loc_abc123",
      createdAtMin: "2025-01-01T00:00:00Z",
      createdAtMax: "2025-03-01T00:00:00Z",
    });
  });

  it("takes the days in the store's time zone", () => {
    expect(toShipmentListFilters({ from: "2025-07-01", to: "2025-07-31" }, "America/Los_Angeles")).toEqual({
      createdAtMin: "2025-07-01T07:00:00Z",
      createdAtMax: "2025-08-01T07:00:00Z",
    });
  });

  it("rolls the exclusive end over months and years, leap days included", () => {
    expect(toShipmentListFilters({ to: "2024-02-28" }).createdAtMax).toBe("2024-02-29T00:00:00Z");
    expect(toShipmentListFilters({ to: "2024-12-31" }).createdAtMax).toBe("2025-01-01T00:00:00Z");
  });

  it("ignores values the API would refuse instead of sending them", () => {
    const filters = readShipmentUrlFilters(
      new URLSearchParams("status=in_transit&location=wh_1&from=2025-02-30&to=yesterday"),
    );
    expect(filters).toEqual({});
    expect(toShipmentListFilters(filters)).toEqual({});
  });

  it("reads the overview's arrival filters and passes them to the API as its late / arriving_within_days", () => {
    const filters = readShipmentUrlFilters(new URLSearchParams("late=true&arriving=7"));
    expect(filters).toEqual({ late: true, arriving: 7 });
    expect(hasShipmentFilters(filters)).toBe(true);
    expect(toShipmentListFilters(filters)).toEqual({ late: true, arrivingWithinDays: 7 });
    expect(readShipmentUrlFilters(new URLSearchParams("late=yes&arriving=400"))).toEqual({});
    expect(readShipmentUrlFilters(new URLSearchParams("arriving=0"))).toEqual({ arriving: 0 });
  });

  it("knows a calendar day from a date-shaped string", () => {
    expect(isCalendarDay("2024-02-29")).toBe(true);
    expect(isCalendarDay("2023-02-29")).toBe(false);
    expect(isCalendarDay("2025-1-01")).toBe(false);
    expect(isCalendarDay(null)).toBe(false);
  });
});
