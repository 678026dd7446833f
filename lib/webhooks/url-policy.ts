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
 * The IPv4 address an IPv6 address carries in its last 32 bits when it is a form that reaches that IPv4
 * host: IPv4-compatible `::a.b.c.d` (::/96, deprecated but still routed as IPv4 by some stacks), NAT64
 * `64:ff9b::/96` (RFC 6052) and the local-use NAT64 prefix `64:ff9b:1::/48` (RFC 8215). Null otherwise.
 */
function embeddedIpv4(address: ipaddr.IPv6): ipaddr.IPv4 | null {
  const parts = address.parts;
  const high = parts.slice(0, 6);
  const compatible = high.every((part) => part === 0);
  const nat64 = parts[0] === 0x64 && parts[1] === 0xff9b && parts.slice(2, 6).every((part) => part === 0);
  const localNat64 = parts[0] === 0x64 && parts[1] === 0xff9b && parts[2] === 1;
  if (!compatible && !nat64 && !localNat64) return null;
  const [hi = 0, lo = 0] = parts.slice(6);
  return new ipaddr.IPv4([hi >> 8, hi & 0xff, lo >> 8, lo & 0xff]);
}

/**
 * True for an IP literal in public unicast space. Everything else is refused: loopback, RFC 1918
 * private, link-local (including the 169.254.169.254 cloud metadata address), carrier-grade NAT,
 * unique-local, unspecified, broadcast, multicast, reserved/documentation ranges. An IPv6 address that
 * embeds an IPv4 address is judged by that IPv4 address: mapped `::ffff:a.b.c.d`, compatible `::a.b.c.d`,
 * NAT64 `64:ff9b::/96` and `64:ff9b:1::/48` (so a DNS64 network still reaches public IPv4-only hosts);
 * the tunnelling forms 6to4 (`2002::/16`), Teredo (`2001::/32`) and SIIT (`::ffff:0:0/96`) are refused
 * outright (nothing legitimate delivers through them). Returns false for a string that is not an IP address.
 */
export function isPublicIpAddress(address: string): boolean {
  const bare = address.startsWith("[") && address.endsWith("]") ? address.slice(1, -1) : address;
  if (!ipaddr.isValid(bare)) return false;
  try {
    const parsed = ipaddr.process(bare);
    if (parsed.kind() === "ipv6") {
      const unspecifiedOrLoopback = ["unspecified", "loopback"].includes(parsed.range());
      const embedded = unspecifiedOrLoopback ? null : embeddedIpv4(parsed as ipaddr.IPv6);
      if (embedded) return embedded.range() === "unicast";
    }
    return parsed.range() === "unicast";
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
