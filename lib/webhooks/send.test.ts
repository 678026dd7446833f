import {
  createServer,
  type IncomingHttpHeaders,
  type RequestListener,
  type Server,
  type ServerResponse,
} from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { parseRetryAfter, sendWebhookAttempt, WEBHOOK_USER_AGENT } from "./send";

interface Received {
  method: string | undefined;
  url: string | undefined;
  headers: IncomingHttpHeaders;
  body: string;
}

const servers: Server[] = [];

/** A receiver on 127.0.0.1 recording what it got; `handler` answers. */
async function receiver(handler: RequestListener): Promise<{ url: string; received: Received[] }> {
  const received: Received[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      received.push({
        method: req.method,
        url: req.url,
        headers: req.headers,
        body: Buffer.concat(chunks).toString(),
      });
      handler(req, res);
    });
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/hook`, received };
}

afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
});

const body = JSON.stringify({ id: "evt_1", type: "created" });
const signed = { "webhook-id": "evt_1", "webhook-timestamp": "1700000000", "webhook-signature": "v1,abc=" };

function send(url: string, extra: Partial<Parameters<typeof sendWebhookAttempt>[0]> = {}) {
  return sendWebhookAttempt({ url, token: null, body, headers: signed, allowPrivate: true, ...extra });
}

describe("sendWebhookAttempt", () => {
  it("POSTs the body with JSON, user agent, bearer token and the caller's headers; 200 is ok", async () => {
    const { url, received } = await receiver((_req, res) => res.writeHead(200).end("thanks"));
    const outcome = await send(url, { token: "tok_secret" });
    expect(outcome).toMatchObject({
      ok: true,
      status: 200,
      error: null,
      responseExcerpt: "thanks",
      retryAfterMs: null,
    });
    expect(outcome.durationMs).toBeGreaterThanOrEqual(0);
    const [got] = received;
    expect(got?.method).toBe("POST");
    expect(got?.url).toBe("/hook");
    expect(got?.body).toBe(body);
    expect(got?.headers).toMatchObject({
      "content-type": "application/json",
      "user-agent": WEBHOOK_USER_AGENT,
      authorization: "Bearer tok_secret",
      "webhook-id": "evt_1",
      "webhook-timestamp": "1700000000",
      "webhook-signature": "v1,abc=",
      host: new URL(url).host,
    });
  });

  it("sends no Authorization header without a token, even if the caller passed one", async () => {
    const { url, received } = await receiver((_req, res) => res.writeHead(204).end());
    const outcome = await send(url, { headers: { ...signed, Authorization: "Bearer spoof" } });
    expect(outcome).toMatchObject({ ok: true, status: 204, error: null, responseExcerpt: null });
    expect(received[0]?.headers.authorization).toBeUndefined();
  });

  it("treats 500 as a failure and keeps the response excerpt", async () => {
    const { url } = await receiver((_req, res) => res.writeHead(500).end("boom"));
    expect(await send(url)).toMatchObject({
      ok: false,
      status: 500,
      error: "HTTP 500",
      responseExcerpt: "boom",
    });
  });

  it("parses Retry-After seconds on 429", async () => {
    const { url } = await receiver((_req, res) => res.writeHead(429, { "Retry-After": "120" }).end());
    expect(await send(url)).toMatchObject({ ok: false, status: 429, retryAfterMs: 120_000 });
  });

  it("parses a Retry-After HTTP date on 503", async () => {
    const at = new Date(Date.now() + 60_000).toUTCString();
    const { url } = await receiver((_req, res) => res.writeHead(503, { "Retry-After": at }).end());
    const outcome = await send(url);
    expect(outcome.status).toBe(503);
    expect(outcome.retryAfterMs).toBeGreaterThan(55_000);
    expect(outcome.retryAfterMs).toBeLessThanOrEqual(60_000);
  });

  it("ignores Retry-After on other statuses", async () => {
    const { url } = await receiver((_req, res) => res.writeHead(500, { "Retry-After": "5" }).end());
    expect((await send(url)).retryAfterMs).toBeNull();
  });

  it("does not follow a redirect", async () => {
    const target = await receiver((_req, res) => res.writeHead(200).end());
    const { url } = await receiver((_req, res) => res.writeHead(301, { Location: target.url }).end());
    expect(await send(url)).toMatchObject({ ok: false, status: 301, error: "redirect not followed" });
    expect(target.received).toHaveLength(0);
  });

  it("times out against a server that never answers", async () => {
    const { url } = await receiver(() => {});
    // The receiver never answers: only the attempt's own timeout can end this send.
    const outcome = await send(url, { timeoutMs: 200 });
    expect(outcome).toMatchObject({ ok: false, status: null, error: "timeout after 200 ms" });
  });

  it("reads at most the excerpt of a 10 MB body and hangs up on the rest", async () => {
    const big = Buffer.alloc(10 * 1024 * 1024, "x");
    let bytesWritten = 0;
    let responseClosed: (finished: boolean) => void = () => undefined;
    const closed = new Promise<boolean>((resolve) => {
      responseClosed = resolve;
    });
    const { url } = await receiver((_req, res) => {
      res.on("close", () => responseClosed(res.writableFinished));
      res.writeHead(200, { "Content-Length": String(big.length) });
      // Written in slices so the server notices the client going away instead of buffering it all.
      const slice = 64 * 1024;
      const pump = () => {
        while (bytesWritten < big.length) {
          const chunk = big.subarray(bytesWritten, bytesWritten + slice);
          bytesWritten += chunk.length;
          if (!res.write(chunk)) return void res.once("drain", pump);
        }
        res.end();
      };
      res.on("error", () => {});
      pump();
    });
    const outcome = await send(url);
    expect(outcome).toMatchObject({ ok: true, status: 200 });
    expect(Buffer.byteLength(outcome.responseExcerpt ?? "")).toBe(2048);
    // The sender went away: the receiver's response closed before it could write the whole body.
    expect(await closed).toBe(false);
    expect(bytesWritten).toBeLessThan(big.length);
  });

  it("does not cut a multi-byte character at the excerpt limit", async () => {
    const { url } = await receiver((_req, res) => res.writeHead(500).end("é".repeat(10)));
    const outcome = await send(url, { maxExcerptBytes: 5 });
    expect(outcome.responseExcerpt).toBe("éé");
  });

  it("reports a refused connection by its code", async () => {
    const { url } = await receiver(() => {});
    for (const server of servers.splice(0))
      await new Promise<void>((resolve) => server.close(() => resolve()));
    expect(await send(url)).toMatchObject({
      ok: false,
      status: null,
      error: "ECONNREFUSED",
      responseExcerpt: null,
    });
  });

  it("refuses a private target without the development setting, sending nothing", async () => {
    const { url, received } = await receiver((_req, res) => res.writeHead(200).end());
    const outcome = await send(url, { allowPrivate: false });
    expect(outcome.ok).toBe(false);
    expect(outcome.error).toMatch(/^refused: /);
    expect(received).toHaveLength(0);
  });

  it("connects to the checked address while keeping the URL's host name", async () => {
    const { url, received } = await receiver((_req, res) => res.writeHead(200).end());
    const port = new URL(url).port;
    // The name resolves (here, by an injected resolver, so the test does not depend on whether this
    // machine's `localhost` answers ::1 first) to the receiver's address; Host must still carry the name.
    const outcome = await send(`http://localhost:${port}/hook`, {
      lookup: async () => [{ address: "127.0.0.1", family: 4 }],
    });
    expect(outcome.ok).toBe(true);
    expect(received[0]?.headers.host).toBe(`localhost:${port}`);
  });

  it("connects only to the address the SSRF check resolved (no second DNS lookup)", async () => {
    const { url, received } = await receiver((_req, res) => res.writeHead(200).end());
    const port = new URL(url).port;
    let lookups = 0;
    // `.test` never resolves in real DNS: reaching the receiver proves the socket used our address.
    const outcome = await send(`http://rebind.test:${port}/hook`, {
      lookup: async () => {
        lookups += 1;
        return [{ address: "127.0.0.1", family: 4 }];
      },
    });
    expect(outcome).toMatchObject({ ok: true, status: 200 });
    expect(lookups).toBe(1);
    expect(received[0]?.headers.host).toBe(`rebind.test:${port}`);
  });

  it("fails cleanly on a token that is not a valid header value", async () => {
    const { url, received } = await receiver((_req, res) => res.writeHead(200).end());
    const outcome = await send(url, { token: "a\r\nx-injected: 1" });
    expect(outcome.ok).toBe(false);
    expect(outcome.error).toBeTruthy();
    expect(received).toHaveLength(0);
  });
});

