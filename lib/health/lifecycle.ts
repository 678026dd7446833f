/**
 * Whether the process is shutting down: set by the HTTP server on SIGTERM (lib/server/shutdown.ts), read
 * by the readiness check, which then answers 503 so a balancer still polling an open connection stops
 * sending work here. On globalThis because the server and the Next.js route handlers are separate bundles
 * with their own copies of this module.
 */
const SHUTDOWN_KEY = Symbol.for("backroom.shuttingDown");
type Holder = { [SHUTDOWN_KEY]?: boolean };

export function markShuttingDown(): void {
  (globalThis as Holder)[SHUTDOWN_KEY] = true;
}

export function isShuttingDown(): boolean {
  return (globalThis as Holder)[SHUTDOWN_KEY] === true;
}
