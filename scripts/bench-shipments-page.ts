import { createRequire } from "node:module";
import os from "node:os";
import { type Browser, chromium, devices, type Page } from "@playwright/test";
import { and, eq } from "drizzle-orm";
import { signInThroughForm } from "../e2e/support/auth";
import { closeDatabase, getDatabase } from "../lib/db";
import { inboundShipments, staffUsers, storeMemberships } from "../lib/db/schema";
import { DEMO_PASSWORD, DEMO_STAFF } from "../lib/demo/accounts";
import { bulkStoreId } from "../lib/demo/bulk";
import { isDatabaseEmpty } from "../lib/demo/load";
import {
  describeInteraction,
  type InteractionSummary,
  interactionSummary,
  largestContentfulPaint,
  median,
  resetInteractions,
  VITALS_INIT_SCRIPT,
} from "./bench/page-vitals";
import { startBenchServer } from "./bench/server";
import { summariseTrace } from "./bench/trace-summary";
import { browserVersion, CHROMIUM_ARGS, findBrowser, probeMachine, runCommand } from "./e2e/browser";
import { seedRunDatabase } from "./e2e/seed";

/**
 * `npm run bench:page` (after `npm run build`): the shipments page in Chromium on the production server.
 * Each run opens the bulk store's shipments page in a fresh browser context (signed in, empty cache) and
 * reads its largest contentful paint, which is the first screen's (the first page of rows, before any of
 * the 10,000 is loaded: LCP stops at the first input), loads 10,000 rows by scrolling the list to its end
 * (pages of 200; the time it takes is printed beside LCP),
 * then scrolls through them with the keyboard and the wheel and opens and closes rows, reading every
 * interaction's event timing (durationThreshold 16 ms) to compute interaction to next paint as web-vitals
 * does. Prints each run and the medians, with the machine's CPUs and load.
 *   DATABASE_URL          PostgreSQL; an empty database is seeded first (demo data and the bulk store, as the
 *                         end-to-end run does), a database this script seeded before is reused
 *   BENCH_PAGE_SHIPMENTS  shipments to seed (default 10,500); BENCH_PAGE_ROWS rows to load (default 10,000)
 *   BENCH_PAGE_RUNS       runs (default 3); BENCH_PAGE_TRACE=file.json: a Chromium trace of the last run
 */

const PORT = Number(process.env.BENCH_PORT ?? 3197);
const RUNS = Number(process.env.BENCH_PAGE_RUNS ?? 3);
const SHIPMENTS = Number(process.env.BENCH_PAGE_SHIPMENTS ?? 10_500);
const ROWS = Number(process.env.BENCH_PAGE_ROWS ?? 10_000);
const TRACE = process.env.BENCH_PAGE_TRACE;
const BASE = `http://127.0.0.1:${PORT}`;
const admin = DEMO_STAFF.find((user) => user.role === "admin");

/** Seeds an empty database; otherwise checks it holds the bulk store with enough shipments for the admin. */
async function prepareDatabase(): Promise<void> {
  const { db } = await getDatabase();
  try {
    if (await isDatabaseEmpty(db)) {
      console.log(
        `Empty database: seeding the demo data and ${SHIPMENTS.toLocaleString("en-US")} shipments.`,
      );
      await seedRunDatabase(db, SHIPMENTS);
      return;
    }
    const shipments = await db.$count(inboundShipments, eq(inboundShipments.storeId, bulkStoreId()));
    const [member] = await db
      .select({ role: storeMemberships.role })
      .from(storeMemberships)
      .innerJoin(staffUsers, eq(staffUsers.id, storeMemberships.userId))
      .where(and(eq(storeMemberships.storeId, bulkStoreId()), eq(staffUsers.email, admin?.email ?? "")));
    if (shipments < ROWS || !member)
      throw new Error(
        `The database has ${shipments} Bulk Depot shipments and ${member ? "an" : "no"} admin membership: ` +
          "give the benchmark an empty database (it seeds it) or one it seeded before.",
      );
  } finally {
    await closeDatabase();
  }
}

type Run = {
  lcpMs: number;
  lcpElement: string;
  loadAllMs: number;
  rows: number;
  /** Requests the page made while it was scrolled and clicked (link prefetches, a row's items). */
  requests: number;
} & InteractionSummary;

const region = (page: Page) => page.getByRole("region", { name: "Inbound shipments" });
const firstRow = (page: Page) =>
  page.getByRole("table", { name: "Inbound shipments" }).locator("tbody[data-index] > tr").first();

async function loadedRows(page: Page): Promise<number> {
  const text =
    (await page
      .getByRole("status")
      .filter({ hasText: /^Showing/ })
      .textContent()) ?? "";
  return Number(/Showing (?:all )?([\d,]+)/.exec(text)?.[1]?.replaceAll(",", "") ?? "0");
}

/** Two animation frames: what an interaction changed has been painted. */
const painted = (page: Page) =>
  page.evaluate("new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))");

