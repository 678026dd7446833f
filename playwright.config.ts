import { defineConfig, devices } from "@playwright/test";
import { CHROMIUM_ARGS } from "./scripts/e2e/browser";

/**
 * End-to-end tests in e2e/, driven by `npm run test:e2e` (scripts/e2e.ts), which builds the app, starts it on
 * a fresh database and passes its address, the seeded ids and the Chromium to use through the environment.
 */
const baseURL = process.env.E2E_BASE_URL;
if (!baseURL) {
  throw new Error(
    "Run the end-to-end tests with `npm run test:e2e [-- playwright args]`: it builds and starts the app on a fresh database and tells Playwright where (E2E_BASE_URL).",
  );
}
const executablePath = process.env.E2E_CHROMIUM_PATH ?? process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

export default defineConfig({
  testDir: "e2e",
  outputDir: "e2e/artifacts/test-results",
  // Two spec files at a time (E2E_WORKERS to change it): much of a test is waiting on the server and the
  // browser, which a second worker fills (docs/testing.md has the figures). Specs share the seeded stores, so
  // a test claims the rows it changes (e2e/support/claims.ts) and compares counts others may change until
  // they agree.
  workers: Number(process.env.E2E_WORKERS ?? 2),
  fullyParallel: false,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  // Two workers on two cores: a test that takes 30 s alone can take twice that while another runs beside it.
  timeout: 120_000,
  expect: { timeout: 10_000 },
  globalTimeout: 30 * 60_000,
  reporter: [["list"]],
  use: {
    baseURL,
    actionTimeout: 10_000,
    navigationTimeout: 30_000,
    // A trace records every action of every test, which costs time CI cannot spend and whose files nobody
    // reads there (CI prints the output only); E2E_TRACE=1 records them for a local run that needs one.
    trace: process.env.E2E_TRACE === "1" ? "retain-on-failure" : "off",
    screenshot: "only-on-failure",
    // The service worker (docs/offline.md) installs in each test's fresh context and, taking control, fetches
    // again everything the page had loaded: a cost a person pays once, which every test paid. Measured on
    // returns.spec.ts: 83 s of test time with it, 53 s without. e2e/offline.spec.ts allows it and proves it.
    serviceWorkers: "block",
  },
  projects: [
    {
      name: "chromium",
      use: {
        ...devices["Desktop Chrome"],
        launchOptions: {
          executablePath,
          args: CHROMIUM_ARGS,
        },
      },
    },
  ],
});
