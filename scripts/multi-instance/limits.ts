import { type Auth, call, type Instance, must } from "./api";

/**
 * The two checks that need one budget or one cache per deployment rather than per process:
 * revoking a secret on one instance is refused by the other at once, and the rate limit counts the requests
 * of both instances together.
 */

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Refusal this long after the revoking answer fails the run. The NOTIFY path takes milliseconds (the 100 ms
 * bound is asserted in lib/domain/api-key-cache.int.test.ts on one machine without load); a second is far
 * below the 5 s per-process cache that answered before NOTIFY, so it tells the two apart, and leaves room
 * for a CI machine that is building and testing at the same time.
 */
const REFUSAL_LIMIT_MS = 1_000;

export type RevocationResult = { refusalMs: number; acceptedAfter: number; probes: number };

export async function checkRevocation(input: {
  revoker: Instance;
  other: Instance;
  staff: Auth;
  secretId: string;
  secret: string;
  route: string;
}): Promise<RevocationResult> {
  const { revoker, other, secretId, route } = input;
  const auth = { secret: input.secret };
  // Both instances accept the secret first, so each has it in its cache: the refusal must be the cache
  // being told, not a cold lookup.
  for (let i = 0; i < 3; i++) {
    await must(call(other, "GET", route, auth), `${other.name} with the secret before the revoke`);
    await must(call(revoker, "GET", route, auth), `${revoker.name} with the secret before the revoke`);
  }
  let revokedAt: number | undefined;
  let refusedAt: number | undefined;
  let acceptedAfter = 0;
  let probes = 0;
  // One request at a time on the other instance, from before the revoke until it refuses.
  const probing = (async () => {
    const deadline = performance.now() + 15_000;
    while (performance.now() < deadline) {
      const sent = performance.now();
      const answer = await call(other, "GET", route, auth);
      probes++;
      if (answer.status === 401) {
        refusedAt = performance.now();
        return;
      }
      if (answer.status !== 200) throw new Error(`${other.name} answered ${answer.status} while probing`);
      if (revokedAt !== undefined && sent > revokedAt) acceptedAfter++;
      await sleep(5);
    }
  })();
  // Awaited below; until then a failed probe must not count as an unhandled rejection (which ends the process
  // before it has cleaned up).
  probing.catch(() => undefined);
  await sleep(100);
  await must(call(revoker, "DELETE", `/api-secrets/${secretId}`, input.staff), `revoke on ${revoker.name}`);
  revokedAt = performance.now();
  await probing;
  if (refusedAt === undefined) throw new Error(`${other.name} still accepted the revoked secret after 15 s`);
  const refusalMs = Math.max(0, refusedAt - revokedAt);
  const own = await call(revoker, "GET", route, auth);
  if (own.status !== 401) throw new Error(`${revoker.name} answered ${own.status} to its own revoked secret`);
  if (refusalMs > REFUSAL_LIMIT_MS) {
    throw new Error(`${other.name} refused the revoked secret only after ${refusalMs.toFixed(0)} ms`);
  }
  return { refusalMs, acceptedAfter, probes };
}

export type RateLimitResult = {
  limit: number;
  sent: number;
  ok: number;
  okPerInstance: Record<string, number>;
  refused: number;
  slack: number;
};

/** Waits until at least `marginMs` of the current one-minute window is left (lib/api/rate-limit-shared.ts). */
async function awayFromWindowEnd(marginMs: number): Promise<void> {
  const intoWindow = Date.now() % 60_000;
  if (intoWindow > 60_000 - marginMs) await sleep(60_000 - intoWindow + 250);
}

/**
 * A burst of `limit * 2.5` requests with one secret, alternating between the instances, inside one window.
 * The shared limiter never lets the sum pass the limit; it may refuse up to one slice (a twentieth of the
 * limit) per instance early, since slices leased and not spent are lost. So: limit - 2 slices <= 2xx <= limit.
 */
export async function checkRateLimit(input: {
  instances: Instance[];
  secret: string;
  route: string;
  limit: number;
}): Promise<RateLimitResult> {
  const { instances, limit, route } = input;
  const auth = { secret: input.secret };
  const slack = instances.length * Math.max(1, Math.min(100, Math.floor(limit / 20)));
  const sent = Math.ceil(limit * 2.5);
  await awayFromWindowEnd(20_000);
  const window = Math.floor(Date.now() / 60_000);
  const okPerInstance: Record<string, number> = Object.fromEntries(instances.map((i) => [i.name, 0]));
  let ok = 0;
  let refused = 0;
  const problems: string[] = [];
  let next = 0;
  const client = async () => {
    for (let n = next++; n < sent; n = next++) {
      const instance = instances[n % instances.length] as Instance;
      const answer = await call(instance, "GET", route, auth);
      if (answer.status === 200) {
        ok++;
        okPerInstance[instance.name] = (okPerInstance[instance.name] ?? 0) + 1;
      } else if (answer.status === 429) {
        refused++;
        const missing = [
          "RateLimit-Limit",
          "RateLimit-Remaining",
          "RateLimit-Reset",
          "RateLimit-Policy",
          "RateLimit",
        ]
          .filter((name) => answer.headers.get(name) === null)
          .join(", ");
        if (missing) problems.push(`a 429 from ${instance.name} without ${missing}`);
        if (answer.headers.get("RateLimit-Limit") !== String(limit)) {
          problems.push(`a 429 with RateLimit-Limit ${answer.headers.get("RateLimit-Limit")}`);
        }
        if (answer.headers.get("RateLimit-Remaining") !== "0") {
          problems.push(`a 429 with RateLimit-Remaining ${answer.headers.get("RateLimit-Remaining")}`);
        }
      } else problems.push(`HTTP ${answer.status} from ${instance.name}`);
    }
  };
  await Promise.all(Array.from({ length: 12 }, client));
  if (Math.floor(Date.now() / 60_000) !== window) {
    // Cannot happen with 20 s of margin unless the machine is stalled; two windows allow twice the limit.
    problems.push("the burst ran into the next rate-limit window (machine too slow?)");
  }
  if (ok > limit) problems.push(`${ok} requests accepted, above the limit of ${limit}`);
  if (ok < limit - slack)
    problems.push(`only ${ok} accepted, below the limit minus the slack (${limit - slack})`);
  if (refused === 0) problems.push("no request was refused");
  for (const instance of instances) {
    if (!okPerInstance[instance.name]) problems.push(`${instance.name} accepted nothing`);
  }
  if (problems.length > 0) throw new Error(`Rate limit: ${[...new Set(problems)].join("; ")}`);
  return { limit, sent, ok, okPerInstance, refused, slack };
}