async function measureRun(browser: Browser, storageState: string, trace: boolean): Promise<Run> {
  const context = await browser.newContext({ ...devices["Desktop Chrome"], baseURL: BASE, storageState });
  try {
    const page = await context.newPage();
    await page.addInitScript(VITALS_INIT_SCRIPT);
    await page.goto(`/stores/${bulkStoreId()}/shipments`);
    await firstRow(page).waitFor();
    await page.waitForTimeout(1000);
    const lcp = await largestContentfulPaint(page);

    const started = performance.now();
    for (let rows = 0; rows < ROWS; rows = await loadedRows(page)) {
      await region(page).evaluate((element) => element.scrollTo({ top: element.scrollHeight }));
      await page.waitForTimeout(100);
      if (performance.now() - started > 300_000) throw new Error(`only ${rows} rows loaded in 5 minutes`);
    }
    const loadAllMs = performance.now() - started;
    const rows = await loadedRows(page);
    await region(page).evaluate((element) => element.scrollTo({ top: 0 }));
    await painted(page);
    await resetInteractions(page);
    let requests = 0;
    page.on("request", () => requests++);

    if (trace) await browser.startTracing(page, { path: TRACE, screenshots: false });
    await region(page).focus();
    for (let i = 0; i < 25; i++) {
      await page.keyboard.press(i % 5 === 4 ? "ArrowDown" : "PageDown");
      await painted(page);
    }
    for (const key of ["End", "PageUp", "PageUp", "Home"]) {
      await page.keyboard.press(key);
      await painted(page);
    }
    // The wheel is not an interaction in INP's sense; its long tasks are counted below.
    const box = await region(page).boundingBox();
    if (box) await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    for (let i = 0; i < 40; i++) {
      await page.mouse.wheel(0, i < 30 ? 600 : -900);
      await page.waitForTimeout(16);
    }
    await region(page).evaluate((element) => element.scrollTo({ top: element.scrollHeight / 2 }));
    await painted(page);
    for (let i = 0; i < 3; i++) {
      const toggle = page.getByRole("button", { name: /^Show items of shipment / }).nth(i);
      await toggle.click();
      await painted(page);
      await page.getByRole("button", { name: /^Hide items of shipment / }).click();
      await painted(page);
      await page.keyboard.press("PageDown");
      await painted(page);
    }
    if (trace) await browser.stopTracing();
    const interactions = await interactionSummary(page);
    return {
      lcpMs: lcp?.startTime ?? Number.NaN,
      lcpElement: lcp?.element ?? "none",
      loadAllMs,
      rows,
      requests,
      ...interactions,
    };
  } finally {
    await context.close();
  }
}

async function signIn(browser: Browser): Promise<string> {
  const context = await browser.newContext({ baseURL: BASE });
  const page = await context.newPage();
  await page.goto("/sign-in");
  await signInThroughForm(page, admin?.email ?? "", DEMO_PASSWORD);
  await page.waitForURL((url) => !url.pathname.startsWith("/sign-in"));
  const file = `${os.tmpdir()}/bench-page-auth-${process.pid}.json`;
  await context.storageState({ path: file });
  await context.close();
  return file;
}

const ms = (n: number) => `${Math.round(n)} ms`;

async function main() {
  if (!process.env.DATABASE_URL)
    throw new Error("Set DATABASE_URL to an empty PostgreSQL database (the benchmark seeds it).");
  const require = createRequire(import.meta.url);
  const found = findBrowser(
    probeMachine(chromium.executablePath()),
    runCommand,
    require.resolve("@playwright/test/cli"),
  );
  await prepareDatabase();
  const cpus = os.cpus();
  console.log(
    `${browserVersion(found.path) ?? found.path}; ${cpus.length} × ${cpus[0]?.model ?? "CPU"}; ` +
      `load average ${os
        .loadavg()
        .map((n) => n.toFixed(2))
        .join(" ")} at the start.`,
  );
  const server = await startBenchServer({
    port: PORT,
    env: { BACKROOM_REQUEST_LOG: "off", BACKROOM_PUBLIC_URL: BASE, NEXTAUTH_URL: BASE },
  });
  const browser = await chromium.launch({ executablePath: found.path, args: CHROMIUM_ARGS });
  try {
    const storageState = await signIn(browser);
    // Not measured: the server's first render of the page and its first API answers (JIT, prepared statements).
    await measureRun(browser, storageState, false);
    const runs: Run[] = [];
    for (let i = 0; i < RUNS; i++) {
      const run = await measureRun(browser, storageState, Boolean(TRACE) && i === RUNS - 1);
      runs.push(run);
      console.log(
        `run ${i + 1}: LCP ${ms(run.lcpMs)} (${run.lcpElement}); ${run.rows.toLocaleString("en-US")} rows ` +
          `loaded in ${(run.loadAllMs / 1000).toFixed(1)} s; INP ${ms(run.inp)} over ${run.interactions} ` +
          `interactions of >= 16 ms (max ${ms(run.max)}); ` +
          `while interacting: ${run.requests} requests, long tasks ${run.longTasks.count}, ${ms(run.longTasks.totalMs)} in all, max ${ms(run.longTasks.maxMs)}`,
      );
      for (const entry of run.worst) console.log(`    ${describeInteraction(entry)}`);
    }
    const lcp = median(runs.map((run) => run.lcpMs));
    const inp = median(runs.map((run) => run.inp));
    const loadAll = median(runs.map((run) => run.loadAllMs));
    console.log(
      `\nMedian of ${RUNS} runs: LCP ${ms(lcp)} (goal < 1,000 ms: ${lcp < 1000 ? "met" : "not met"}; the page's ` +
        `first screen with its first page of rows, read before the scrolling that loads ${ROWS.toLocaleString("en-US")} ` +
        `rows, which took ${(loadAll / 1000).toFixed(1)} s more; INP is measured over those rows), ` +
        `INP ${inp === 0 ? "< 16 ms (no interaction reached 16 ms)" : ms(inp)} (goal < 100 ms: ${inp < 100 ? "met" : "not met"}). ` +
        `Load average at the end ${os
          .loadavg()
          .map((n) => n.toFixed(2))
          .join(" ")}.`,
    );
    if (TRACE) {
      console.log(`\nChromium trace of the last run's interactions: ${TRACE}; its main thread:`);
      for (const line of summariseTrace(TRACE)) console.log(`  ${line}`);
    }
  } finally {
    await browser.close();
    await server.stop();
  }
}

await main();
