import { promises as dnsPromises, type LookupAddress } from "node:dns";
import { isIP } from "node:net";
import { allowPrivateWebhookUrls, isLocalhostName, isPublicIpAddress } from "./url-policy";

/**
 * Delivery-time SSRF guard (decisions §7: "the check happens at delivery time too, DNS can change").
 * The URL was validated when the webhook was saved, but a public name can later resolve to
 * 169.254.169.254 or 10.0.0.1, so every attempt resolves the host, checks EVERY address, and hands back
 * one checked address for the caller to connect to (send.ts pins the socket to it, so a second DNS
 * answer, as in DNS rebinding, never gets used).
 */

/** Why a delivery target was refused; stable strings so callers and tests can branch on them. */
export type DeliveryRefusalReason =
  | "invalid-url"
  | "scheme"
  | "user-info"
  | "private-address"
  | "unresolvable";

export class DeliveryRefusedError extends Error {
  readonly reason: DeliveryRefusalReason;
  constructor(reason: DeliveryRefusalReason, message: string) {
    super(message);
    this.name = "DeliveryRefusedError";
    this.reason = reason;
  }
}

/**
 * A resolver returning every address of a host. `dns.promises.lookup` fits; tests inject a fake.
 * (Promise-based rather than `typeof dns.lookup`: the callback API's overloads make a fake
 * needlessly awkward to type, and we only ever call it with `all: true`.)
 */
export type LookupAll = (
  hostname: string,
  options: { all: true; verbatim: boolean },
) => Promise<LookupAddress[]>;

export interface DeliveryTarget {
  url: URL;
  /** The checked address to connect to. */
  address: string;
  family: 4 | 6;
}

const defaultLookup: LookupAll = (hostname, options) => dnsPromises.lookup(hostname, options);

function familyOf(address: string): 4 | 6 {
  return isIP(address) === 6 ? 6 : 4;
}

/**
 * Parses and checks `rawUrl`, resolves its host and returns the address to connect to. Throws
 * `DeliveryRefusedError` when the URL is not https (unless `allowPrivate`), has user info, does not
 * resolve, or any resolved address is not public unicast (unless `allowPrivate`). `allowPrivate`
 * defaults to the development setting, read on every call.
 */
export async function resolveDeliveryTarget(
  rawUrl: string,
  opts: { allowPrivate?: boolean; lookup?: LookupAll } = {},
): Promise<DeliveryTarget> {
  const allowPrivate = opts.allowPrivate ?? allowPrivateWebhookUrls();
  const lookup = opts.lookup ?? defaultLookup;

  let url: URL;
  try {
    url = new URL(rawUrl);
  } catch {
    throw new DeliveryRefusedError("invalid-url", "Callback URL does not parse.");
  }
  // Only http(s) ever: anything else (file:, ftp:, gopher:) is refused even in development.
  if (url.protocol !== "https:" && !(url.protocol === "http:" && allowPrivate)) {
    throw new DeliveryRefusedError("scheme", `Callback URL must use https:// (got ${url.protocol}//).`);
  }
  if (url.username || url.password) {
    throw new DeliveryRefusedError("user-info", "Callback URL must not contain user info.");
  }
  // URL#hostname keeps IPv6 literals in brackets and normalizes IPv4 forms (2130706433 → 127.0.0.1).
  const host = url.hostname.replace(/^\[(.*)\]$/, "$1");
  if (!host) throw new DeliveryRefusedError("invalid-url", "Callback URL has no host.");

  // IP literals need no resolution: check them directly.
  if (isIP(host)) {
    if (!allowPrivate && !isPublicIpAddress(host)) {
      throw new DeliveryRefusedError("private-address", `Callback host ${host} is not a public address.`);
    }
    return { url, address: host, family: familyOf(host) };
  }
  // RFC 6761: localhost names are loopback whatever a resolver says; refuse without asking it.
  if (!allowPrivate && isLocalhostName(host)) {
    throw new DeliveryRefusedError("private-address", `Callback host ${host} is a localhost name.`);
  }

  let addresses: LookupAddress[];
  try {
    // verbatim: keep the resolver's order (no IPv4-first reordering) and take the first address,
    // which is what a normal client would have connected to.
    addresses = await lookup(host, { all: true, verbatim: true });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException | undefined)?.code ?? "ERROR";
    throw new DeliveryRefusedError("unresolvable", `Callback host ${host} did not resolve (${code}).`);
  }
  const first = addresses[0];
  if (!first) throw new DeliveryRefusedError("unresolvable", `Callback host ${host} has no addresses.`);

  if (!allowPrivate) {
    // ANY non-public address refuses the target: a name with one public and one private address
    // could otherwise be steered to the private one on a later connection.
    const bad = addresses.find((entry) => !isPublicIpAddress(entry.address));
    if (bad) {
      throw new DeliveryRefusedError(
        "private-address",
        `Callback host ${host} resolves to ${bad.address}, which is not a public address.`,
      );
    }
  }
  return { url, address: first.address, family: first.family === 6 ? 6 : familyOf(first.address) };
}
