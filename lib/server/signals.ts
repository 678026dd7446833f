/**
 * Runs `shutdown` once on the first SIGTERM or SIGINT, then exits: 0 when it finished, 1 when it threw or
 * outlived `deadlineMs` (a hung pool must not keep a stopping process alive for ever; the orchestrator's
 * SIGKILL would come anyway, without the log line).
 *
 * Later signals are logged and otherwise ignored, not taken as "stop now": under `npm start` one Ctrl-C
 * reaches the server up to three times (the terminal signals the whole process group, npm passes it on to
 * its child, and tsx's CLI to its own), so a second signal is no sign of impatience.
 *
 * `followParent`: also stop, as on SIGTERM, when the process that started this one exits. npm passes a
 * SIGTERM on to the shell it runs a script in, and that shell (dash, bash) dies of it without passing it
 * on: `kill <npm's pid>` used to leave the server running, orphaned, and holding its port. With the
 * server started straight under that shell (`node --import tsx`, no tsx CLI in between), the shell's
 * death shows as a new `process.ppid`. Only under npm (npm_lifecycle_event is set): a server started by
 * hand with `nohup … &` must outlive the shell that started it.
 */
export function onShutdownSignal(
  shutdown: (signal: NodeJS.Signals) => Promise<void>,
  options: { deadlineMs: number; log?: (line: string) => void; followParent?: boolean },
): void {
  const log = options.log ?? ((line: string) => console.log(line));
  let started = false;
  let watch: NodeJS.Timeout | undefined;
  const handle = (signal: NodeJS.Signals) => {
    if (started) {
      log(`${signal} received again: already stopping.`);
      return;
    }
    started = true;
    clearInterval(watch);
    const deadline = setTimeout(() => {
      console.error(`Shutdown did not finish within ${options.deadlineMs} ms: exiting now.`);
      process.exit(1);
    }, options.deadlineMs);
    deadline.unref();
    shutdown(signal).then(
      () => process.exit(0),
      (error: unknown) => {
        console.error("Shutdown failed:", error);
        process.exit(1);
      },
    );
  };
  process.on("SIGTERM", handle);
  process.on("SIGINT", handle);
  if (options.followParent && process.env.npm_lifecycle_event) {
    const parent = process.ppid;
    watch = setInterval(() => {
      if (process.ppid === parent) return;
      log(`The process that started this one (${parent}) has exited: stopping as on SIGTERM.`);
      handle("SIGTERM");
    }, PARENT_POLL_MS);
    watch.unref();
  }
}

const PARENT_POLL_MS = 500;
