import { describe, expect, it } from "vitest";
import { safeCallbackPath } from "./callback-path";

describe("safeCallbackPath", () => {
  it("keeps a path on this site with its query", () => {
    expect(safeCallbackPath("/stores/str_1/shipments?status=PENDING")).toBe(
      "/stores/str_1/shipments?status=PENDING",
    );
  });

  it.each([
    ["absolute URL", "https://evil.example/x"],
    ["protocol-relative URL", "//evil.example/x"],
    ["backslash trick", "/\\evil.example"],
    ["empty", ""],
    ["missing", undefined],
    ["sign-in loop", "/sign-in?callbackUrl=/x"],
  ])("falls back to / for %s", (_label, value) => {
    expect(safeCallbackPath(value)).toBe("/");
  });
});
