import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";

export type ReceivedRequest = {
  method: string;
  /** Path and query, e.g. "/hooks/orders?x=1". */
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
  receivedAt: Date;
};

export type WebhookReceiver = {
  /** Base address, e.g. "http://127.0.0.1:41234"; any path under it is recorded. */
  url: string;
  /** Every request so far, oldest first. */
  requests: ReceivedRequest[];
  /** The status code later requests get (200 until changed), e.g. 500 to make the app retry. */
  respondWith: (status: number) => void;
  /** Resolves with the first request (already received or coming) that `matches`, or fails after `timeoutMs`. */
  waitForRequest: (
    matches?: (request: ReceivedRequest) => boolean,
    timeoutMs?: number,
  ) => Promise<ReceivedRequest>;
  close: () => Promise<void>;
};

/**
 * A local HTTP endpoint for webhook tests on 127.0.0.1 and a free port. It records each request with its raw
 * body (to check signatures) and answers with the configured status. The server under test allows such
 * private URLs because the runner sets BACKROOM_ALLOW_PRIVATE_WEBHOOK_URLS=true.
 */
export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const requests: ReceivedRequest[] = [];
  const waiters = new Set<(request: ReceivedRequest) => void>();
  let status = 200;

  const server = createServer((incoming, response) => {
    const chunks: Buffer[] = [];
    incoming.on("data", (chunk: Buffer) => chunks.push(chunk));
    incoming.on("end", () => {
      const request: ReceivedRequest = {
        method: incoming.method ?? "GET",
        path: incoming.url ?? "/",
        headers: incoming.headers,
        body: Buffer.concat(chunks).toString("utf8"),
        receivedAt: new Date(),
      };
      requests.push(request);
      for (const notify of waiters) notify(request);
      response
        .writeHead(status, { "content-type": "text/plain" })
        .end(status < 300 ? "ok" : "failing on purpose");
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", resolve);
  });
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    respondWith: (code) => {
      status = code;
    },
    waitForRequest: (matches = () => true, timeoutMs = 15_000) => {
      const earlier = requests.find(matches);
      if (earlier) return Promise.resolve(earlier);
      return new Promise((resolve, reject) => {
        const waiter = (request: ReceivedRequest) => {
          if (!matches(request)) return;
          clearTimeout(timer);
          waiters.delete(waiter);
          resolve(request);
        };
        const timer = setTimeout(() => {
          waiters.delete(waiter);
          reject(
            new Error(`No matching webhook request within ${timeoutMs} ms (${requests.length} received).`),
          );
        }, timeoutMs);
        waiters.add(waiter);
      });
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
