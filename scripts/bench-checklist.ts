import { mkdtempSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { chromium, type Page } from "@playwright/test";
import { signInThroughForm } from "../e2e/support/auth";
import { DEMO_PASSWORD, DEMO_STAFF } from "../lib/demo/accounts";
import { loadAverage } from "./bench/cpu";
import { startBenchServer } from "./bench/server";
import { percentile } from "./bench/timing";
import { browserVersion, CHROMIUM_ARGS, findBrowser, probeMachine, runCommand } from "./e2e/browser";

/**
 * `npm run bench:checklist` (after `npm run build`): the inspection checklist's step time in Chromium (issue 28,
 * docs/inspection.md). The server runs in demo mode on a fresh embedded database; the admin gives the first demo
 * store a checklist of QUESTIONS yes/no and choice questions for every item, opens a delivered return's process
 * panel and answers, in turn, BENCH_CHECKLIST_STEPS answers (default 200, cycling through the questions and
 * their options, so every click changes an answer).
 *
 * A step is measured in the page: from the click on an answer to the first frame painted after the panel shows
 * it (the radio checked, the required marks and "Still to answer" recomputed, the disposition pre-fill run),
 * which is when the next question can be answered. The first 10 steps (the panel's first renders) are left out.
 * Prints p50, p95 and the worst, at 1280 and 390 px wide.
 */

const PORT = Number(process.env.BENCH_PORT ?? 3197);
const STEPS = Number(process.env.BENCH_CHECKLIST_STEPS ?? 200);
const WARMUP = 10;
const BASE = `http://127.0.0.1:${PORT}`;
const admin = DEMO_STAFF.find((user) => user.role === "admin");

const QUESTIONS = [
  {
    key: "condition",
    label: "Condition",
    kind: "choice",
    options: ["new", "used", "damaged"],
    required: true,
  },
  { key: "accessories", label: "Accessories included", kind: "yes_no" },
  { key: "packaging", label: "Packaging", kind: "choice", options: ["sealed", "opened", "missing"] },
  { key: "powers_on", label: "Powers on", kind: "yes_no" },
  { key: "cosmetic", label: "Cosmetic damage", kind: "yes_no" },
  { key: "tags_attached", label: "Tags attached", kind: "yes_no" },
  { key: "smell", label: "Smells of use", kind: "yes_no" },
  { key: "grade_hint", label: "Looks like grade", kind: "choice", options: ["A", "B", "C", "D"] },
];

type ReturnRow = { id: string; items: unknown[] };

async function openProcessPanel(page: Page, storeId: string) {
  const listed = await page.request.get(`/api/v2.2/stores/${storeId}/returns?status=delivered`, {
    headers: { "X-Page-Size": "50" },
  });
  if (!listed.ok()) throw new Error(`listing returns: ${listed.status()} ${await listed.text()}`);
  const ret = ((await listed.json()) as { returns: ReturnRow[] }).returns.find((r) => r.items.length === 1);
  if (!ret) throw new Error("no delivered one-item demo return");
  await page.goto(`/stores/${storeId}/returns/${ret.id}`);
  await page.getByRole("button", { name: "Process items…" }).click({ timeout: 60_000 });
  const panel = page.getByRole("dialog", { name: "Process return" });
  await panel
    .getByRole("radiogroup")
    .nth(QUESTIONS.length - 1)
    .waitFor({ timeout: 30_000 });
}

/** One step: click answer `option` of question `question`, resolve after the first frame painted since. */
function step(page: Page, question: number, option: number): Promise<number> {
  return page.evaluate(
    ({ question, option }) =>
      new Promise<number>((resolve) => {
        // The process panel's inspection steps (components/returns/inspection-steps.tsx).
        const steps = document.querySelector('section[aria-label="Inspection"]');
        const group = steps?.querySelectorAll('[role="radiogroup"]')[question];
        const radios = group?.querySelectorAll<HTMLInputElement>('input[type="radio"]') ?? [];
        const radio = radios[option % radios.length];
        if (!radio) throw new Error(`question ${question} has no option ${option}`);
        const start = performance.now();
        radio.click();
        // A frame's callbacks run before its paint; the task after them runs once it is painted.
        requestAnimationFrame(() => setTimeout(() => resolve(performance.now() - start), 0));
      }),
    { question, option },
  );
}

const ms = (n: number) => `${n.toFixed(1)} ms`;

async function main() {
  const require = createRequire(import.meta.url);
  const found = findBrowser(
    probeMachine(chromium.executablePath()),
    runCommand,
    require.resolve("@playwright/test/cli"),
  );
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "bench-checklist-"));
  delete process.env.DATABASE_URL;
  const server = await startBenchServer({
    port: PORT,
    env: {
      BACKROOM_REQUEST_LOG: "off",
      BACKROOM_PUBLIC_URL: BASE,
      NEXTAUTH_URL: BASE,
      BACKROOM_DEMO: "true",
      BACKROOM_DATA_DIR: dataDir,
    },
    logFile: path.join(dataDir, "server.log"),
  });
  const browser = await chromium.launch({ executablePath: found.path, args: CHROMIUM_ARGS });
  try {
    const context = await browser.newContext({ baseURL: BASE });
    const page = await context.newPage();
    await page.goto("/sign-in");
    await signInThroughForm(page, admin?.email ?? "", DEMO_PASSWORD);
    await page.waitForURL((url) => !url.pathname.startsWith("/sign-in"));
    const storeId = /\/stores\/([^/]+)/.exec(
      page.url().includes("/stores/")
        ? page.url()
        : ((await page.locator('a[href^="/stores/"]').first().getAttribute("href")) ?? ""),
    )?.[1];
    if (!storeId) throw new Error(`no store after signing in (at ${page.url()})`);
    const saved = await page.request.put(`/api/v2.2/stores/${storeId}/inspection-checklists`, {
      headers: { Origin: BASE },
      data: {
        checklists: [
          {
            name: "Bench checklist",
            applies_to: { product_types: [], tags: [], return_reasons: [] },
            questions: QUESTIONS,
          },
        ],
      },
    });
    if (!saved.ok()) throw new Error(`saving the checklist: ${saved.status()} ${await saved.text()}`);

    const results: string[] = [];
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
      await openProcessPanel(page, storeId);
      const times: number[] = [];
      for (let i = 0; i < STEPS + WARMUP; i++) {
        const question = i % QUESTIONS.length;
        const time = await step(page, question, Math.floor(i / QUESTIONS.length) + 1);
        if (i >= WARMUP) times.push(time);
      }
      times.sort((a, b) => a - b);
      results.push(
        `${width} px: ${times.length} steps, answer-to-next-ready p50 ${ms(percentile(times, 50))}, ` +
          `p95 ${ms(percentile(times, 95))}, max ${ms(times.at(-1) ?? Number.NaN)}`,
      );
    }
    const cpus = os.cpus();
    console.log(
      `${browserVersion(found.path) ?? found.path}; ${cpus.length} × ${cpus[0]?.model ?? "CPU"}; load average ${loadAverage()}.\n` +
        `A checklist of ${QUESTIONS.length} questions on a one-item return's process panel.\n${results.join("\n")}`,
    );
  } finally {
    await browser.close();
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
