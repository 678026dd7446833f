import type { ChildProcess } from "node:child_process";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import {
  cleanUp,
  prepareRun,
  printRunSummary,
  reportFailure,
  runMultiInstance,
  runPlaywright,
  signalChildren,
} from "./e2e/run";
import { printChecks, runChecks } from "./support/checks";
import { runChild } from "./support/child";

/**
 * `npm test`: every check and every test, arranged to keep two cores busy.
 * 1. At once:
 *    - the static checks (`npm run check`), their output printed whole when they end; a failure stops the run;
 *    - Vitest (`vitest run`), at a lower CPU priority;
 *    - the end-to-end run (scripts/e2e/run.ts): Chromium, `next build` and the seed (their output printed
 *      whole as each ends), then the servers and Playwright.
 *    The end-to-end tests are the longest path, and they wait for the build; Vitest's integration files spend
 *    most of their time waiting on their database (alone, the Vitest processes used under one core of two).
 *    At a lower priority Vitest takes the CPU the build, the browsers and the servers leave, instead of
 *    slowing that path down. Both write their lines as they come: Vitest's carry their project's name
 *    (unit, pglite, postgres), Playwright's their spec file.
 * 2. When both passed: the multi-instance test (four processes of its own, which need the cores).
 */

const require = createRequire(import.meta.url);
const vitestBin = path.join(path.dirname(require.resolve("vitest/package.json")), "vitest.mjs");
/** Unix niceness for Vitest (0 is normal, 19 the lowest): it yields the CPU to the end-to-end path. */
const VITEST_NICENESS = 10;

let vitest: ChildProcess | undefined;
function stopEverything(signal: NodeJS.Signals): void {
  vitest?.kill(signal);
  signalChildren(signal);
}
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    console.error(`\n${signal}: stopping the test run.`);
    stopEverything(signal);
    void cleanUp().finally(() => process.exit(128 + os.constants.signals[signal]));
  });
}

async function main(): Promise<number> {
  const started = performance.now();
  const elapsed = () => `${((performance.now() - started) / 1000).toFixed(0)} s`;
  let checksFailed = false;
  const checks = runChecks().then((results) => {
    console.log("\n— npm run check —");
    const passed = printChecks(results);
    // As `npm run check && ...` did: minutes of tests are not worth waiting for when the code does not
    // type-check or lint.
    if (!passed) {
      checksFailed = true;
      stopEverything("SIGTERM");
    }
    return passed;
  });
  const unitAndIntegration = runChild(process.execPath, [vitestBin, "run"], {
    track: (child) => {
      vitest = child;
      // Set before Vitest starts its workers (it loads its config first), which inherit it.
      if (child.pid !== undefined) {
        try {
          os.setPriority(child.pid, VITEST_NICENESS);
        } catch {
          // Not allowed here (some Windows setups): it then runs at normal priority, only slower overall.
        }
      }
    },
  }).then((result) => {
    console.log(`\nVitest ended after ${elapsed()} (exit code ${result.code}).`);
    return result.code;
  });
  const endToEnd = prepareRun({ output: "buffer" })
    .then((run) => (checksFailed ? 1 : runPlaywright(run, [])))
    .then(
      (code) => {
        console.log(`\nPlaywright ended after ${elapsed()} (exit code ${code}).`);
        return code;
      },
      (error: unknown) => {
        reportFailure(error);
        return 1;
      },
    );
  const [checksPassed, vitestCode, playwrightCode] = await Promise.all([
    checks,
    unitAndIntegration,
    endToEnd,
  ]);
  const failed = [
    ...(checksPassed ? [] : ["npm run check"]),
    ...(checksFailed || vitestCode === 0 ? [] : ["vitest run"]),
    ...(checksFailed || playwrightCode === 0 ? [] : ["the end-to-end tests"]),
  ];
  if (failed.length > 0) {
    console.error(`\nFailed after ${elapsed()}: ${failed.join(", ")}. The multi-instance test did not run.`);
    return 1;
  }
  console.log(`\nChecks, Vitest and Playwright passed after ${elapsed()}; now the multi-instance test.`);
  return runMultiInstance();
}

let exitCode = 1;
try {
  exitCode = await main();
} catch (error) {
  reportFailure(error);
} finally {
  await cleanUp();
}
printRunSummary();
process.exit(exitCode);
