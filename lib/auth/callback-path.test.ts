import { describe, expect, it } from "vitest";
import { safeCallbackPath } from "./callback-path";

describe("safeCallbackPath", () => {
  it("keeps a path on this site with its query", () => {
    expect(safeCallbackPath("/stores/str_1/shipments?status=PENDING")).toBe(
      "/stores/str_1/shipments?status=PENDING",
    );
  });

  it("percent-encodes what a Location header cannot carry", () => {
    expect(safeCallbackPath("/stores/str_1/inventory?q=café")).toBe("/stores/str_1/inventory?q=caf%C3%A9");
  });

  it.each([
    ["absolute URL", "https://evil.example/x"],
    ["protocol-relative URL", "//evil.example/x"],
    ["backslash trick", "/\\evil.example"],
    ["tab between the slashes", "/\t/evil.example/"],
    ["line feed between the slashes", "/\n/evil.example/"],
    ["carriage return between the slashes", "/\r/evil.example/"],
    ["control character elsewhere", "/stores\u0000"],
    ["encoded slashes after a dot segment", "/./\\evil.example"],
    ["empty", ""],
    ["missing", undefined],
    ["sign-in loop", "/sign-in?callbackUrl=/x"],
    ["sign-in loop through a dot segment", "/x/../sign-in"],
  ])("falls back to / for %s", (_label, value) => {
    expect(safeCallbackPath(value)).toBe("/");
  });
});
