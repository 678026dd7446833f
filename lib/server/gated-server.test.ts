import type { AddressInfo } from "node:net";
import { connect, type Socket } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { CLIENT_ADDRESS_HEADER } from "../api/client-address";
import { createGatedServer, type GatedServer } from "./gated-server";

/**
 * Slow clients against the real server on a real socket: a request whose headers or body trickle in is
 * cut off by the configured timeouts and answered 408 problem+json. The handler stands in for Next.js.
 */
let gated: GatedServer | undefined;

afterEach(async () => {
  if (!gated) return;
  gated.server.closeAllConnections();
  await new Promise((resolve) => gated?.server.close(resolve));
  gated = undefined;
});

async function listen(timeouts: { headersTimeoutMs: number; requestTimeoutMs: number }): Promise<number> {
  gated = createGatedServer(
    (request, response) => {
      // Reads the whole body, then answers its length: what a route handler reading JSON does.
      let length = 0;
      request.on("data", (chunk: Buffer) => {
        length += chunk.length;
      });
      request.on("end", () => {
        const text = String(length);
        response.writeHead(200, { "Content-Type": "text/plain", "Content-Length": text.length }).end(text);
      });
    },
    { ...timeouts, keepAliveTimeoutMs: 1000, checkIntervalMs: 50 },
  );
  await new Promise<void>((resolve) => gated?.server.listen(0, "127.0.0.1", resolve));
  return (gated.server.address() as AddressInfo).port;
}

/** `unsent`: the parts still to write when the server closed (a timeout cut the client short). */
type Exchange = { answer: string; closedAfterMs: number; unsent: number };

/** Writes `parts` one every `everyMs` (stopping once the server has closed) and collects the answer. */
function trickle(port: number, parts: string[], everyMs: number): Promise<Exchange> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const socket: Socket = connect(port, "127.0.0.1");
    let answer = "";
    let closed = false;
    socket.on("data", (chunk: Buffer) => {
      answer += chunk.toString("utf8");
    });
    socket.on("error", (error: NodeJS.ErrnoException) => {
      if (error.code !== "ECONNRESET" && error.code !== "EPIPE") reject(error);
    });
    socket.on("close", () => {
      closed = true;
      resolve({ answer, closedAfterMs: performance.now() - started, unsent: parts.length - next });
    });
    let next = 0;
    const timer = setInterval(() => {
      if (closed || next >= parts.length) {
        clearInterval(timer);
        return;
      }
      socket.write(parts[next++] as string);
    }, everyMs);
  });
}

function problemOf(answer: string): { status: number; body: Record<string, unknown>; head: string } {
  const [head = "", body = ""] = answer.split("\r\n\r\n");
  return { status: Number(head.split(" ")[1]), body: JSON.parse(body) as Record<string, unknown>, head };
}

const bytes = (text: string) => [...text];

describe("slow clients", () => {
  it("answers 408 problem+json when the headers trickle in past the headers timeout", async () => {
    const port = await listen({ headersTimeoutMs: 300, requestTimeoutMs: 10_000 });
    // One byte every 50 ms: the 40-byte head would take 2 s, far from the request timeout.
    const { answer, closedAfterMs, unsent } = await trickle(
      port,
      bytes("GET /api/v2.2/x HTTP/1.1\r\nHost: a\r\nX-A: b\r\n\r\n"),
      50,
    );
    const { status, body, head } = problemOf(answer);
    expect(status).toBe(408);
    expect(head).toMatch(/content-type: application\/problem\+json/i);
    expect(head).toMatch(/x-request-id: req_/i);
    expect(body).toMatchObject({
      type: "com.service.api:request/timeout",
      status: 408,
      title: "Request Timeout",
    });
    // Not before the timeout, and before the head was whole: however slow the machine, only the headers
    // timeout closes a connection there.
    expect(closedAfterMs).toBeGreaterThanOrEqual(280);
    expect(unsent).toBeGreaterThan(0);
  });

  it("answers 408 when the body trickles in past the request timeout, after the handler started", async () => {
    const port = await listen({ headersTimeoutMs: 300, requestTimeoutMs: 600 });
    const head =
      "POST /api/v2.2/x HTTP/1.1\r\nHost: a\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n";
    const { answer, closedAfterMs, unsent } = await trickle(port, [head, ...bytes("x".repeat(100))], 40);
    expect(problemOf(answer)).toMatchObject({
      status: 408,
      body: { status: 408, type: "com.service.api:request/timeout" },
    });
    expect(closedAfterMs).toBeGreaterThanOrEqual(580);
    expect(unsent).toBeGreaterThan(0);
  });

  it("serves a request that arrives in time, in pieces", async () => {
    const port = await listen({ headersTimeoutMs: 500, requestTimeoutMs: 1000 });
    const head = "POST /echo HTTP/1.1\r\nHost: a\r\nContent-Length: 5\r\nConnection: close\r\n\r\n";
    const { answer } = await trickle(port, [head, "ab", "cde"], 30);
    expect(answer).toMatch(/^HTTP\/1\.1 200 OK/);
    expect(answer.endsWith("\r\n\r\n5")).toBe(true);
  });
});

