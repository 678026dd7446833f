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

/**
 * Whether requests reach Next.js through Backroom's own HTTP server (lib/server/gated-server.ts), whose
 * request gate answers what the framework cannot (TRACE, malformed percent-encoding) in problem+json.
 * `npm start`, `npm run dev` and `npm run demo` run it; a bare `next start` or `next dev` does not, and
 * says so at start-up (instrumentation.ts).
 */
const FRONT_LAYER_KEY = Symbol.for("backroom.frontLayer");
type FrontLayerHolder = { [FRONT_LAYER_KEY]?: boolean };

export function markFrontLayer(): void {
  (globalThis as FrontLayerHolder)[FRONT_LAYER_KEY] = true;
}

export function hasFrontLayer(): boolean {
  return (globalThis as FrontLayerHolder)[FRONT_LAYER_KEY] === true;
}

/**
 * Aborted when a shutdown's grace period ends with requests still running (lib/server/shutdown.ts): a
 * streamed answer still in progress (a CSV import's progress lines) stops its work and writes a last line
 * saying so before its connection is cut, instead of just stopping.
 */
const GRACE_ENDED_KEY = Symbol.for("backroom.graceEnded");
type GraceHolder = { [GRACE_ENDED_KEY]?: AbortController };

function graceController(): AbortController {
  const holder = globalThis as GraceHolder;
  holder[GRACE_ENDED_KEY] ??= new AbortController();
  return holder[GRACE_ENDED_KEY];
}

export function graceEndedSignal(): AbortSignal {
  return graceController().signal;
}

export function markGraceEnded(): void {
  graceController().abort();
}