describe("sendWebhookAttempt connection reuse", () => {
  /** A server counting its connections; `onRequest` gets each request's index on its connection. */
  async function countingServer(onRequest: (nthOnSocket: number, res: ServerResponse) => void) {
    let connections = 0;
    const perSocket = new WeakMap<object, number>();
    const server = createServer((req, res) => {
      const n = (perSocket.get(req.socket) ?? 0) + 1;
      perSocket.set(req.socket, n);
      req.resume();
      req.on("end", () => onRequest(n, res));
    });
    server.on("connection", () => connections++);
    servers.push(server);
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as AddressInfo;
    return { url: `http://127.0.0.1:${port}/hook`, connections: () => connections };
  }

  it("sends consecutive attempts to one checked address over one kept-alive connection", async () => {
    const server = await countingServer((_n, res) => res.writeHead(200).end("ok"));
    for (let i = 0; i < 3; i++) expect((await send(server.url)).ok).toBe(true);
    expect(server.connections()).toBe(1);
  });

  it("sends once more on a new connection when the server dropped the kept-alive one", async () => {
    // The second request on any connection is dropped unanswered, as by a server closing an idle socket.
    const server = await countingServer((n, res) => (n === 1 ? res.writeHead(200).end("ok") : res.destroy()));
    expect((await send(server.url)).ok).toBe(true);
    expect(await send(server.url)).toMatchObject({ ok: true, status: 200 });
    expect(server.connections()).toBe(2);
  });
});

describe("parseRetryAfter", () => {
  const now = Date.parse("2025-01-01T00:00:00Z");
  it("reads seconds and HTTP dates", () => {
    expect(parseRetryAfter("0", now)).toBe(0);
    expect(parseRetryAfter(" 30 ", now)).toBe(30_000);
    expect(parseRetryAfter("Wed, 01 Jan 2025 00:01:00 GMT", now)).toBe(60_000);
    expect(parseRetryAfter("Tue, 31 Dec 2024 00:00:00 GMT", now)).toBe(0);
  });
  it("returns null for absent or invalid values", () => {
    for (const value of [undefined, "", "-1", "1.5", "soon", "12:00"])
      expect(parseRetryAfter(value, now)).toBeNull();
  });
});
