/**
 * Runs `shutdown` once on the first SIGTERM or SIGINT, then exits: 0 when it finished, 1 when it threw or
 * outlived `deadlineMs` (a hung pool must not keep a stopping process alive for ever; the orchestrator's
 * SIGKILL would come anyway, without the log line).
 *
 * Later signals are logged and otherwise ignored, not taken as "stop now": under `npm start` one Ctrl-C
 * reaches the server up to three times (the terminal signals the whole process group, npm passes it on to
 * its child, and tsx's CLI to its own), so a second signal is no sign of impatience.
 */
export function onShutdownSignal(
  shutdown: (signal: NodeJS.Signals) => Promise<void>,
  options: { deadlineMs: number; log?: (line: string) => void },
): void {
  const log = options.log ?? ((line: string) => console.log(line));
  let started = false;
  const handle = (signal: NodeJS.Signals) => {
    if (started) {
      log(`${signal} received again: already stopping.`);
      return;
    }
    started = true;
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
}