/** Sends `first` on a kept-alive connection, then, once it is answered, `second`; resolves with all it got. */
function twoOnOneConnection(port: number, first: string, second: string[], everyMs = 0): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket: Socket = connect(port, "127.0.0.1");
    let answer = "";
    let sent = false;
    socket.on("data", (chunk: Buffer) => {
      answer += chunk.toString("utf8");
      if (sent || !answer.includes("\r\n\r\n")) return;
      sent = true;
      let next = 0;
      const write = () => {
        if (socket.destroyed || next >= second.length) return;
        socket.write(second[next++] as string);
        if (everyMs > 0) setTimeout(write, everyMs);
        else write();
      };
      write();
    });
    socket.on("error", (error: NodeJS.ErrnoException) => {
      if (error.code !== "ECONNRESET" && error.code !== "EPIPE") reject(error);
    });
    socket.on("close", () => resolve(answer));
    socket.write(first);
  });
}

describe("the second request on a kept-alive connection", () => {
  const first = "GET /api/v2.2/x HTTP/1.1\r\nHost: a\r\n\r\n";

  it("gets its 431 problem+json when its headers are over 16 KiB", async () => {
    const port = await listen({ headersTimeoutMs: 5000, requestTimeoutMs: 10_000 });
    const long = `GET /api/v2.2/y HTTP/1.1\r\nHost: a\r\nX-Long: ${"a".repeat(17 * 1024)}\r\n\r\n`;
    const answer = await twoOnOneConnection(port, first, [long]);
    const second = answer.slice(answer.indexOf("HTTP/1.1", 1));
    expect(answer.startsWith("HTTP/1.1 200")).toBe(true);
    expect(problemOf(second)).toMatchObject({
      status: 431,
      body: { type: "com.service.api:request/header-too-large" },
    });
  });

  it("gets its 408 problem+json when its headers arrive too slowly", async () => {
    const port = await listen({ headersTimeoutMs: 300, requestTimeoutMs: 10_000 });
    const slow = bytes("GET /api/v2.2/y HTTP/1.1\r\nHost: a\r\nX-A: b\r\n\r\n");
    const answer = await twoOnOneConnection(port, first, slow, 50);
    const second = answer.slice(answer.indexOf("HTTP/1.1", 1));
    expect(problemOf(second)).toMatchObject({
      status: 408,
      body: { type: "com.service.api:request/timeout" },
    });
  });
});

describe("the gate's own answers", () => {
  it("carry the security headers Next.js's answers get from proxy.ts", async () => {
    const port = await listen({ headersTimeoutMs: 1000, requestTimeoutMs: 2000 });
    const response = await fetch(`http://127.0.0.1:${port}/api/v2.2/stores/%zz`);
    expect(response.status).toBe(404);
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("x-frame-options")).toBe("DENY");
    expect(response.headers.get("content-security-policy")).toBe(
      "default-src 'none'; frame-ancestors 'none'",
    );
    expect(response.headers.get("strict-transport-security")).toBeNull();
  });
});

describe("the client address", () => {
  it("is the server's to say: a header the client sent under that name is replaced", async () => {
    gated = createGatedServer(
      (request, response) => response.end(String(request.headers[CLIENT_ADDRESS_HEADER])),
      { headersTimeoutMs: 1000, requestTimeoutMs: 1000, keepAliveTimeoutMs: 1000, trustedProxies: 0 },
    );
    await new Promise<void>((resolve) => gated?.server.listen(0, "127.0.0.1", resolve));
    const port = (gated.server.address() as AddressInfo).port;
    const answer = await fetch(`http://127.0.0.1:${port}/`, {
      headers: { [CLIENT_ADDRESS_HEADER]: "203.0.113.66", "X-Forwarded-For": "203.0.113.67" },
    });
    expect(await answer.text()).toBe("127.0.0.1");
  });
});
