import { describe, expect, it } from "vitest";
import { readNotificationUrlFilters, toNotificationListFilters } from "./notification-url-filters";

describe("notification history filters in the URL", () => {
  it("reads every filter and sends the days as the store's bounds (to includes its whole day)", () => {
    const filters = readNotificationUrlFilters(
      new URLSearchParams(
        "q=+admin@+&kind=webhook_failing&channel=chat&status=failed&from=2025-01-01&to=2025-01-31",
      ),
    );
    expect(toNotificationListFilters(filters, "Europe/Berlin")).toEqual({
      recipient: "admin@",
      kind: "webhook_failing",
      channel: "chat",
      status: "failed",
      createdAtMin: "2024-12-31T23:00:00Z",
      createdAtMax: "2025-01-31T23:00:00Z",
    });
  });

  it("drops what the API would refuse", () => {
    expect(
      readNotificationUrlFilters(new URLSearchParams("kind=gossip&channel=fax&status=lost&from=2025-02-30")),
    ).toEqual({});
  });
});
