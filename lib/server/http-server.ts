import http, { type IncomingMessage, type ServerResponse } from "node:http";
import type { Duplex } from "node:stream";
import next from "next";
import { PROBLEM_TYPE_PREFIX, problemBody } from "../api/problem";
import { type GateAnswer, gateApiRequest, renderGateAnswer } from "../api/request-gate";
import { requestIdFromHeader } from "../api/request-id";

/**
 * The HTTP server `npm start` runs: Next.js's request handler behind two guards that `next start` cannot
 * have. The request gate (lib/api/request-gate.ts) answers malformed API paths and methods before the
 * framework does, and `clientError` turns what Node's HTTP parser refuses (headers over 16 KiB, raw
 * non-ASCII bytes in the request line, a malformed request) into problem+json instead of an empty 400 or
 * 431, with an X-Request-Id like every API answer.
 */

export type ServerOptions = { hostname: string; port: number; dir?: string };

function writeGateAnswer(request: IncomingMessage, response: ServerResponse, answer: GateAnswer): void {
  const requestId = requestIdFromHeader(request.headers["x-request-id"]?.toString());
  const { status, headers, body } = renderGateAnswer(answer, requestId);
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

/** Answers a request the parser refused, on the raw socket (there is no response object), then closes it. */
export function answerClientError(error: NodeJS.ErrnoException, socket: Duplex): void {
  if (error.code === "ECONNRESET" || !socket.writable) {
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
  socket.end(
    `HTTP/1.1 ${problem.status} ${title}\r\nContent-Type: application/problem+json\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\nX-Request-Id: ${requestId}\r\nConnection: close\r\n\r\n${body}`,
  );
}

/** Prepares the production build and listens. Resolves with the listening server. */
export async function startHttpServer(options: ServerOptions): Promise<http.Server> {
  const app = next({
    dev: false,
    dir: options.dir ?? process.cwd(),
    hostname: options.hostname,
    port: options.port,
  });
  await app.prepare();
  const handle = app.getRequestHandler();
  const server = http.createServer((request, response) => {
    const answer = gateApiRequest(request.method ?? "GET", request.url ?? "/");
    if (answer) {
      writeGateAnswer(request, response, answer);
      return;
    }
    void handle(request, response);
  });
  server.on("clientError", answerClientError);
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port, options.hostname, () => resolve());
  });
  return server;
}
