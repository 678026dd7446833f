import os from "node:os";
import {
  cleanUp,
  prepareRun,
  printRunSummary,
  reportFailure,
  runMultiInstance,
  runPlaywright,
  signalChildren,
} from "./e2e/run";

/**
 * `npm run test:e2e [-- playwright args]`: the end-to-end tests as a user meets the app. Finds Chromium
 * (installing it where it may), builds the app and seeds a fresh database in a temporary folder (the three at
 * once), starts the production server (scripts/start.ts) on it, runs Playwright, then stops the server and
 * deletes the folder; a whole run then runs the multi-instance test on PostgreSQL on the same build. The
 * phases are in scripts/e2e/run.ts, which `npm test` (scripts/test.ts) also drives.
 *   E2E_SKIP_BUILD=1      reuse the existing .next build (local iteration)
 *   E2E_BULK_SHIPMENTS=N  shipments in the bulk store (default 10,500)
 */

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    console.error(`\n${signal}: stopping the end-to-end run.`);
    signalChildren(signal);
    void cleanUp().finally(() => process.exit(128 + os.constants.signals[signal]));
  });
}

let exitCode = 1;
try {
  const playwrightArgs = process.argv.slice(2);
  exitCode = await runPlaywright(await prepareRun({ output: "inherit" }), playwrightArgs);
  // A whole run (no Playwright arguments: not `-- smoke` while iterating) ends with the multi-instance test.
  if (playwrightArgs.length === 0) {
    const multi = await runMultiInstance();
    if (exitCode === 0) exitCode = multi;
  }
} catch (error) {
  reportFailure(error);
} finally {
  await cleanUp();
}
printRunSummary();
process.exit(exitCode);
