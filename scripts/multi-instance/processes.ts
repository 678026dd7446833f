import { type ChildProcess, spawn } from "node:child_process";
import { createWriteStream, readFileSync } from "node:fs";
import path from "node:path";

/**
 * The processes of the multi-instance test: app instances (scripts/start.ts) and webhook workers
 * (scripts/worker.ts), each run as `node --import tsx …` directly, so the pid is the server itself and a
 * SIGKILL to it is a crash, not the death of an npm wrapper that leaves the server running. Each gets its
 * own process group, so stopping one also stops anything it started, and every one is registered here so
 * the runner can stop them all whatever way it ends.
 */

export type Proc = {
  name: string;
  child: ChildProcess;
  logFile: string;
  exited: Promise<void>;
  /** Everything it printed so far (stdout and stderr). */
  output: () => string;
};

const running = new Set<Proc>();
const KILL_AFTER_MS = 10_000;

export function spawnProc(
  root: string,
  logDir: string,
  name: string,
  args: string[],
  env: NodeJS.ProcessEnv,
) {
  const logFile = path.join(logDir, `${name}.log`);
  const log = createWriteStream(logFile);
  let output = "";
  const child = spawn(process.execPath, ["--import", "tsx", ...args], {
    cwd: root,
    env,
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
  });
  for (const stream of [child.stdout, child.stderr]) {
    stream?.on("data", (chunk: Buffer) => {
      // Keep the head (start-up lines, worker id) and the tail; a chatty process cannot fill memory.
      output = output.length > 200_000 ? output.slice(0, 50_000) + output.slice(-50_000) : output;
      output += chunk.toString("utf8");
      log.write(chunk);
    });
  }
  const exited = new Promise<void>((resolve) => {
    child.once("exit", () => {
      running.delete(proc);
      log.end();
      resolve();
    });
    child.once("error", () => resolve());
  });
  const proc: Proc = { name, child, logFile, exited, output: () => output };
  running.add(proc);
  return proc;
}

function signalGroup(proc: Proc, signal: NodeJS.Signals): void {
  try {
    if (proc.child.pid) process.kill(-proc.child.pid, signal);
  } catch {
    // already gone
  }
}

export function isRunning(proc: Proc): boolean {
  return proc.child.exitCode === null && proc.child.signalCode === null;
}

/** A crash: SIGKILL to the process group, no chance to release leases or finish requests. */
export async function killHard(proc: Proc): Promise<void> {
  signalGroup(proc, "SIGKILL");
  await proc.exited;
}

/** Graceful stop (SIGTERM), then SIGKILL if it is still there after 10 s. */
export async function stopProc(proc: Proc): Promise<void> {
  if (!isRunning(proc)) return;
  signalGroup(proc, "SIGTERM");
  const killer = setTimeout(() => signalGroup(proc, "SIGKILL"), KILL_AFTER_MS);
  await proc.exited;
  clearTimeout(killer);
  signalGroup(proc, "SIGKILL");
}

export async function stopAll(): Promise<void> {
  await Promise.all([...running].map((proc) => stopProc(proc)));
}

/** Last use on the way out (process `exit`): only synchronous work runs there. */
export function killAllNow(): void {
  for (const proc of running) signalGroup(proc, "SIGKILL");
}

export function tail(proc: Proc, lines = 25): string {
  try {
    return readFileSync(proc.logFile, "utf8").split("\n").slice(-lines).join("\n");
  } catch {
    return proc.output().split("\n").slice(-lines).join("\n");
  }
}

/** Runs a CLI to its end; resolves with its stdout, rejects with its output on a non-zero exit. */
export async function runToEnd(
  root: string,
  logDir: string,
  name: string,
  args: string[],
  env: NodeJS.ProcessEnv,
): Promise<string> {
  const proc = spawnProc(root, logDir, name, args, env);
  let stdout = "";
  proc.child.stdout?.on("data", (chunk: Buffer) => {
    stdout += chunk.toString("utf8");
  });
  await proc.exited;
  if (proc.child.exitCode !== 0)
    throw new Error(`${name} failed (exit ${proc.child.exitCode}):\n${tail(proc)}`);
  return stdout;
}

/** Waits for an app instance's readiness (200 on /api/health/ready); fails if it exits first. */
export async function waitReady(proc: Proc, url: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (!isRunning(proc)) throw new Error(`${proc.name} exited before it was ready:\n${tail(proc)}`);
    try {
      const response = await fetch(`${url}/api/health/ready`, { signal: AbortSignal.timeout(5_000) });
      await response.body?.cancel();
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${proc.name} was not ready at ${url} within ${timeoutMs / 1000} s:\n${tail(proc)}`);
}

/** Waits for a worker's start-up line and returns its worker id (the lease owner it writes). */
export async function waitWorker(proc: Proc, timeoutMs: number): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const match = /Webhook worker (\S+) started/.exec(proc.output());
    if (match?.[1]) return match[1];
    if (!isRunning(proc)) throw new Error(`${proc.name} exited before it started:\n${tail(proc)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${proc.name} did not start within ${timeoutMs / 1000} s:\n${tail(proc)}`);
}
