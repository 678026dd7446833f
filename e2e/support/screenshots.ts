import path from "node:path";
import type { Page } from "@playwright/test";

export const SCREENSHOTS_DIR = path.resolve(import.meta.dirname, "..", "artifacts", "screenshots");
/**
 * A page up to this many window heights tall is captured whole; a taller one (the API reference, a list
 * scrolled through thousands of rows) as the window shows it from the top: capturing such a page whole took
 * seconds each, for an image nobody reads to its end.
 */
const FULL_PAGE_MAX_SCREENS = 3;

/**
 * Saves a PNG of `page` as e2e/artifacts/screenshots/<name>.png (the run's artifacts: one per page the specs
 * visit): the whole page when it is at most three window heights tall, else the window from the top. Names are
 * kebab-case, like "returns-list" or "shipment-detail-viewer". E2E_SCREENSHOTS=0 saves none (CI, which prints
 * its output only and has no one to open them: 9 % of a five-spec run's time). `window: true` captures only the
 * window, for a modal dialog: a whole-page capture shows its backdrop over the first screen only.
 */
export async function saveScreenshot(
  page: Page,
  name: string,
  options: { window?: boolean } = {},
): Promise<string> {
  if (!/^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(name)) {
    throw new Error(`Screenshot names are kebab-case (a-z, 0-9 and -), got "${name}".`);
  }
  const file = path.join(SCREENSHOTS_DIR, `${name}.png`);
  if (process.env.E2E_SCREENSHOTS === "0") return file;
  // From the top: a full-page capture of a scrolled page draws the sticky shell in the middle of it.
  const tall = await page.evaluate((screens) => {
    window.scrollTo(0, 0);
    return document.documentElement.scrollHeight > window.innerHeight * screens;
  }, FULL_PAGE_MAX_SCREENS);
  await page.screenshot({ path: file, fullPage: !tall && !options.window, animations: "disabled" });
  return file;
}

/** The narrowest width the app supports; pages whose layout changes there are also captured at it. */
const NARROW_VIEWPORT = { width: 768, height: 1024 };

/** Saves `name` at the project's viewport (1280 px) and as `name`-768 at the narrowest supported width. */
export async function saveBothWidths(page: Page, name: string): Promise<void> {
  // Nothing to capture: the page is not resized twice for nothing (each a relayout, and a re-render where
  // the layout follows the width).
  if (process.env.E2E_SCREENSHOTS === "0") return;
  await saveScreenshot(page, name);
  const size = page.viewportSize();
  await page.setViewportSize(NARROW_VIEWPORT);
  await saveScreenshot(page, `${name}-768`);
  if (size) await page.setViewportSize(size);
}
