import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import {
  BASE_URL_ENV,
  CONTEXT_FILE_ENV,
  RUN_DIR_ENV,
  SETUP_BASE_URL_ENV,
  SETUP_LOG_FILE_ENV,
} from "../e2e/support/run-context";
import { browserVersion } from "./e2e/browser";
import { freePort, runEnv, type ServerHandle, startServer } from "./e2e/server";
import { createTestDatabase, probeServer, type TestDatabase } from "./support/test-database";

/**
 * `npm run test:e2e [-- playwright args]`: the end-to-end tests as a user meets the app. Finds Chromium
 * (installing it where it may), builds the app and seeds a fresh embedded database in a temporary folder (the
 * three at once), starts the production server (scripts/start.ts) on it, runs Playwright, then stops the
 * server and deletes the folder.
 * A whole run then runs the multi-instance test on PostgreSQL (scripts/multi-instance.ts) on the same build.
 * With TEST_DATABASE_URL set (CI), the seeded server runs on a fresh PostgreSQL database of that server
 * instead, dropped at the end: the database then works in its own processes beside the app's single
 * thread, and the embedded database still serves the setup server (docs/testing.md has the figures).
 *   E2E_SKIP_BUILD=1      reuse the existing .next build (local iteration)
 *   E2E_BULK_SHIPMENTS=N  shipments in the bulk store (default 10,500)
 */

const root = path.resolve(import.meta.dirname, "..");
const require = createRequire(import.meta.url);
const nextBin = require.resolve("next/dist/bin/next");
// `npm start`'s server (scripts/start.ts), so the tests meet what production runs.
const serverCommand = [require.resolve("tsx/cli"), path.join(root, "scripts/start.ts")];
const playwrightCli = require.resolve("@playwright/test/cli");
const artifactsDir = path.join(root, "e2e", "artifacts");
const screenshotsDir = path.join(artifactsDir, "screenshots");
const bulkShipments = Number(process.env.E2E_BULK_SHIPMENTS ?? 10_500);

const timings: [string, number][] = [];
async function timed<T>(name: string, work: () => Promise<T> | T): Promise<T> {
  const started = performance.now();
  try {
    return await work();
  } finally {
    timings.push([name, performance.now() - started]);
  }
}

/** Runs a child with the terminal attached; resolves with its exit code. */
function runChild(args: string[], env: NodeJS.ProcessEnv, track?: (child: ChildProcess) => void) {
  return new Promise<number>((resolve, reject) => {
    const child = spawn(process.execPath, args, { cwd: root, env, stdio: "inherit" });
    track?.(child);
    child.once("error", reject);
    child.once("exit", (code, signal) => resolve(code ?? (signal ? 128 + os.constants.signals[signal] : 1)));
  });
}

class StepFailed extends Error {}

let server: ServerHandle | undefined;
let setupServer: ServerHandle | undefined;
let runDir: string | undefined;
let runDatabase: TestDatabase | undefined;
let playwright: ChildProcess | undefined;
let multiInstance: ChildProcess | undefined;
let cleaning: Promise<void> | undefined;

function cleanUp(): Promise<void> {
  cleaning ??= (async () => {
    await Promise.all(
      [server, setupServer].map((s) =>
        s?.stop().catch((error: unknown) => console.error("Could not stop a server:", error)),
      ),
    );
    if (runDir) rmSync(runDir, { recursive: true, force: true });
    await runDatabase
      ?.drop()
      .catch((error: unknown) => console.error(`Could not drop ${runDatabase?.name}:`, error));
  })();
  return cleaning;
}

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    console.error(`\n${signal}: stopping the end-to-end run.`);
    playwright?.kill(signal);
    multiInstance?.kill(signal);
    void cleanUp().finally(() => process.exit(128 + os.constants.signals[signal]));
  });
}

/** The run's own database on TEST_DATABASE_URL's server when that is set; undefined: the embedded one. */
async function postgresForRun(): Promise<TestDatabase | undefined> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) return undefined;
  const probe = await probeServer(serverUrl);
  if (probe.skip)
    throw new StepFailed(`TEST_DATABASE_URL is set, but PostgreSQL did not answer: ${probe.reason}`);
  return createTestDatabase(serverUrl, "backroom_e2e_");
}

