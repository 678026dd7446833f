import { createServer } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * The merchant's endpoint: records every webhook request it receives whole (event id, subject id, delivery
 * id, in arrival order) and answers 200 after `delayMs`. The delay keeps each attempt in flight for a while,
 * so a worker killed at any moment is killed mid-delivery: the receiver may already have the event while the
 * worker never records the answer, which is how at-least-once duplicates arise.
 */

export type Arrival = { eventId: string; subjectId: string; deliveryId: string };

export async function startReceiver(delayMs: number) {
  const arrivals: Arrival[] = [];
  let malformed = 0;
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      try {
        // A thin payload: { id, type, topic, at, subject: { id } } (docs/webhooks.md).
        const body = JSON.parse(Buffer.concat(chunks).toString("utf8")) as {
          id?: string;
          subject?: { id?: string };
        };
        if (!body.id || !body.subject?.id) throw new Error("no id");
        arrivals.push({
          eventId: body.id,
          subjectId: body.subject.id,
          deliveryId: String(req.headers["webhook-id"]),
        });
      } catch {
        malformed++;
      }
      setTimeout(() => {
        if (!res.destroyed) res.writeHead(200, { "content-type": "text/plain" }).end("ok");
      }, delayMs);
    });
    req.on("error", () => undefined);
  });
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}/multi-instance-hook`,
    arrivals,
    malformed: () => malformed,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export type Receiver = Awaited<ReturnType<typeof startReceiver>>;
