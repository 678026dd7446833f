import type { ChildProcess } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import {
  BASE_URL_ENV,
  CONTEXT_FILE_ENV,
  MAIL_INBOX_URL_ENV,
  RUN_DIR_ENV,
  SETUP_BASE_URL_ENV,
  SETUP_LOG_FILE_ENV,
} from "../../e2e/support/run-context";
import { type MailCatcher, startMailCatcher } from "../../lib/dev-mail/catcher";
import { type ChildOutput, type ChildResult, printStep, runChild } from "../support/child";
import { createTestDatabase, probeServer, type TestDatabase } from "../support/test-database";
import { browserVersion } from "./browser";
import { freePort, runEnv, type ServerHandle, startServer } from "./server";

/**
 * The end-to-end run in its two phases, for `npm run test:e2e` (scripts/e2e.ts: one after the other) and
 * `npm test` (scripts/test.ts: beside Vitest):
 * - `prepareRun`: finds (on a fresh machine installs) Chromium, builds the app and seeds a fresh database,
 *   the three at once;
 * - `runPlaywright`: starts the production server (scripts/start.ts) on the seeded database and a second one
 *   on an empty database, and runs Playwright;
 * - `runMultiInstance`: the multi-instance test on PostgreSQL (scripts/multi-instance.ts) on the same build.
 * `cleanUp` stops the servers and deletes the run's folder and database, whatever happened.
 * With TEST_DATABASE_URL set (CI), the seeded server runs on a fresh PostgreSQL database of that server
 * instead of the embedded one, dropped at the end (docs/testing.md has the figures).
 *   E2E_SKIP_BUILD=1      reuse the existing .next build (local iteration)
 *   E2E_BULK_SHIPMENTS=N  shipments in the bulk store (default 10,500)
 */

const root = path.resolve(import.meta.dirname, "..", "..");
const require = createRequire(import.meta.url);
const nextBin = require.resolve("next/dist/bin/next");
// `npm start`'s server (scripts/start.ts), so the tests meet what production runs.
const serverCommand = [require.resolve("tsx/cli"), path.join(root, "scripts/start.ts")];
const playwrightCli = require.resolve("@playwright/test/cli");
const artifactsDir = path.join(root, "e2e", "artifacts");
const screenshotsDir = path.join(artifactsDir, "screenshots");
const bulkShipments = Number(process.env.E2E_BULK_SHIPMENTS ?? 10_500);

export class StepFailed extends Error {}

const timings: [string, number][] = [];
async function timed<T>(name: string, work: () => Promise<T> | T): Promise<T> {
  const started = performance.now();
  try {
    return await work();
  } finally {
    timings.push([name, performance.now() - started]);
  }
}

let server: ServerHandle | undefined;
let mailCatcher: MailCatcher | undefined;
let setupServer: ServerHandle | undefined;
let runDir: string | undefined;
let runDatabase: TestDatabase | undefined;
const children = new Set<ChildProcess>();
let cleaning: Promise<void> | undefined;
const track = (child: ChildProcess) => {
  children.add(child);
  child.once("exit", () => children.delete(child));
};

/** Passes `signal` on to the run's children (Playwright, the multi-instance test, the build, the seed). */
export function signalChildren(signal: NodeJS.Signals): void {
  for (const child of children) child.kill(signal);
}

