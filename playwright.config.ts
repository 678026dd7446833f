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
  // Two cores run the server, the browser and the tests: one test at a time by default. E2E_WORKERS=2 runs two
  // spec files at once (measured 515 s against 702 s for the tests on a loaded machine); specs share the seeded
  // stores, so counts one spec checks can meet rows another creates meanwhile: not the default until they are
  // written for it (docs/testing.md).
  workers: Number(process.env.E2E_WORKERS ?? 1),
  fullyParallel: false,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  globalTimeout: 30 * 60_000,
  reporter: [["list"]],
  use: {
    baseURL,
    actionTimeout: 10_000,
    navigationTimeout: 30_000,
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
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
