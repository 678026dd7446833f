import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { webhookDeliveries } from "../db/schema";
import { createDemoTestDatabase, type TestDatabase } from "../testing/database";
import { demoReturnIds, insertWebhook, recordEvent } from "../testing/webhook-deliveries";

/**
 * Graceful shutdown as real processes, started the way `npm start` runs its server (`node --import tsx`
 * under npm's shell): SIGTERM in the middle of a load answers every request the server accepted,
 * releases the webhook delivery its dispatcher holds, closes the database and exits 0. The server is
 * lib/testing/http-server-fixture.ts (lib/server without Next.js, whose build a unit of the suite cannot
 * wait for); `npm start` itself was checked by hand (docs/operations.md, Shutdown). The worker is
 * scripts/worker.ts itself.
 */
const onPostgres = process.env.BACKROOM_TEST_BACKEND === "postgres";

let database: TestDatabase | undefined;
let url: string | undefined;
let storeId: string;
const dataDirs: string[] = [];

beforeAll(async () => {
  if (!onPostgres) return;
  const seeded = await createDemoTestDatabase();
  database = seeded.database;
  storeId = seeded.summary.stores[0]?.id as string;
  url = database.pool?.options.connectionString;
}, 120_000);
afterAll(async () => {
  await database?.close();
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
});

type Proc = { child: ChildProcess; output: () => string; exit: Promise<number | null> };

/**
 * `node --import tsx <script>`, or with `underShell` as npm runs a script: in `sh -c`, with
 * npm_lifecycle_event set; a SIGTERM to npm reaches that shell, which dies of it without passing it on.
 * `exit` is then the code the script printed on exit (the fixture prints it), not the shell's.
 */
