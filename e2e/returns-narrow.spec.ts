import type { Page } from "@playwright/test";
import {
  expect,
  expectNoSeriousA11yViolations,
  firstDemoStore,
  saveScreenshot,
  signInAs,
  test,
} from "./support/fixtures";

/**
 * The returns list on a tablet (768 px): the page itself never scrolls sideways; the table
 * drops its low-value columns and scrolls within its own box if it still has to.
 */

/** The page's sideways overflow, and the elements sticking out past the window's right edge (for a failure). */
async function sidewaysOverflow(page: Page) {
  return page.evaluate(() => {
    const width = window.innerWidth;
    const culprits = [...document.querySelectorAll<HTMLElement>("body *")]
      .filter((element) => element.getBoundingClientRect().right > width + 0.5)
      // Only the outermost: what sticks out, not everything inside it.
      .filter(
        (element) =>
          !element.parentElement || element.parentElement.getBoundingClientRect().right <= width + 0.5,
      )
      .slice(0, 5)
      .map((element) => `${element.tagName.toLowerCase()}.${element.className.toString().slice(0, 80)}`);
    return { scrollWidth: document.documentElement.scrollWidth, innerWidth: width, culprits };
  });
}

test("the returns list at 768 px does not scroll sideways, as an admin with the selection column", async ({
  page,
  run,
}) => {
  const storeId = firstDemoStore(run).id;
  await signInAs(page, "admin");
  await page.setViewportSize({ width: 768, height: 1024 });
  await page.goto(`/stores/${storeId}/returns`);
  await expect(page.getByRole("heading", { level: 1, name: "Returns" })).toBeVisible();
  const rows = page.locator("tbody tr a[href*='/returns/ret_']");
  await expect(rows.first()).toBeVisible();

  const overflow = await sidewaysOverflow(page);
  expect(overflow.scrollWidth, overflow.culprits.join("\n")).toBeLessThanOrEqual(overflow.innerWidth);
  // What a row is for stays in view: the order link, the status and the customer.
  const firstRow = page.locator("tbody tr").first();
  for (const header of ["Order", "Status", "Customer"]) {
    await expect(page.getByRole("columnheader", { name: header })).toBeVisible();
  }
  await expect(firstRow.getByRole("link")).toBeInViewport();
  // Type and Items give way, so the rest fits in the table's own box too: nothing hidden off to the side.
  await expect(page.getByRole("columnheader", { name: "Type" })).toBeHidden();
  for (const header of ["Resolution", "Updated"]) {
    await expect(page.getByRole("columnheader", { name: header })).toBeInViewport({ ratio: 1 });
  }

  // With a row selected the bulk bar joins the page: still no sideways scroll.
  await page
    .getByRole("checkbox", { name: /^Select the return for order/ })
    .first()
    .check();
  await expect(page.getByRole("region", { name: "Bulk actions" })).toBeVisible();
  const withBar = await sidewaysOverflow(page);
  expect(withBar.scrollWidth, withBar.culprits.join("\n")).toBeLessThanOrEqual(withBar.innerWidth);
  await expectNoSeriousA11yViolations(page);
  await saveScreenshot(page, "returns-list-768");

  await page.setViewportSize({ width: 1280, height: 900 });
  await expect(page.getByRole("columnheader", { name: "Type" })).toBeVisible();
  await saveScreenshot(page, "returns-list-1280");
});
