import type { PrincipalKind } from "./principal";

/**
 * One JSON line per API request, written by the route wrapper when the response is ready: what an
 * operator greps or ships to a log store. It never holds a secret, a body or a query string (those may
 * carry customer data); the request id ties it to the caller's report and to the error line below.
 */
export type RequestLogEntry = {
  time: string;
  level: "info" | "error";
  requestId: string;
  method: string;
  /** The operation's path template (`/returns/{returnId}`), not the concrete URL. */
  route: string;
  status: number;
  durationMs: number;
  principal: PrincipalKind | "anonymous";
  storeId?: string;
};

export type LogSink = (line: string) => void;

const stdoutSink: LogSink = (line) => {
  process.stdout.write(`${line}\n`);
};

export function logRequest(entry: Omit<RequestLogEntry, "time" | "level">, sink: LogSink = stdoutSink): void {
  const line: RequestLogEntry = {
    time: new Date().toISOString(),
    level: entry.status >= 500 ? "error" : "info",
    ...entry,
    durationMs: Math.round(entry.durationMs * 10) / 10,
  };
  sink(JSON.stringify(line));
}

/**
 * An unexpected error, with its stack, for the server's log only: the client gets a 500 problem that
 * names the request id and nothing of the cause.
 */
export function logUnexpectedError(requestId: string, error: unknown, sink: LogSink = stderrSink): void {
  const err = error instanceof Error ? error : new Error(String(error));
  sink(
    JSON.stringify({
      time: new Date().toISOString(),
      level: "error",
      requestId,
      message: err.message,
      stack: err.stack,
    }),
  );
}

const stderrSink: LogSink = (line) => {
  process.stderr.write(`${line}\n`);
};
