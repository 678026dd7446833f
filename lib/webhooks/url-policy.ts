import ipaddr from "ipaddr.js";
import { readConfig } from "../config";

/**
 * Which callback URLs a webhook may point at (decisions §7). Enforced when a webhook is created or
 * updated (lib/schemas/webhooks.ts); the delivery engine must check again at delivery time, after DNS
 * resolution, with `isPublicIpAddress` on every resolved address (DNS can change after validation).
 */

export const WEBHOOK_URL_MAX_LENGTH = 2048;

/**
 * The development setting `BACKROOM_ALLOW_PRIVATE_WEBHOOK_URLS=true` lets webhooks use `http://` and
 * loopback/private hosts (tests use it for a local receiver). Read on every call, never at module load,
 * so a test or a server that sets the variable late sees it.
 */
export function allowPrivateWebhookUrls(): boolean {
  return readConfig().allowPrivateWebhookUrls;
}

/**
 * True for an IP literal in public unicast space. Everything else is refused: loopback, RFC 1918
 * private, link-local (including the 169.254.169.254 cloud metadata address), carrier-grade NAT,
 * unique-local, unspecified, broadcast, multicast, reserved/documentation ranges, and IPv6 forms that
 * embed an IPv4 address (NAT64, 6to4, Teredo). IPv4-mapped IPv6 (`::ffff:a.b.c.d`) is judged as IPv4.
 * Returns false for a string that is not an IP address.
 */
export function isPublicIpAddress(address: string): boolean {
  const bare = address.startsWith("[") && address.endsWith("]") ? address.slice(1, -1) : address;
  if (!ipaddr.isValid(bare)) return false;
  try {
    return ipaddr.process(bare).range() === "unicast";
  } catch {
    return false;
  }
}

/** `localhost` and every `*.localhost` name (RFC 6761: always loopback). */
export function isLocalhostName(hostname: string): boolean {
  const name = hostname.toLowerCase().replace(/\.$/, "");
  return name === "localhost" || name.endsWith(".localhost");
}

/**
 * True when a URL host (as `URL#hostname` gives it: IPv6 in brackets, IPv4 normalized) must not be
 * called without the development setting: localhost names and non-public IP literals. Other names are
 * allowed here and checked after resolution at delivery time.
 */
export function isPrivateWebhookHost(hostname: string): boolean {
  if (isLocalhostName(hostname)) return true;
  const bare = hostname.replace(/^\[(.*)\]$/, "$1").replace(/\.$/, "");
  if (!ipaddr.isValid(bare)) return false;
  return !isPublicIpAddress(bare);
}

// Scheme, "//", then a non-empty authority (up to the first "/", "?" or "#").
const URL_SHAPE = /^([A-Za-z][A-Za-z0-9+.-]*):\/\/([^/?#]+)/;
// Whitespace, controls (C0, DEL, C1) and backslashes: URL parsers silently strip or rewrite them.
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
const UNSAFE_CHARACTERS = /[\s\u0000-\u001f\u007f-\u009f\\]/;

/**
 * Why `value` is not an acceptable webhook callback URL, or null when it is. Rules: at most 2,048
 * characters; an absolute `https://` URL that parses; no user info; no whitespace, control characters
 * or backslashes. `http://`, localhost names and non-public IP literals are refused unless
 * `allowPrivate` (default: the development setting) is on.
 */
export function webhookUrlProblem(value: string, options: { allowPrivate?: boolean } = {}): string | null {
  const allowPrivate = options.allowPrivate ?? allowPrivateWebhookUrls();
  if (value.length > WEBHOOK_URL_MAX_LENGTH) {
    return `Must be at most ${WEBHOOK_URL_MAX_LENGTH} characters.`;
  }
  if (UNSAFE_CHARACTERS.test(value)) {
    return "Must not contain whitespace, control characters or backslashes.";
  }
  const shape = URL_SHAPE.exec(value);
  if (!shape || !URL.canParse(value)) return "Must be an absolute URL such as https://example.com/webhooks.";
  const scheme = (shape[1] ?? "").toLowerCase();
  const authority = shape[2] ?? "";
  if (scheme !== "https" && !(scheme === "http" && allowPrivate)) return "Must use https://.";
  if (authority.includes("@")) return "Must not contain user info (user:password@).";
  const url = new URL(value);
  if (url.username || url.password) return "Must not contain user info (user:password@).";
  if (!url.hostname) return "Must name a host.";
  if (!allowPrivate && isPrivateWebhookHost(url.hostname)) {
    return "Must not point at localhost or a loopback, private, link-local or otherwise non-public address.";
  }
  return null;
}
