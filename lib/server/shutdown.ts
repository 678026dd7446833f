import { once } from "node:events";
import type { ServerResponse } from "node:http";
import net from "node:net";
import type { ServerConfig } from "../config";
import { closeDatabase } from "../db";
import { markGraceEnded, markShuttingDown } from "../health/lifecycle";
import { stopDispatcher } from "../webhooks/run";
import type { GatedServer } from "./gated-server";
import { onShutdownSignal } from "./signals";

/**
 * Graceful shutdown of `npm start`'s process (docs/operations.md, Shutdown), in this order:
 * 1. the readiness check answers 503 and the listening socket closes: no new connection is accepted;
 * 2. requests in flight run to their end, each answer closing its connection (`Connection: close`); a
 *    kept-alive connection idle for IDLE_CLOSE_MS is closed (one idle for less may have its next request
 *    on the wire: it is answered, with `Connection: close`); at the same time the webhook dispatcher
 *    stops claiming and its attempts in flight finish, or their leases are released for another worker;
 * 3. after `graceMs`, the answers still streaming are told (lib/health/lifecycle.ts `graceEndedSignal`: an
 *    import stops and writes a last error line) and get FINAL_LINE_MS to end; then whatever connection is
 *    still open is cut;
 * 4. the database pool (or PGlite) is closed.
 * Connections are polled every IDLE_POLL_MS.
 */
const IDLE_POLL_MS = 100;
const IDLE_CLOSE_MS = 1000;
const FINAL_LINE_MS = 1000;

export type ShutdownReport = { drainedMs: number; cut: number };

export async function shutDownGracefully(
  { server, inFlight, closeIdle }: GatedServer,
  options: { graceMs: number },
): Promise<ShutdownReport> {
  const started = performance.now();
  markShuttingDown();
  // net.Server's close, not http.Server's: since Node 19 the latter also closes every idle connection at
  // once, resetting requests that clients have just sent on them (8 of 16 load clients saw ECONNRESET).
  const closed = new Promise<void>((resolve) => net.Server.prototype.close.call(server, () => resolve()));
  for (const response of inFlight) {
    if (!response.headersSent) response.setHeader("Connection", "close");
  }
  const dispatcherStopped = stopDispatcher();
  closeIdle(IDLE_CLOSE_MS);
  const poll = setInterval(() => closeIdle(IDLE_CLOSE_MS), IDLE_POLL_MS);
  let timer: NodeJS.Timeout | undefined;
  const drained = await Promise.race([
    closed.then(() => true),
    new Promise<false>((resolve) => {
      timer = setTimeout(() => resolve(false), options.graceMs);
    }),
  ]);
  clearInterval(poll);
  clearTimeout(timer);
  if (!drained) {
    markGraceEnded();
    await answersEnded(inFlight, FINAL_LINE_MS);
  }
  const cut = drained ? 0 : inFlight.size;
  if (!drained) {
    server.closeAllConnections();
    await closed;
  }
  const drainedMs = Math.round(performance.now() - started);
  await dispatcherStopped;
  await closeDatabase();
  return { drainedMs, cut };
}

/** Resolves once every answer in `inFlight` has ended (its response closed), or after `ms`. */
async function answersEnded(inFlight: ReadonlySet<ServerResponse>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([
    Promise.all([...inFlight].map((response) => once(response, "close"))),
    new Promise<void>((resolve) => {
      timer = setTimeout(resolve, ms);
    }),
  ]);
  clearTimeout(timer);
}

/** `npm start`: SIGTERM or SIGINT shuts the server down gracefully, then the process exits 0. */
export function stopOnSignal(gated: GatedServer, config: ServerConfig): void {
  onShutdownSignal(
    async (signal) => {
      console.log(
        `${signal}: no new connections; finishing requests in flight (at most ${config.shutdownGraceMs} ms).`,
      );
      const { drainedMs, cut } = await shutDownGracefully(gated, { graceMs: config.shutdownGraceMs });
      console.log(
        cut > 0
          ? `Stopped after ${drainedMs} ms, cutting ${cut} request(s) still running at the end of the grace period.`
          : `Stopped: every request answered (${drainedMs} ms).`,
      );
    },
    // Closing the pool and the dispatcher's last writes get a few seconds beyond the grace period.
    { deadlineMs: config.shutdownGraceMs + 5_000, followParent: true },
  );
}
