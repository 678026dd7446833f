import http from "node:http";
import type { AddressInfo } from "node:net";
import { expect, it } from "vitest";
import { graceEndedSignal } from "../health/lifecycle";
import { createGatedServer } from "./gated-server";
import { shutDownGracefully } from "./shutdown";

/**
 * A streamed answer still running when the shutdown grace ends (a CSV import's progress lines) is told, and
 * its last line reaches the client before the connection goes. In-process, with a handler that streams as
 * lib/api/csv-import.ts does; the process-level shutdown is lib/server/shutdown.int.test.ts.
 */
it("lets a streamed answer still running at the end of the grace write its last line before the cut", async () => {
  const gated = createGatedServer(
    (_request, response) => {
      response.writeHead(200, { "Content-Type": "application/x-ndjson" });
      response.write('{"type":"progress","done":1,"total":3}\n');
      graceEndedSignal().addEventListener("abort", () => {
        response.end('{"type":"error","detail":"stopped"}\n');
      });
    },
    { headersTimeoutMs: 5000, requestTimeoutMs: 10_000, keepAliveTimeoutMs: 1000 },
  );
  await new Promise<void>((resolve) => gated.server.listen(0, "127.0.0.1", resolve));
  const { port } = gated.server.address() as AddressInfo;
  let shutdown: Promise<{ cut: number }> | undefined;
  const received = await new Promise<string>((resolve, reject) => {
    http.get({ host: "127.0.0.1", port, path: "/import" }, (response) => {
      let text = "";
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => {
        text += chunk;
        shutdown ??= shutDownGracefully(gated, { graceMs: 100 });
      });
      response.on("end", () => resolve(text));
      response.on("error", reject);
    });
  });
  expect(received.trim().split("\n").at(-1)).toBe('{"type":"error","detail":"stopped"}');
  expect((await shutdown)?.cut).toBe(0);
});
