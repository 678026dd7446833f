import path from "node:path";
import type { Page } from "@playwright/test";

export const SCREENSHOTS_DIR = path.resolve(import.meta.dirname, "..", "artifacts", "screenshots");

/**
 * Saves a full-page PNG of `page` as e2e/artifacts/screenshots/<name>.png (the run's artifacts: one per page
 * the specs visit). Names are kebab-case, like "returns-list" or "shipment-detail-viewer".
 */
export async function saveScreenshot(page: Page, name: string): Promise<string> {
  if (!/^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(name)) {
    throw new Error(`Screenshot names are kebab-case (a-z, 0-9 and -), got "${name}".`);
  }
  const file = path.join(SCREENSHOTS_DIR, `${name}.png`);
  // From the top: a full-page capture of a scrolled page draws the sticky shell in the middle of it.
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: file, fullPage: true, animations: "disabled" });
  return file;
}
