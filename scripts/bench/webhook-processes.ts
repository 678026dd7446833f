import { type ChildProcess, spawn } from "node:child_process";
import type { ReceiverMessage } from "./webhook-receiver";

/**
 * The processes bench:webhooks drives: the receiver (scripts/bench/webhook-receiver.ts) and worker processes
 * (scripts/worker.ts, exactly what `npm run worker` runs). Their pids are exposed so the bench can read their
 * CPU time from /proc.
 */

/** The application_name of the workers' connections, so their PostgreSQL backends can be told apart. */
export const WORKER_APPLICATION_NAME = "bench-webhooks-worker";

export type Receiver = Awaited<ReturnType<typeof startReceiver>>;

/** Starts the receiver and mirrors its arrivals (first per delivery) here. */
export async function startReceiver() {
  const arrivals = new Map<string, { eventId: string; at: number }>();
  const child = spawn(process.execPath, ["--import", "tsx", "scripts/bench/webhook-receiver.ts"], {
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  let onRequests: ((n: number) => void) | null = null;
  const port = await new Promise<number>((resolve, reject) => {
    child.once("exit", (code) => reject(new Error(`the receiver exited with ${code}`)));
    child.on("message", (message: ReceiverMessage) => {
      if (message.kind === "ready") resolve(message.port);
      else if (message.kind === "arrival") arrivals.set(message.deliveryId, message);
      else onRequests?.(message.n);
    });
  });
  return {
    url: `http://127.0.0.1:${port}/bench-webhooks`,
    pid: child.pid as number,
    arrivals,
    requests: () =>
      new Promise<number>((resolve) => {
        onRequests = resolve;
        child.send("requests");
      }),
    close: () =>
      new Promise<void>((resolve) => {
        child.removeAllListeners("exit");
        child.once("exit", () => resolve());
        child.send("close");
      }),
  };
}

export type Worker = { child: ChildProcess; ready: Promise<void>; output: () => string };

/** `extraArgs` go to node before the script (e.g. --cpu-prof). */
export function spawnWorker(databaseUrl: string, extraArgs: readonly string[] = []): Worker {
  let output = "";
  const url = new URL(databaseUrl);
  url.searchParams.set("application_name", WORKER_APPLICATION_NAME);
  const child = spawn(process.execPath, [...extraArgs, "--import", "tsx", "scripts/worker.ts"], {
    env: {
      ...process.env,
      DATABASE_URL: url.toString(),
      BACKROOM_ALLOW_PRIVATE_WEBHOOK_URLS: "true",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const ready = new Promise<void>((resolve, reject) => {
    child.stdout?.on("data", (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes("started")) resolve();
    });
    child.stderr?.on("data", (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.once("exit", (code, signal) =>
      reject(new Error(`worker exited (${code ?? signal}) before starting:\n${output}`)),
    );
  });
  ready.catch(() => undefined);
  return { child, ready, output: () => output };
}

export async function stopWorker(worker: Worker): Promise<void> {
  const { child } = worker;
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  child.kill("SIGTERM");
  const timer = setTimeout(() => child.kill("SIGKILL"), 15_000);
  await exited;
  clearTimeout(timer);
}
