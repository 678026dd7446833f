/**
 * The address a request came from, for limits per client (the sign-in throttle). The HTTP server
 * (lib/server/gated-server.ts) works it out from the connection and writes it into this header, replacing
 * any a client sent, so code behind Next.js can read it; without that server (`next dev`) it is missing.
 */
export const CLIENT_ADDRESS_HEADER = "x-backroom-client-address";

/**
 * The connection's peer, or, behind `trustedProxies` reverse proxies (BACKROOM_TRUSTED_PROXIES), the
 * address the outermost of them saw: each proxy appends its peer to X-Forwarded-For, so that one is
 * `trustedProxies` entries from the right. Entries further left were written by the client and prove
 * nothing.
 */
export function clientAddressFrom(
  peer: string | undefined,
  forwardedFor: string | string[] | undefined,
  trustedProxies: number,
): string | undefined {
  if (trustedProxies === 0) return peer;
  const hops = [forwardedFor ?? []]
    .flat()
    .flatMap((header) => header.split(","))
    .map((hop) => hop.trim())
    .filter((hop) => hop !== "");
  return hops[Math.max(0, hops.length - trustedProxies)] ?? peer;
}

/** The address the HTTP server recorded for this request, if it ran in front. */
export function clientAddressOf(request: Request): string | undefined {
  return request.headers.get(CLIENT_ADDRESS_HEADER) ?? undefined;
}
