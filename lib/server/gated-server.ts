import http, { type IncomingMessage, type ServerResponse } from "node:http";
import type { Duplex } from "node:stream";
import { CLIENT_ADDRESS_HEADER, clientAddressFrom } from "../api/client-address";
import { PROBLEM_TYPE_PREFIX, problemBody } from "../api/problem";
import { type GateAnswer, gateApiRequest, renderGateAnswer } from "../api/request-gate";
import { requestIdFromHeader } from "../api/request-id";
import { readConfig } from "../config";
import { isShuttingDown } from "../health/lifecycle";
import { RESOURCE_CONTENT_SECURITY_POLICY, securityHeaders, servedOverHttps } from "../security-headers";

/**
 * The HTTP server `npm start` runs (started by http-server.ts): Next.js's request handler behind two guards
 * that `next start` cannot have. The request gate (lib/api/request-gate.ts) answers malformed API paths and methods before the
 * framework does, and `clientError` turns what Node's HTTP parser refuses (headers over 16 KiB, raw
 * non-ASCII bytes in the request line, a malformed request, a request that arrives too slowly) into
 * problem+json instead of an empty 400, 408 or 431, with an X-Request-Id like every API answer.
 *
 * Slow clients are cut off by explicit timeouts (lib/config.ts, docs/operations.md): the request line and
 * headers must arrive within `headersTimeoutMs` and the whole request, body included, within
 * `requestTimeoutMs`, or the client gets a 408. Node checks them every `checkIntervalMs` (its own default is
 * 30 s, which would let a 10 s headers timeout run to 40 s).
 */

export type ServerTimeouts = {
  headersTimeoutMs: number;
  requestTimeoutMs: number;
  keepAliveTimeoutMs: number;
  checkIntervalMs?: number;
};
/** How many reverse proxies in front append to X-Forwarded-For (lib/api/client-address.ts); 0 unless told. */
export type GateOptions = ServerTimeouts & { trustedProxies?: number };
export type RequestHandler = (request: IncomingMessage, response: ServerResponse) => unknown;
/**
 * The server, the responses it has not finished (which a graceful shutdown waits for), and a way to
 * close the connections that have been idle for at least `minIdleMs`.
 */
export type GatedServer = {
  server: http.Server;
  inFlight: ReadonlySet<ServerResponse>;
  closeIdle(minIdleMs: number): void;
};

/** What proxy.ts gives an API answer, for the answers written here, which Next.js never sees. */
function apiSecurityHeaders(forwardedProto: string | null): Record<string, string> {
  return securityHeaders({
    pathname: "/api/",
    https: servedOverHttps(readConfig(), forwardedProto),
    contentSecurityPolicy: RESOURCE_CONTENT_SECURITY_POLICY,
  });
}

function writeGateAnswer(request: IncomingMessage, response: ServerResponse, answer: GateAnswer): void {
  const requestId = requestIdFromHeader(request.headers["x-request-id"]?.toString());
  const rendered = renderGateAnswer(answer, requestId);
  const { status, body } = rendered;
  const headers = {
    ...apiSecurityHeaders(request.headers["x-forwarded-proto"]?.toString() ?? null),
    ...rendered.headers,
  };
  if (body === undefined) {
    response.writeHead(status, headers).end();
    return;
  }
  response
    .writeHead(status, { ...headers, "Content-Length": Buffer.byteLength(body) })
    .end(request.method === "HEAD" ? undefined : body);
}

/** What the parser's error codes mean for the client (Node's `clientError`). */
function clientErrorProblem(code: string | undefined): { status: number; code: string; detail: string } {
  if (code === "HPE_HEADER_OVERFLOW") {
    return {
      status: 431,
      code: "request/header-too-large",
      detail: "The request line and headers together exceed 16 KiB.",
    };
  }
  if (code === "ERR_HTTP_REQUEST_TIMEOUT") {
    return { status: 408, code: "request/timeout", detail: "The request did not arrive in time." };
  }
  return {
    status: 400,
    code: "request/malformed",
    detail: "The request is not valid HTTP/1.1 (for example, raw non-ASCII bytes in the request line).",
  };
}

