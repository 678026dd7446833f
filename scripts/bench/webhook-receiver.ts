import { createServer } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * The bench's webhook receiver, in a process of its own like a merchant's server: answers 200 at once and
 * reports the first arrival of each delivery (webhook-id) to the parent over IPC, stamped with wall-clock
 * milliseconds taken here. In the bench process itself, arrivals were stamped late whenever the event
 * writer kept that process's event loop busy, which counted the bench's own load as delivery latency.
 */
export type ArrivalMessage = { kind: "arrival"; deliveryId: string; eventId: string; at: number };
export type ReceiverMessage =
  | { kind: "ready"; port: number }
  | ArrivalMessage
  | { kind: "requests"; n: number };

const send = (message: ReceiverMessage) => process.send?.(message);
const seen = new Set<string>();
let requests = 0;

const server = createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on("data", (chunk: Buffer) => chunks.push(chunk));
  req.on("end", () => {
    const at = performance.timeOrigin + performance.now();
    requests++;
    res.writeHead(200, { "content-type": "text/plain" }).end("ok");
    const deliveryId = String(req.headers["webhook-id"]);
    if (seen.has(deliveryId)) return;
    seen.add(deliveryId);
    const eventId = (JSON.parse(Buffer.concat(chunks).toString("utf8")) as { id: string }).id;
    send({ kind: "arrival", deliveryId, eventId, at });
  });
});
server.keepAliveTimeout = 60_000;
server.listen(0, "127.0.0.1", () => send({ kind: "ready", port: (server.address() as AddressInfo).port }));
process.on("message", (message) => {
  if (message === "requests") send({ kind: "requests", n: requests });
  if (message === "close") server.close(() => process.exit(0));
});
process.on("disconnect", () => process.exit(0));