async function main(): Promise<number> {
  runDir = mkdtempSync(path.join(os.tmpdir(), "backroom-e2e-"));
  const contextFile = path.join(runDir, "context.json");
  const browserFile = path.join(runDir, "browser.json");
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  runDatabase = await postgresForRun();
  const env = runEnv(process.env, {
    dataDir: path.join(runDir, "data"),
    port,
    url,
    databaseUrl: runDatabase?.url,
  });

  // Three independent steps at once, each a child process: finding (on a fresh machine installing) Chromium
  // waits on the network and the disk, `next build` and the seed on the CPU. The build is `npm run build`'s,
  // unchanged; the seed writes to the run's own folder, which nothing else opens until it has finished.
  const skipBuild = process.env.E2E_SKIP_BUILD === "1" && existsSync(path.join(root, ".next", "BUILD_ID"));
  if (skipBuild) console.log("E2E_SKIP_BUILD=1: using the existing build in .next.");
  const seeded = runDatabase ? `PostgreSQL database ${runDatabase.name}` : `database in ${runDir}`;
  console.log(`Seeding a fresh ${seeded}: demo data and ${bulkShipments} bulk shipments...`);
  const seedArgs = ["--import", "tsx", "scripts/e2e/seed-cli.ts", String(bulkShipments), contextFile];
  const [browserCode, buildCode, seedCode] = await timed("all three at once", () =>
    Promise.all([
      timed("browser", () =>
        runChild(["--import", "tsx", "scripts/e2e/browser-cli.ts", browserFile], process.env),
      ),
      skipBuild ? 0 : timed("build", () => runChild([nextBin, "build"], process.env)),
      timed("seed", () => runChild(seedArgs, env)),
    ]),
  );
  if (browserCode !== 0) throw new StepFailed(`No Chromium to test with (exit code ${browserCode}).`);
  if (buildCode !== 0) throw new StepFailed(`next build failed (exit code ${buildCode}).`);
  if (seedCode !== 0) throw new StepFailed(`Seeding failed (exit code ${seedCode}).`);
  const browser = JSON.parse(readFileSync(browserFile, "utf8")) as { path: string; source: string };
  console.log(`Chromium: ${browser.path} (${browser.source}) ${browserVersion(browser.path) ?? ""}`.trim());

  rmSync(screenshotsDir, { recursive: true, force: true });
  mkdirSync(screenshotsDir, { recursive: true });
  const logFile = path.join(artifactsDir, "server.log");
  // A second server on an empty database (never seeded, no demo): it prints a setup link for setup.spec.ts.
  const setupPort = await freePort();
  const setupUrl = `http://127.0.0.1:${setupPort}`;
  const setupEnv = runEnv(process.env, {
    dataDir: path.join(runDir, "empty"),
    port: setupPort,
    url: setupUrl,
  });
  const setupLogFile = path.join(artifactsDir, "setup-server.log");
  const started = await timed("servers ready", () =>
    Promise.allSettled([
      startServer({ serverCommand, port, env, logFile, timeoutMs: 120_000 }),
      startServer({
        serverCommand,
        port: setupPort,
        env: setupEnv,
        logFile: setupLogFile,
        timeoutMs: 120_000,
      }),
    ]),
  );
  // Keep whichever started, so cleanUp stops it even when the other failed.
  [server, setupServer] = started.map((result) => (result.status === "fulfilled" ? result.value : undefined));
  const failed = started.find((result) => result.status === "rejected");
  if (failed) throw failed.reason;
  console.log(`Server up at ${url} (log: ${path.relative(root, logFile)}).`);
  console.log(`Empty server for setup at ${setupUrl} (log: ${path.relative(root, setupLogFile)}).\n`);

  const testEnv = {
    ...process.env,
    [BASE_URL_ENV]: url,
    [CONTEXT_FILE_ENV]: contextFile,
    [RUN_DIR_ENV]: runDir,
    [SETUP_BASE_URL_ENV]: setupUrl,
    [SETUP_LOG_FILE_ENV]: setupLogFile,
    E2E_CHROMIUM_PATH: browser.path,
  };
  const args = [playwrightCli, "test", ...process.argv.slice(2)];
  const code = await timed("tests", () => runChild(args, testEnv, (child) => (playwright = child)));
  // A whole run (no Playwright arguments: not `-- smoke` while iterating) ends with the multi-instance test
  // on PostgreSQL (docs/operations.md), on this build, so `npm test` covers it. The e2e servers are stopped
  // first: the four processes it starts need the machine's cores. Without PostgreSQL it says SKIPPED.
  if (process.argv.length > 2) return code;
  await cleanUp();
  const multi = await timed("multi-instance", () =>
    runChild(
      ["--import", "tsx", "scripts/multi-instance.ts"],
      process.env,
      (child) => (multiInstance = child),
    ),
  );
  return code !== 0 ? code : multi;
}

let exitCode = 1;
try {
  exitCode = await main();
} catch (error) {
  if (error instanceof StepFailed) console.error(`\n${error.message}`);
  else console.error("\nThe end-to-end run failed:", error);
} finally {
  await cleanUp();
}

if (timings.some(([name]) => name === "tests")) {
  const screenshots = existsSync(screenshotsDir) ? readdirSync(screenshotsDir).length : 0;
  console.log(`\nScreenshots (${screenshots}): ${path.relative(root, screenshotsDir)}/`);
  console.log(
    `Traces and screenshots of failed tests: ${path.relative(root, path.join(artifactsDir, "test-results"))}/`,
  );
}
console.log(`Timings: ${timings.map(([name, ms]) => `${name} ${(ms / 1000).toFixed(1)} s`).join(", ")}`);
process.exit(exitCode);