/**
 * Answers a request the parser refused, on the raw socket (there is no response object), then closes it.
 * When the request timed out after its handler had begun answering, nothing more can be said on that
 * connection: it is only closed (as Node itself does).
 */
export function answerClientError(
  error: NodeJS.ErrnoException,
  socket: Duplex,
  response?: ServerResponse,
): void {
  if (error.code === "ECONNRESET" || !socket.writable || response?.headersSent) {
    socket.destroy();
    return;
  }
  const problem = clientErrorProblem(error.code);
  const requestId = requestIdFromHeader(undefined);
  const body = JSON.stringify(
    problemBody({
      type: `${PROBLEM_TYPE_PREFIX}${problem.code}`,
      status: problem.status,
      detail: problem.detail,
      requestId,
    }),
  );
  const title = http.STATUS_CODES[problem.status] ?? "Error";
  // The request's headers were not parsed: only an https public URL can tell that it came over https.
  const security = Object.entries(apiSecurityHeaders(null))
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join("");
  socket.end(
    `HTTP/1.1 ${problem.status} ${title}\r\nContent-Type: application/problem+json\r\n${security}` +
      `Content-Length: ${Buffer.byteLength(body)}\r\nX-Request-Id: ${requestId}\r\nConnection: close\r\n\r\n${body}`,
  );
}

/** The gate and the parser's guards in front of `handle` (Next.js in production, a stub in tests). */
export function createGatedServer(handle: RequestHandler, timeouts: GateOptions): GatedServer {
  const inFlight = new Set<ServerResponse>();
  // Per connection: answers in progress and since when it has been idle. Node's closeIdleConnections()
  // cannot tell a connection idle for seconds from one whose next request is on the wire (closing that
  // one resets a request the client has sent), so a shutdown closes only those idle for a while.
  const connections = new Map<Duplex, { busy: number; idleSince: number }>();
  // The response being written on each connection, for a timeout that fires while its handler runs.
  const current = new WeakMap<Duplex, ServerResponse>();
  const server = http.createServer(
    {
      headersTimeout: timeouts.headersTimeoutMs,
      requestTimeout: timeouts.requestTimeoutMs,
      connectionsCheckingInterval: timeouts.checkIntervalMs ?? 1000,
    },
    (request, response) => {
      inFlight.add(response);
      current.set(request.socket, response);
      const connection = connections.get(request.socket);
      if (connection) connection.busy++;
      response.once("close", () => {
        inFlight.delete(response);
        // A kept-alive connection's next request has no response yet: a timeout or an overflow of its
        // headers must be answered, not taken for a cut in this finished answer.
        if (current.get(request.socket) === response) current.delete(request.socket);
        if (connection) {
          connection.busy--;
          connection.idleSince = performance.now();
        }
      });
      // Once shutting down, every answer closes its connection, so none is left idle for a next request.
      if (isShuttingDown()) response.setHeader("Connection", "close");
      const answer = gateApiRequest(request.method ?? "GET", request.url ?? "/");
      if (answer) {
        writeGateAnswer(request, response, answer);
        return;
      }
      const clientAddress = clientAddressFrom(
        request.socket.remoteAddress,
        request.headers["x-forwarded-for"],
        timeouts.trustedProxies ?? 0,
      );
      if (clientAddress) request.headers[CLIENT_ADDRESS_HEADER] = clientAddress;
      else delete request.headers[CLIENT_ADDRESS_HEADER];
      void handle(request, response);
    },
  );
  server.keepAliveTimeout = timeouts.keepAliveTimeoutMs;
  server.on("connection", (socket: Duplex) => {
    connections.set(socket, { busy: 0, idleSince: performance.now() });
    socket.once("close", () => connections.delete(socket));
  });
  const closeIdle = (minIdleMs: number) => {
    const now = performance.now();
    for (const [socket, { busy, idleSince }] of connections) {
      if (busy === 0 && now - idleSince >= minIdleMs) socket.destroy();
    }
  };
  server.on("clientError", (error: NodeJS.ErrnoException, socket: Duplex) => {
    answerClientError(error, socket, current.get(socket));
  });
  return { server, inFlight, closeIdle };
}
