import type { LookupAddress } from "node:dns";
import { describe, expect, it, vi } from "vitest";
import { DeliveryRefusedError, type LookupAll, resolveDeliveryTarget } from "./ssrf";

function fakeLookup(...addresses: string[]): LookupAll {
  return vi.fn(async () =>
    addresses.map((address): LookupAddress => ({ address, family: address.includes(":") ? 6 : 4 })),
  );
}

async function refusal(promise: Promise<unknown>): Promise<DeliveryRefusedError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof DeliveryRefusedError) return error;
    throw error;
  }
  throw new Error("expected a DeliveryRefusedError");
}

describe("resolveDeliveryTarget", () => {
  it("returns the first resolved public address and keeps the URL", async () => {
    const lookup = fakeLookup("93.184.215.14", "2606:2800:21f:cb07:6820:80da:af6b:8b2c");
    const target = await resolveDeliveryTarget("https://example.com/hook?x=1", {
      allowPrivate: false,
      lookup,
    });
    expect(target.address).toBe("93.184.215.14");
    expect(target.family).toBe(4);
    expect(target.url.href).toBe("https://example.com/hook?x=1");
    expect(lookup).toHaveBeenCalledWith("example.com", { all: true, verbatim: true });
  });

  it("returns IPv6 family for an IPv6 first answer", async () => {
    const target = await resolveDeliveryTarget("https://example.com/", {
      allowPrivate: false,
      lookup: fakeLookup("2606:4700::1111"),
    });
    expect(target).toMatchObject({ address: "2606:4700::1111", family: 6 });
  });

  it("refuses http:// unless private targets are allowed", async () => {
    const lookup = fakeLookup("93.184.215.14");
    expect(
      (await refusal(resolveDeliveryTarget("http://example.com/", { allowPrivate: false, lookup }))).reason,
    ).toBe("scheme");
    await expect(
      resolveDeliveryTarget("http://example.com/", { allowPrivate: true, lookup }),
    ).resolves.toMatchObject({
      address: "93.184.215.14",
    });
  });

  it("refuses non-http schemes even when private targets are allowed", async () => {
    const error = await refusal(resolveDeliveryTarget("file:///etc/passwd", { allowPrivate: true }));
    expect(error.reason).toBe("scheme");
  });

  it("refuses unparseable URLs and user info", async () => {
    expect((await refusal(resolveDeliveryTarget("not a url", { allowPrivate: false }))).reason).toBe(
      "invalid-url",
    );
    const lookup = fakeLookup("93.184.215.14");
    const error = await refusal(
      resolveDeliveryTarget("https://u:p@example.com/", { allowPrivate: false, lookup }),
    );
    expect(error.reason).toBe("user-info");
  });

  const nonPublic: Array<[string, string]> = [
    ["loopback v4", "127.0.0.1"],
    ["loopback v4 elsewhere in 127/8", "127.5.6.7"],
    ["private 10/8", "10.1.2.3"],
    ["private 172.16/12", "172.20.0.1"],
    ["private 192.168/16", "192.168.1.10"],
    ["link-local", "169.254.10.10"],
    ["cloud metadata", "169.254.169.254"],
    ["CGNAT 100.64/10", "100.100.1.1"],
    ["unspecified v4", "0.0.0.0"],
    ["broadcast", "255.255.255.255"],
    ["multicast v4", "224.0.0.1"],
    ["documentation v4", "192.0.2.1"],
    ["loopback v6", "::1"],
    ["unspecified v6", "::"],
    ["unique-local fc00::/7", "fd12:3456:789a::1"],
    ["link-local v6", "fe80::1"],
    ["multicast v6", "ff02::1"],
    ["IPv4-mapped loopback", "::ffff:127.0.0.1"],
    ["IPv4-mapped metadata", "::ffff:169.254.169.254"],
    ["IPv4-compatible loopback", "::127.0.0.1"],
    ["IPv4-compatible private", "::7f00:1"],
    ["NAT64 of loopback", "64:ff9b::7f00:1"],
    ["local-use NAT64 of metadata", "64:ff9b:1::a9fe:a9fe"],
    ["6to4 of loopback", "2002:7f00:1::1"],
    ["Teredo", "2001:0:4136:e378:8000:63bf:3fff:fdd2"],
  ];

  it.each(nonPublic)("refuses a host resolving to %s (%s)", async (_label, address) => {
    const error = await refusal(
      resolveDeliveryTarget("https://evil.example/", { allowPrivate: false, lookup: fakeLookup(address) }),
    );
    expect(error.reason).toBe("private-address");
    expect(error.message).toContain(address);
  });

  it.each(nonPublic)("refuses the IP literal %s (%s) without resolving", async (_label, address) => {
    const lookup = fakeLookup("93.184.215.14");
    const host = address.includes(":") ? `[${address}]` : address;
    const error = await refusal(
      resolveDeliveryTarget(`https://${host}/hook`, { allowPrivate: false, lookup }),
    );
    expect(error.reason).toBe("private-address");
    expect(lookup).not.toHaveBeenCalled();
  });

  it("refuses when ANY resolved address is private, even if the first is public", async () => {
    const lookup = fakeLookup("93.184.215.14", "10.0.0.5");
    const error = await refusal(
      resolveDeliveryTarget("https://mixed.example/", { allowPrivate: false, lookup }),
    );
    expect(error.reason).toBe("private-address");
    expect(error.message).toContain("10.0.0.5");
  });

  it("refuses normalized IPv4 literal forms (decimal, hex)", async () => {
    for (const url of ["https://2130706433/", "https://0x7f.0.0.1/", "https://0251.0376.0251.0376/"]) {
      expect((await refusal(resolveDeliveryTarget(url, { allowPrivate: false }))).reason).toBe(
        "private-address",
      );
    }
  });

  it("refuses localhost names without asking the resolver", async () => {
    const lookup = fakeLookup("93.184.215.14");
    for (const url of ["https://localhost/", "https://api.localhost./x"]) {
      expect((await refusal(resolveDeliveryTarget(url, { allowPrivate: false, lookup }))).reason).toBe(
        "private-address",
      );
    }
    expect(lookup).not.toHaveBeenCalled();
  });

  it("accepts a public IP literal", async () => {
    await expect(
      resolveDeliveryTarget("https://[2606:4700::1111]:8443/", { allowPrivate: false }),
    ).resolves.toMatchObject({
      address: "2606:4700::1111",
      family: 6,
    });
  });

  it("refuses a host that does not resolve or resolves to nothing", async () => {
    const failing: LookupAll = async () => {
      throw Object.assign(new Error("getaddrinfo ENOTFOUND"), { code: "ENOTFOUND" });
    };
    const error = await refusal(
      resolveDeliveryTarget("https://nope.example/", { allowPrivate: false, lookup: failing }),
    );
    expect(error.reason).toBe("unresolvable");
    expect(error.message).toContain("ENOTFOUND");
    const empty = await refusal(
      resolveDeliveryTarget("https://nope.example/", { allowPrivate: false, lookup: fakeLookup() }),
    );
    expect(empty.reason).toBe("unresolvable");
  });

  it("with the development setting allows 127.0.0.1 over http", async () => {
    await expect(
      resolveDeliveryTarget("http://127.0.0.1:4000/hook", { allowPrivate: true }),
    ).resolves.toMatchObject({
      address: "127.0.0.1",
      family: 4,
    });
    await expect(
      resolveDeliveryTarget("http://receiver.test/", { allowPrivate: true, lookup: fakeLookup("127.0.0.1") }),
    ).resolves.toMatchObject({ address: "127.0.0.1" });
  });

  it("reads the development setting from the environment by default", async () => {
    vi.stubEnv("BACKROOM_ALLOW_PRIVATE_WEBHOOK_URLS", "true");
    try {
      await expect(resolveDeliveryTarget("http://127.0.0.1/")).resolves.toMatchObject({
        address: "127.0.0.1",
      });
    } finally {
      vi.unstubAllEnvs();
    }
    vi.stubEnv("BACKROOM_ALLOW_PRIVATE_WEBHOOK_URLS", "false");
    try {
      expect((await refusal(resolveDeliveryTarget("https://127.0.0.1/"))).reason).toBe("private-address");
    } finally {
      vi.unstubAllEnvs();
    }
  });
});
