import {
  type ClientRequest,
  Agent as HttpAgent,
  request as httpRequest,
  type IncomingMessage,
} from "node:http";
import { Agent as HttpsAgent, request as httpsRequest } from "node:https";
import type { LookupFunction } from "node:net";
import { performance } from "node:perf_hooks";
import { DeliveryRefusedError, type LookupAll, resolveDeliveryTarget } from "./ssrf";

/**
 * One HTTP attempt of a webhook delivery (decisions §8). Never throws: every way an attempt can end
 * (2xx, other status, redirect, timeout, connection error, SSRF refusal) becomes an `AttemptOutcome`
 * the dispatcher records and schedules from.
 *
 * Transport: node:http / node:https rather than fetch. Node 20's global fetch cannot be given a custom
 * resolver without the `undici` package (not a dependency here), and the target must be connected to
 * at the address ssrf.ts checked, or a DNS-rebinding host could answer a second, private address to the
 * real connection. `request`'s `lookup` option pins the socket to that address while the URL keeps
 * its hostname for the Host header and TLS SNI/certificate verification.
 *
 * Connections are kept alive and reused, per checked address: every attempt still resolves and checks the
 * host, then takes the agent of the address it checked, whose sockets were all connected to that address
 * (by the same pinned lookup), so a reused socket never outlives the check that allows it. Reuse saves a
 * TCP (and TLS) handshake per delivery on both ends, which was most of a delivery's CPU on a busy endpoint.
 */

export const WEBHOOK_USER_AGENT = "Backroom-Webhooks/2.2 (+https://github.com/backroom)";
export const DEFAULT_ATTEMPT_TIMEOUT_MS = 10_000;
export const DEFAULT_MAX_EXCERPT_BYTES = 2048;

export interface AttemptOutcome {
  ok: boolean;
  status: number | null;
  durationMs: number;
  error: string | null;
  responseExcerpt: string | null;
  retryAfterMs: number | null;
}

export interface WebhookAttemptInput {
  url: string;
  token: string | null;
  body: string;
  /** webhook-id, webhook-timestamp, webhook-signature: built by the caller (see signature.ts). */
  headers: Record<string, string>;
  timeoutMs?: number;
  allowPrivate?: boolean;
  maxExcerptBytes?: number;
  /** Resolver for the SSRF check (default: system DNS). Tests inject one to prove the pinning. */
  lookup?: LookupAll;
}

/**
 * `Retry-After` (delay-seconds or HTTP-date) as milliseconds from `now`, or null when absent or
 * unparseable. A date in the past means "now" (0).
 */
export function parseRetryAfter(value: string | undefined, now: number = Date.now()): number | null {
  if (value === undefined) return null;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  // Only date-looking values: Date.parse accepts bare numbers like "-1" or "1.5" as years.
  if (!/[a-z]/i.test(trimmed)) return null;
  const at = Date.parse(trimmed);
  if (Number.isNaN(at)) return null;
  return Math.max(0, at - now);
}

/**
 * The headers an attempt sends, exported so the delivery log records exactly these (masked). Lower-cased
 * so the caller's cannot duplicate ours under another casing; ours are set last because Content-Type,
 * User-Agent and Authorization are not the caller's to override.
 */
export function attemptRequestHeaders(
  input: Pick<WebhookAttemptInput, "headers" | "token" | "body">,
): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(input.headers)) headers[name.toLowerCase()] = value;
  headers["content-type"] = "application/json";
  headers["content-length"] = String(Buffer.byteLength(input.body));
  headers["user-agent"] = WEBHOOK_USER_AGENT;
  if (input.token) headers.authorization = `Bearer ${input.token}`;
  else delete headers.authorization;
  return headers;
}

/** An idle kept-alive socket is closed after this long, under the 5 s idle timeout common servers use. */
const IDLE_SOCKET_MS = 4_000;
/** Agents kept (one per protocol and checked address); the oldest is dropped beyond this. */
const MAX_AGENTS = 512;
const agents = new Map<string, HttpAgent>();

/** The keep-alive agent whose sockets all go to `address` (see the header comment for why per address). */
function agentFor(protocol: string, address: string): HttpAgent {
  const key = `${protocol}//${address}`;
  let agent = agents.get(key);
  if (!agent) {
    const options = {
      keepAlive: true,
      timeout: IDLE_SOCKET_MS,
      maxFreeSockets: 64,
      scheduling: "lifo" as const,
    };
    agent = protocol === "https:" ? new HttpsAgent(options) : new HttpAgent(options);
    agents.set(key, agent);
    if (agents.size > MAX_AGENTS) {
      const [oldestKey, oldest] = agents.entries().next().value as [string, HttpAgent];
      agents.delete(oldestKey);
      oldest.destroy();
    }
  }
  return agent;
}

/**
 * A kept-alive socket the server closed while idle fails the next request written to it before any answer
 * (ECONNRESET, EPIPE): that request is sent again once, on a new connection, as any keep-alive client does.
 */
function isStaleSocketError(req: ClientRequest, error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException).code;
  return req.reusedSocket && (code === "ECONNRESET" || code === "EPIPE");
}

