import { writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { chromium } from "@playwright/test";
import { BrowserNotFoundError, findBrowser, probeMachine, runCommand } from "./browser";

/**
 * Child process of the e2e runner: finds (or installs) Chromium and writes `{ path, source }` as JSON to the
 * file given. A child, so an installation (apt-get, minutes on a fresh machine) runs while the runner builds
 * and seeds. Exits 3 with the message for the user when no browser can be had.
 * Usage: tsx scripts/e2e/browser-cli.ts <result-file>
 */
const [resultFile] = process.argv.slice(2);
if (!resultFile) {
  console.error("Usage: tsx scripts/e2e/browser-cli.ts <result-file>");
  process.exit(2);
}
const playwrightCli = createRequire(import.meta.url).resolve("@playwright/test/cli");
try {
  const browser = findBrowser(probeMachine(chromium.executablePath()), runCommand, playwrightCli, {
    headlessShell: true,
  });
  writeFileSync(resultFile, JSON.stringify(browser));
} catch (error) {
  if (!(error instanceof BrowserNotFoundError)) throw error;
  console.error(`\n${error.message}`);
  process.exit(3);
}
