import type { AddressInfo } from "node:net";
import { readConfig } from "../config";
import { getDatabase } from "../db";
import { DOMAIN_WORK } from "../domain/notification-watch";
import { createGatedServer } from "../server/gated-server";
import { stopOnSignal } from "../server/shutdown";
import { runDispatcher } from "../webhooks/run";

/**
 * `npm start`'s process without Next.js, for lib/server/shutdown.int.test.ts: the same gated server,
 * timeouts, database, in-process dispatcher and SIGTERM handling (lib/server/shutdown.ts), in front of a
 * handler that answers `/slow?ms=N` after N ms (printing `started` when it takes one with `&announce`).
 * It prints `listening <port>` once up, and on exit how many requests it took and answered, so the test
 * can compare them with what its clients saw.
 */
const config = readConfig();
const database = await getDatabase();
if (config.dispatcher === "in-process") runDispatcher(database, config, DOMAIN_WORK);

let received = 0;
let answered = 0;
const gated = createGatedServer((request, response) => {
  received++;
  const params = new URL(request.url ?? "/", "http://x").searchParams;
  const ms = Number(params.get("ms") ?? 0);
  if (params.has("announce")) console.log("started");
  setTimeout(() => {
    response.writeHead(200, { "Content-Type": "application/json" }).end(JSON.stringify({ n: received }));
    answered++;
  }, ms);
}, config);
process.on("exit", (code) => console.log(`received ${received} answered ${answered} exit ${code}`));
gated.server.listen(0, "127.0.0.1", () => {
  stopOnSignal(gated, config);
  console.log(`listening ${(gated.server.address() as AddressInfo).port}`);
});