/** Reads at most `maxBytes` of the response, then destroys it so the rest is never downloaded. */
function readExcerpt(
  response: IncomingMessage,
  maxBytes: number,
  signal: AbortSignal,
): Promise<string | null> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let settled = false;
    const onAbort = () => {
      finish();
      response.destroy();
    };
    const finish = () => {
      if (settled) return;
      settled = true;
      signal.removeEventListener("abort", onAbort);
      const bytes = Buffer.concat(chunks, size).subarray(0, maxBytes);
      // stream: true holds back a multi-byte character cut at the limit instead of emitting U+FFFD,
      // so the excerpt never exceeds maxBytes once re-encoded.
      resolve(bytes.length === 0 ? null : new TextDecoder().decode(bytes, { stream: true }));
    };
    response.on("data", (chunk: Buffer) => {
      chunks.push(chunk);
      size += chunk.length;
      if (size >= maxBytes) {
        finish();
        response.destroy();
      }
    });
    response.on("end", finish);
    response.on("error", finish);
    response.on("close", finish);
    // The attempt's deadline covers the body too: a trickling body must not hold a worker forever.
    if (signal.aborted) onAbort();
    else signal.addEventListener("abort", onAbort);
  });
}

/** The connection error's code (ECONNREFUSED, ECONNRESET, CERT_HAS_EXPIRED...), or its message. */
function describeError(error: unknown): string {
  if (error instanceof Error) {
    const code = (error as NodeJS.ErrnoException).code;
    return code ?? error.message;
  }
  return String(error);
}

export async function sendWebhookAttempt(input: WebhookAttemptInput): Promise<AttemptOutcome> {
  const timeoutMs = input.timeoutMs ?? DEFAULT_ATTEMPT_TIMEOUT_MS;
  const maxExcerptBytes = input.maxExcerptBytes ?? DEFAULT_MAX_EXCERPT_BYTES;
  const started = performance.now();
  // One deadline for resolution, connection, response headers and excerpt together.
  const signal = AbortSignal.timeout(timeoutMs);
  const elapsed = () => Math.round(performance.now() - started);
  const failure = (error: string, status: number | null = null): AttemptOutcome => ({
    ok: false,
    status,
    durationMs: elapsed(),
    error,
    responseExcerpt: null,
    retryAfterMs: null,
  });

  let target: Awaited<ReturnType<typeof resolveDeliveryTarget>>;
  try {
    target = await Promise.race([
      resolveDeliveryTarget(input.url, { allowPrivate: input.allowPrivate, lookup: input.lookup }),
      new Promise<never>((_, reject) => signal.addEventListener("abort", () => reject(signal.reason))),
    ]);
  } catch (error) {
    if (error instanceof DeliveryRefusedError) return failure(`refused: ${error.message}`);
    if (signal.aborted) return failure(`timeout after ${timeoutMs} ms`);
    return failure(describeError(error));
  }

  const headers = attemptRequestHeaders(input);

  // Always answer the checked address, in whichever shape net asks for (`all: true` when Node's
  // happy-eyeballs family selection is on).
  const pinnedLookup: LookupFunction = (_hostname, options, callback) => {
    if (options.all) callback(null, [{ address: target.address, family: target.family }]);
    else callback(null, target.address, target.family);
  };

  return new Promise<AttemptOutcome>((resolve) => {
    let settled = false;
    const settle = (outcome: AttemptOutcome) => {
      if (settled) return;
      settled = true;
      resolve(outcome);
    };
    const send = (retried: boolean) => {
      let req: ClientRequest;
      try {
        const requestFn = target.url.protocol === "https:" ? httpsRequest : httpRequest;
        req = requestFn(target.url, {
          method: "POST",
          headers,
          lookup: pinnedLookup,
          // The retry after a stale kept-alive socket takes a fresh connection.
          agent: retried ? false : agentFor(target.url.protocol, target.address),
          signal,
        });
      } catch (error) {
        // Invalid header values (e.g. a token with a newline) throw synchronously.
        settle(failure(describeError(error)));
        return;
      }

      let answered = false;
      req.on("error", (error) => {
        // Never sent again once an answer began: the receiver has seen this request.
        if (!retried && !answered && !signal.aborted && isStaleSocketError(req, error)) send(true);
        else
          settle(signal.aborted ? failure(`timeout after ${timeoutMs} ms`) : failure(describeError(error)));
      });

      req.on("response", (response) => {
        answered = true;
        const status = response.statusCode ?? 0;
        const retryAfterHeader = response.headers["retry-after"];
        // Once the status line is in, it decides the outcome: a body cut short by the deadline or the
        // excerpt limit does not turn the subscriber's 2xx into a failure.
        readExcerpt(response, maxExcerptBytes, signal).then((responseExcerpt) => {
          const ok = status >= 200 && status < 300;
          let error: string | null = null;
          if (status >= 300 && status < 400) error = "redirect not followed";
          else if (!ok) error = `HTTP ${status}`;
          settle({
            ok,
            status,
            durationMs: elapsed(),
            error,
            responseExcerpt,
            retryAfterMs: status === 429 || status === 503 ? parseRetryAfter(retryAfterHeader) : null,
          });
        });
      });

      req.end(input.body);
    };
    send(false);
  });
}
