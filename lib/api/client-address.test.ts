import { describe, expect, it } from "vitest";
import { clientAddressFrom } from "./client-address";

describe("clientAddressFrom", () => {
  it("takes the connection's peer and ignores X-Forwarded-For when no proxy is trusted", () => {
    expect(clientAddressFrom("203.0.113.7", "198.51.100.1", 0)).toBe("203.0.113.7");
  });

  it("behind n proxies takes the entry n from the right, never one the client wrote further left", () => {
    // The client sent "1.2.3.4" itself; the first proxy appended the client's real address.
    expect(clientAddressFrom("10.0.0.2", "1.2.3.4, 198.51.100.9", 1)).toBe("198.51.100.9");
    expect(clientAddressFrom("10.0.0.2", ["1.2.3.4, 198.51.100.9", "10.0.0.1"], 2)).toBe("198.51.100.9");
  });

  it("falls back to the leftmost entry, then the peer, when the header is shorter than the proxy chain", () => {
    expect(clientAddressFrom("10.0.0.2", "198.51.100.9", 3)).toBe("198.51.100.9");
    expect(clientAddressFrom("10.0.0.2", undefined, 1)).toBe("10.0.0.2");
  });
});