/** Stops the servers, deletes the run's folder and drops its database; once, however often it is called. */
export function cleanUp(): Promise<void> {
  cleaning ??= (async () => {
    await Promise.all(
      [server, setupServer].map((s) =>
        s?.stop().catch((error: unknown) => console.error("Could not stop a server:", error)),
      ),
    );
    await mailCatcher
      ?.close()
      .catch((error: unknown) => console.error("Could not stop the mail catcher:", error));
    if (runDir) rmSync(runDir, { recursive: true, force: true });
    await runDatabase
      ?.drop()
      .catch((error: unknown) => console.error(`Could not drop ${runDatabase?.name}:`, error));
  })();
  return cleaning;
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

export type PreparedRun = {
  runDir: string;
  contextFile: string;
  port: number;
  url: string;
  env: NodeJS.ProcessEnv;
  browser: { path: string; source: string };
};

/**
 * Finds Chromium, builds and seeds, the three at once (each a child process: finding, on a fresh machine
 * installing, Chromium waits on the network and the disk, `next build` and the seed on the CPU). The build is
 * `npm run build`'s, unchanged; the seed writes to the run's own folder or database, which nothing else opens
 * until it has finished. `output: "buffer"` keeps each child's output and prints it whole when it ends.
 */
export async function prepareRun({ output }: { output: ChildOutput }): Promise<PreparedRun> {
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

  const skipBuild = process.env.E2E_SKIP_BUILD === "1" && existsSync(path.join(root, ".next", "BUILD_ID"));
  if (skipBuild) console.log("E2E_SKIP_BUILD=1: using the existing build in .next.");
  const seeded = runDatabase ? `PostgreSQL database ${runDatabase.name}` : `database in ${runDir}`;
  console.log(`Seeding a fresh ${seeded}: demo data and ${bulkShipments} bulk shipments...`);
  const node = (args: string[], childEnv: NodeJS.ProcessEnv) =>
    runChild(process.execPath, args, { cwd: root, env: childEnv, output, track });
  // A buffered step prints its output as soon as it ends, so a failed build is read while the rest goes on.
  const step = (name: string, work: () => Promise<ChildResult>) =>
    timed(name, async () => {
      const result = await work();
      if (output === "buffer") printStep(`e2e ${name}`, result);
      return result.code;
    });
  const seedArgs = ["--import", "tsx", "scripts/e2e/seed-cli.ts", String(bulkShipments), contextFile];
  const [browserCode, buildCode, seedCode] = await timed("browser, build and seed", () =>
    Promise.all([
      step("browser", () =>
        node(["--import", "tsx", "scripts/e2e/browser-cli.ts", browserFile], process.env),
      ),
      skipBuild ? 0 : step("build", () => node([nextBin, "build"], process.env)),
      step("seed", () => node(seedArgs, env)),
    ]),
  );
  if (browserCode !== 0) throw new StepFailed(`No Chromium to test with (exit code ${browserCode}).`);
  if (buildCode !== 0) throw new StepFailed(`next build failed (exit code ${buildCode}).`);
  if (seedCode !== 0) throw new StepFailed(`Seeding failed (exit code ${seedCode}).`);
  const browser = JSON.parse(readFileSync(browserFile, "utf8")) as PreparedRun["browser"];
  console.log(`Chromium: ${browser.path} (${browser.source}) ${browserVersion(browser.path) ?? ""}`.trim());
  return { runDir, contextFile, port, url, env, browser };
}

const runNode = (args: string[], env: NodeJS.ProcessEnv) =>
  runChild(process.execPath, args, { cwd: root, env, track }).then((result) => result.code);

/**
 * Starts the seeded server and the empty one, runs Playwright with `playwrightArgs` and stops both servers.
 * Resolves with Playwright's exit code.
 */
export async function runPlaywright(prepared: PreparedRun, playwrightArgs: string[]): Promise<number> {
  const { port, url } = prepared;
  // The seeded server e-mails through a real local SMTP server; specs read its inbox (E2E_MAIL_INBOX_URL).
  mailCatcher = await startMailCatcher();
  const env = { ...prepared.env, BACKROOM_SMTP_URL: mailCatcher.smtpUrl };
  rmSync(screenshotsDir, { recursive: true, force: true });
  mkdirSync(screenshotsDir, { recursive: true });
  const logFile = path.join(artifactsDir, "server.log");
  // A second server on an empty database (never seeded, no demo): it prints a setup link for setup.spec.ts.
  const setupPort = await freePort();
  const setupUrl = `http://127.0.0.1:${setupPort}`;
  const setupEnv = runEnv(process.env, {
    dataDir: path.join(prepared.runDir, "empty"),
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
    [CONTEXT_FILE_ENV]: prepared.contextFile,
    [RUN_DIR_ENV]: prepared.runDir,
    [SETUP_BASE_URL_ENV]: setupUrl,
    [SETUP_LOG_FILE_ENV]: setupLogFile,
    [MAIL_INBOX_URL_ENV]: mailCatcher.inboxUrl,
    E2E_CHROMIUM_PATH: prepared.browser.path,
  };
  const code = await timed("tests", () => runNode([playwrightCli, "test", ...playwrightArgs], testEnv));
  await cleanUp();
  return code;
}

/**
 * The multi-instance test on PostgreSQL (docs/operations.md) on this build, so `npm test` covers it; run once
 * nothing else needs the cores (it starts four processes). Without PostgreSQL it says SKIPPED.
 */
export function runMultiInstance(): Promise<number> {
  return timed("multi-instance", () =>
    runNode(["--import", "tsx", "scripts/multi-instance.ts"], process.env),
  );
}

/** Where the run left its screenshots and failures, and how long each step took. */
export function printRunSummary(): void {
  if (timings.some(([name]) => name === "tests")) {
    const screenshots = existsSync(screenshotsDir) ? readdirSync(screenshotsDir).length : 0;
    console.log(`\nScreenshots (${screenshots}): ${path.relative(root, screenshotsDir)}/`);
    console.log(
      `Traces and screenshots of failed tests: ${path.relative(root, path.join(artifactsDir, "test-results"))}/`,
    );
  }
  console.log(`Timings: ${timings.map(([name, ms]) => `${name} ${(ms / 1000).toFixed(1)} s`).join(", ")}`);
}

/** Prints why a run stopped: a failed step's sentence, or the unexpected error whole. */
export function reportFailure(error: unknown): void {
  if (error instanceof StepFailed) console.error(`\n${error.message}`);
  else console.error("\nThe end-to-end run failed:", error);
}
