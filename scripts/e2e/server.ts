import { type ChildProcess, spawn } from "node:child_process";
import { createWriteStream, readFileSync } from "node:fs";
import { createServer } from "node:net";

/** A port nobody listens on now (the OS picks it); the server binds it a moment later. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.unref();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === "object" && address ? resolve(address.port) : reject(new Error("No port")),
      );
    });
  });
}

export type ServerHandle = {
  url: string;
  logFile: string;
  /** Stops the server and waits until it has exited (its database lock is then released). */
  stop: () => Promise<void>;
};

/**
 * Starts the production server (scripts/start.ts) on 127.0.0.1:`port` with `env`, its output going to `logFile`, and resolves once it
 * answers HTTP. Rejects (after stopping it) if it exits or does not answer within `timeoutMs`.
 */
export async function startServer(options: {
  /** The production server's entry (scripts/start.ts, run with tsx's CLI). */
  serverCommand: string[];
  port: number;
  env: NodeJS.ProcessEnv;
  logFile: string;
  timeoutMs: number;
}): Promise<ServerHandle> {
  const url = `http://127.0.0.1:${options.port}`;
  const log = createWriteStream(options.logFile);
  // Its own process group: the terminal's Ctrl-C reaches the runner, which stops the server in order.
  const child = spawn(
    process.execPath,
    [...options.serverCommand, "--port", String(options.port), "--hostname", "127.0.0.1"],
    { env: options.env, detached: true, stdio: ["ignore", "pipe", "pipe"] },
  );
  child.stdout?.pipe(log);
  child.stderr?.pipe(log);
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  const stop = () => stopProcessGroup(child, exited).finally(() => log.end());

  try {
    await waitUntilAnswering(url, exited, options.timeoutMs);
  } catch (error) {
    await stop();
    const tail = readFileSync(options.logFile, "utf8").split("\n").slice(-30).join("\n");
    throw new Error(`${(error as Error).message}\nLast lines of ${options.logFile}:\n${tail}`);
  }
  return { url, logFile: options.logFile, stop };
}

async function waitUntilAnswering(url: string, exited: Promise<number | null>, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  let exitCode: number | null | undefined;
  exited.then((code) => {
    exitCode = code;
  });
  while (Date.now() < deadline) {
    if (exitCode !== undefined) throw new Error(`The server exited with code ${exitCode} before answering.`);
    try {
      // Any answer below 500 means it is up: the home page may redirect to the sign-in page.
      const response = await fetch(url, { redirect: "manual", signal: AbortSignal.timeout(10_000) });
      await response.body?.cancel();
      if (response.status < 500) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`The server did not answer at ${url} within ${timeoutMs / 1000} s.`);
}

async function stopProcessGroup(child: ChildProcess, exited: Promise<unknown>): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) return;
  const signal = (name: NodeJS.Signals) => {
    try {
      process.kill(-(child.pid as number), name);
    } catch {
      // already gone
    }
  };
  signal("SIGTERM");
  const killed = setTimeout(() => signal("SIGKILL"), 10_000);
  await exited;
  clearTimeout(killed);
}

/** Set in the seed's environment when DATABASE_URL names the run's own database, which it may fill. */
export const RUN_OWNS_DATABASE_ENV = "E2E_RUN_OWNS_DATABASE";

/**
 * The environment of the seed and the server: the run's own database, never the caller's DATABASE_URL (a run
 * must never write to someone's real database): the embedded one in `dataDir`, or `databaseUrl`, a PostgreSQL
 * database the run created. Webhooks may reach the tests' local receiver, and retries are seconds apart so a
 * test can watch one.
 */
export function runEnv(
  base: Readonly<Record<string, string | undefined>>,
  run: { dataDir: string; port: number; url: string; databaseUrl?: string },
): NodeJS.ProcessEnv {
  const { DATABASE_URL: _ignored, [RUN_OWNS_DATABASE_ENV]: _unset, ...rest } = base;
  return {
    ...rest,
    ...(run.databaseUrl ? { DATABASE_URL: run.databaseUrl, [RUN_OWNS_DATABASE_ENV]: "1" } : {}),
    NODE_ENV: "production",
    BACKROOM_DATA_DIR: run.dataDir,
    BACKROOM_DISPATCHER: "in-process",
    BACKROOM_ALLOW_PRIVATE_WEBHOOK_URLS: "true",
    BACKROOM_WEBHOOK_RETRY_SCHEDULE: "1s,2s",
    BACKROOM_PUBLIC_URL: run.url,
    PORT: String(run.port),
  };
}
