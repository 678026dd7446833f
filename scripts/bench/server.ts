import { type ChildProcess, spawn } from "node:child_process";
import { closeSync, openSync } from "node:fs";

/**
 * The production server a benchmark measures (`npm start`, so it runs with the production start's V8 flags),
 * started in its own process group and stopped with it whatever way the benchmark ends: at its end, on
 * Ctrl-C or SIGTERM, or when it throws (the process's `exit`). Before, `npm run bench:api` left it running
 * and holding the port.
 *
 * Stopping sends SIGTERM to the whole group (npm, sh, tsx's CLI and the node server under them: npm may not
 * pass a signal on) and SIGKILL if it has not exited 10 s later.
 */
export type BenchServer = { child: ChildProcess; stop(): Promise<void> };

const KILL_AFTER_MS = 10_000;

export async function startBenchServer(options: {
  port: number;
  env: Record<string, string>;
  /** Where the server's output goes (its request log: one line a request); by default the terminal. */
  logFile?: string;
}): Promise<BenchServer> {
  const output = options.logFile ? openSync(options.logFile, "w") : "inherit";
  const child = spawn("npm", ["start", "--", "-p", String(options.port)], {
    env: { ...process.env, ...options.env },
    stdio: ["ignore", output, output],
    detached: true,
  });
  if (typeof output === "number") closeSync(output);
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const signalGroup = (signal: NodeJS.Signals) => {
    try {
      if (child.pid) process.kill(-child.pid, signal);
    } catch {
      // the group is gone
    }
  };
  let stopping: Promise<void> | undefined;
  const stop = () => {
    stopping ??= (async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      signalGroup("SIGTERM");
      const killer = setTimeout(() => signalGroup("SIGKILL"), KILL_AFTER_MS);
      await exited;
      clearTimeout(killer);
      // npm may exit before the server under it: make sure nothing of the group is left.
      signalGroup("SIGKILL");
    })();
    return stopping;
  };
  // An error that ends the benchmark, or process.exit: the group must not outlive it. Only synchronous
  // work runs in `exit`, so the server gets SIGTERM (and stops gracefully on its own), not a wait.
  const onExit = () => signalGroup("SIGTERM");
  process.once("exit", onExit);
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.once(signal, () => {
      console.error(`\n${signal}: stopping the benchmark's server.`);
      void stop().finally(() => process.exit(130));
    });
  }
  void exited.then(() => process.off("exit", onExit));

  const readyUrl = `http://127.0.0.1:${options.port}/api/health/ready`;
  for (let i = 0; i < 240; i++) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    if (child.exitCode !== null) break;
    try {
      if ((await fetch(readyUrl)).ok) return { child, stop };
    } catch {
      // not up yet
    }
  }
  await stop();
  throw new Error("the server did not start (run `npm run build` first)");
}
