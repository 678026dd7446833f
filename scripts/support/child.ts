import { type ChildProcess, spawn } from "node:child_process";
import os from "node:os";

/**
 * Where a child's output goes: the terminal as it comes ("inherit"), or kept and handed back whole when it
 * ends ("buffer"), so that steps running at once never interleave their lines.
 */
export type ChildOutput = "inherit" | "buffer";

export type ChildResult = {
  /** The exit code; 128 + the signal's number when a signal ended it. */
  code: number;
  /** Everything it printed, stdout and stderr in order of arrival ("" when the output was inherited). */
  output: string;
  seconds: number;
};

/**
 * Runs `command args` in `cwd` and resolves when it exits (never rejects: a child that cannot start ends with
 * code 1 and the reason as its output). `track` receives the child, for a caller that must kill it on a signal.
 */
export function runChild(
  command: string,
  args: string[],
  options: {
    cwd?: string;
    env?: NodeJS.ProcessEnv;
    output?: ChildOutput;
    track?: (child: ChildProcess) => void;
  } = {},
): Promise<ChildResult> {
  const buffered = options.output === "buffer";
  return new Promise((resolve) => {
    const started = performance.now();
    const seconds = () => (performance.now() - started) / 1000;
    const child = spawn(command, args, {
      cwd: options.cwd,
      env: options.env ?? process.env,
      stdio: buffered ? ["ignore", "pipe", "pipe"] : "inherit",
      // npm is npm.cmd on Windows, which only a shell starts.
      shell: process.platform === "win32" && !command.endsWith(".exe"),
    });
    options.track?.(child);
    const chunks: Buffer[] = [];
    child.stdout?.on("data", (chunk: Buffer) => chunks.push(chunk));
    child.stderr?.on("data", (chunk: Buffer) => chunks.push(chunk));
    const output = () => Buffer.concat(chunks).toString("utf8");
    child.once("error", (error) =>
      resolve({ code: 1, output: `${output()}${String(error)}\n`, seconds: seconds() }),
    );
    child.once("close", (code, signal) =>
      resolve({
        code: code ?? (signal ? 128 + os.constants.signals[signal] : 1),
        output: output(),
        seconds: seconds(),
      }),
    );
  });
}

/** `npm` as a command this platform can start. */
export const npmCommand = process.platform === "win32" ? "npm.cmd" : "npm";

/** Prints a buffered step's result: a ✓ or ✗ line with its name and time, then its output, if any. */
export function printStep(name: string, result: ChildResult): void {
  console.log(`${result.code === 0 ? "✓" : "✗"} ${name} (${result.seconds.toFixed(1)} s)`);
  if (result.output.trim()) console.log(result.output.trimEnd());
}