function start(script: string, env: Record<string, string>, underShell = false): Proc {
  let output = "";
  const backend: Record<string, string> = url ? { DATABASE_URL: url } : {};
  // One embedded database for the file's processes, one at a time: only the first run migrates it.
  if (!url) {
    if (dataDirs.length === 0) dataDirs.push(mkdtempSync(path.join(os.tmpdir(), "backroom-shutdown-")));
    backend.BACKROOM_DATA_DIR = dataDirs[0] as string;
  }
  const { DATABASE_URL: _unused, npm_lifecycle_event: _event, ...inherited } = process.env;
  const options = {
    env: {
      ...inherited,
      ...backend,
      BACKROOM_ALLOW_PRIVATE_WEBHOOK_URLS: "true",
      ...(underShell ? { npm_lifecycle_event: "start" } : {}),
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"] as ["ignore", "pipe", "pipe"],
  };
  const child = underShell
    ? spawn("sh", ["-c", `"${process.execPath}" --import tsx ${script}`], options)
    : spawn(process.execPath, ["--import", "tsx", script], options);
  child.stdout?.on("data", (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr?.on("data", (chunk: Buffer) => {
    output += chunk.toString();
  });
  // The server may outlive the shell: its output ends when it exits.
  const exit = underShell
    ? new Promise<number | null>((resolve) =>
        child.stdout?.once("close", () => resolve(Number(output.match(/exit (\d+)/)?.[1] ?? Number.NaN))),
      )
    : new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  return { child, output: () => output, exit };
}

/** Resolves with the first match of `pattern` in the process's output; rejects if it exits first. */
function waitForOutput(proc: Proc, pattern: RegExp): Promise<RegExpMatchArray> {
  return new Promise((resolve, reject) => {
    const check = () => {
      const match = proc.output().match(pattern);
      if (!match) return false;
      proc.child.stdout?.off("data", onData);
      proc.child.stderr?.off("data", onData);
      proc.child.off("exit", onExit);
      resolve(match);
      return true;
    };
    // Listeners added after start()'s own: the output already holds the chunk when they run.
    const onData = () => check();
    const onExit = () => {
      if (!check()) reject(new Error(`no ${pattern} (exit ${proc.child.exitCode}):\n${proc.output()}`));
    };
    if (check()) return;
    proc.child.stdout?.on("data", onData);
    proc.child.stderr?.on("data", onData);
    proc.child.once("exit", onExit);
  });
}

/** A receiver that never answers: the attempt sent to it stays in flight. */
async function holdingReceiver() {
  let arrived: () => void = () => undefined;
  const first = new Promise<void>((resolve) => {
    arrived = resolve;
  });
  const server = http.createServer(() => arrived());
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    first,
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/** One held delivery of a fresh webhook (PostgreSQL only), and a check that it was released, not sent. */
async function heldDelivery() {
  const db = database?.db;
  if (!db) throw new Error("PostgreSQL only");
  const receiver = await holdingReceiver();
  const webhook = await insertWebhook(db, storeId, receiver.url);
  const [returnId] = await demoReturnIds(db, storeId, 1);
  const event = await recordEvent(db, storeId, returnId as string);
  const released = async () => {
    const [row] = await db.select().from(webhookDeliveries).where(eq(webhookDeliveries.eventId, event.id));
    expect(row?.webhookId).toBe(webhook.id);
    return { status: row?.status, attempts: row?.attemptCount, leaseOwner: row?.leaseOwner ?? null };
  };
  return { receiver, released };
}

type Outcome = { status: number } | { error: string; afterSignal: boolean };

describe("SIGTERM to the server under load", () => {
  it("under npm's shell: answers every request it accepted, releases its deliveries, closes the database and exits 0", async () => {
    const held = onPostgres ? await heldDelivery() : undefined;
    const server = start(
      "lib/testing/http-server-fixture.ts",
      { BACKROOM_SHUTDOWN_GRACE: "3s", BACKROOM_DISPATCHER: "in-process" },
      true,
    );
    try {
      const port = Number((await waitForOutput(server, /listening (\d+)/))[1]);
      // The dispatcher has the delivery in flight before the signal.
      await held?.receiver.first;
      const agent = new http.Agent({ keepAlive: true, maxSockets: 16 });
      let signalled = false;
      const outcomes: Outcome[] = [];
      const one = () =>
        new Promise<Outcome>((resolve) => {
          const afterSignal = signalled;
          const request = http.get({ host: "127.0.0.1", port, path: "/slow?ms=150", agent }, (response) => {
            response.resume();
            response.on("end", () => {
              const outcome = { status: response.statusCode ?? 0 };
              outcomes.push(outcome);
              resolve(outcome);
            });
          });
          request.on("error", (error: NodeJS.ErrnoException) => {
            const outcome = { error: error.code ?? error.message, afterSignal };
            outcomes.push(outcome);
            resolve(outcome);
          });
        });
      // 16 clients in a loop until the server is gone (a refused connection); SIGTERM to the shell (as npm
      // passes it on) once 32 requests were answered, so that requests are in flight when it arrives.
      let signal: () => void = () => undefined;
      const loaded = new Promise<void>((resolve) => {
        signal = resolve;
      });
      let exited = false;
      void server.exit.then(() => {
        exited = true;
      });
      const clients = Array.from({ length: 16 }, async () => {
        while (!exited) {
          const outcome = await one();
          if (outcomes.length >= 32) signal();
          if ("error" in outcome) break;
        }
      });
      await loaded;
      signalled = true;
      server.child.kill("SIGTERM");
      await Promise.all(clients);
      agent.destroy();
      const code = await server.exit;
      const [, received, answered] = server.output().match(/received (\d+) answered (\d+)/) ?? [];
      const ok = outcomes.filter((o) => "status" in o && o.status === 200).length;
      const failed = outcomes.filter((o): o is Extract<Outcome, { error: string }> => "error" in o);

      expect(code, server.output()).toBe(0);
      expect(Number(received)).toBeGreaterThan(16);
      // Every request the server took was answered, and its client got that answer.
      expect(Number(answered)).toBe(Number(received));
      expect(ok).toBe(Number(received));
      // What failed was refused before it was accepted: after the signal, a new connection.
      expect(
        failed.every((f) => f.afterSignal && f.error === "ECONNREFUSED"),
        JSON.stringify(failed),
      ).toBe(true);
      expect(server.output()).toMatch(/Stopped: every request answered/);
      if (process.env.SHUTDOWN_TEST_REPORT) {
        console.log(`received ${received}, answered ${answered}, refused ${failed.length}`, server.output());
      }
      if (held) {
        expect(await held.released()).toEqual({ status: "pending", attempts: 0, leaseOwner: null });
      }
    } finally {
      server.child.kill("SIGKILL");
      await held?.receiver.close();
    }
  }, 180_000);

  it("cuts a request still running when the grace period ends, and still exits 0", async () => {
    const server = start("lib/testing/http-server-fixture.ts", {
      BACKROOM_SHUTDOWN_GRACE: "500ms",
      BACKROOM_DISPATCHER: "off",
    });
    try {
      const port = Number((await waitForOutput(server, /listening (\d+)/))[1]);
      const slow = new Promise<string>((resolve) => {
        const request = http.get({ host: "127.0.0.1", port, path: "/slow?ms=10000&announce" }, () =>
          resolve("answered"),
        );
        request.on("error", (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
      });
      await waitForOutput(server, /started/);
      server.child.kill("SIGTERM");
      expect(await server.exit).toBe(0);
      // Cut, not answered: the server did not wait the request's 10 s out.
      expect(await slow).toBe("ECONNRESET");
      expect(server.output()).toMatch(/cutting 1 request/);
    } finally {
      server.child.kill("SIGKILL");
    }
  }, 60_000);
});

describe.skipIf(!onPostgres)("SIGTERM to a worker", () => {
  it("releases the delivery it holds and exits 0", async () => {
    const held = await heldDelivery();
    const worker = start("scripts/worker.ts", { BACKROOM_SHUTDOWN_GRACE: "1s" });
    try {
      await held.receiver.first;
      worker.child.kill("SIGTERM");
      expect(await worker.exit, worker.output()).toBe(0);
      expect(await held.released()).toEqual({ status: "pending", attempts: 0, leaseOwner: null });
    } finally {
      worker.child.kill("SIGKILL");
      await held.receiver.close();
    }
  }, 60_000);
});
