import type { Page } from "@playwright/test";
import type { Return } from "../lib/schemas/returns";
import {
  claimNeighbours,
  expect,
  expectNoSeriousA11yViolations,
  firstDemoStore,
  saveScreenshot,
  signInAs,
  test,
} from "./support/fixtures";

/**
 * The returns list as an admin works it: status tabs whose counts are the API's, rows selected
 * and flagged in one bulk action with a summary of what was done, and a saved view re-opened.
 */

type Counts = { counts: Record<string, number>; total: number };

/** Same-origin calls from the page, as the app makes them (the session's writes need the Origin). */
async function api<T>(page: Page, path: string, init: { method?: string; body?: unknown } = {}): Promise<T> {
  return page.evaluate(
    async ({ path, init }) => {
      const response = await fetch(`/api/v2.2${path}`, {
        method: init.method ?? "GET",
        headers: init.body === undefined ? {} : { "Content-Type": "application/json" },
        body: init.body === undefined ? undefined : JSON.stringify(init.body),
      });
      if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
      return response.status === 204 ? null : response.json();
    },
    { path, init },
  ) as Promise<T>;
}

test("an admin sees tab counts, bulk-flags three returns and re-opens a saved view", async ({
  page,
  run,
}) => {
  const storeId = firstDemoStore(run).id;
  await signInAs(page, "admin");
  await page.goto(`/stores/${storeId}/returns`);
  await expect(page.getByRole("heading", { level: 1, name: "Returns" })).toBeVisible();

  // Each tab's count is the API's count for that status. Other tests change returns meanwhile (two workers
  // run at once): compare again after a reload until the two agree.
  const tabs = page.getByRole("navigation", { name: "Return status" });
  const tabCount = (name: string) =>
    tabs.getByRole("link", { name: new RegExp(`^${name} `) }).getByTestId("tab-count");
  const labels: Record<string, string> = {
    pre_shipment: "Pre-shipment",
    open: "Open",
    in_transit: "In transit",
    delivered: "Delivered",
    needs_review: "Needs review",
    in_review: "In review",
    flagged: "Flagged",
    complete: "Complete",
    rejected: "Rejected",
    deleted: "Deleted",
  };
  await expect(async () => {
    await page.reload();
    await expect(tabCount("All")).toHaveText(/\d/);
    const counts = await api<Counts>(page, `/stores/${storeId}/returns/counts`);
    const shown = { total: (await tabCount("All").textContent()) ?? "" } as Record<string, string>;
    for (const [status, label] of Object.entries(labels))
      shown[status] = (await tabCount(label).textContent()) ?? "";
    const expected = { total: counts.total.toLocaleString("en-US") } as Record<string, string>;
    for (const status of Object.keys(labels))
      expected[status] = (counts.counts[status] ?? 0).toLocaleString("en-US");
    expect(shown).toEqual(expected);
  }).toPass({ timeout: 30_000 });

  // Every tab reads in full at 1280 px and scrolls sideways at 768 px.
  await saveScreenshot(page, "returns-status-tabs");
  await page.setViewportSize({ width: 768, height: 1024 });
  await saveScreenshot(page, "returns-status-tabs-768");
  await page.setViewportSize({ width: 1280, height: 720 });

  // The Open tab: its rows are open returns; three of them are flagged in bulk (the status flagged).
  await tabs.getByRole("link", { name: /^Open / }).click();
  await expect(page).toHaveURL(/status=open/);
  // The All tab's rows stay on screen (aria-busy) until the Open tab's arrive: read ids only after that.
  const table = page.getByRole("table");
  const rowLinks = table.locator("tbody tr a[href*='/returns/ret_']");
  await expect(table).not.toHaveAttribute("aria-busy", "true");
  await expect(rowLinks.nth(2)).toBeVisible();
  const rowIds = await rowLinks.evaluateAll((links) =>
    links.map((link) => link.getAttribute("href")?.split("/").at(-1) ?? ""),
  );
  // Three neighbouring rows no other test is working on.
  const first = claimNeighbours("return", rowIds, 3);
  const ids = rowIds.slice(first, first + 3);
  const boxes = page.getByRole("checkbox", { name: /^Select the return for order/ });
  await boxes.nth(first).check();
  // Shift-click selects the range from the last toggled row.
  await boxes.nth(first + 2).click({ modifiers: ["Shift"] });
  await expect(boxes.nth(first + 1)).toBeChecked();
  const bar = page.getByRole("region", { name: "Bulk actions" });
  await expect(bar.getByText("3 returns selected")).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await saveScreenshot(page, "returns-bulk-bar");
  await page.setViewportSize({ width: 768, height: 1024 });
  await saveScreenshot(page, "returns-bulk-bar-768");
  await page.setViewportSize({ width: 1280, height: 720 });

  await bar.getByRole("button", { name: "Flag", exact: true }).click();
  const confirm = page.getByRole("dialog", { name: "Flag: 3 returns?" });
  await expect(confirm).toBeVisible();
  await confirm.getByRole("button", { name: "Flag", exact: true }).click();
  const summary = page.getByRole("dialog", { name: "Bulk action finished" });
  await expect(summary.getByTestId("bulk-summary")).toContainText("3 done");
  await expectNoSeriousA11yViolations(page);
  await saveScreenshot(page, "returns-bulk-result");
  await summary.getByRole("button", { name: "Close" }).last().click();

  for (const id of ids) {
    const { return: ret } = await api<{ return: Return }>(page, `/returns/${id}`);
    expect(ret.status).toBe("flagged");
  }
  // They left the Open tab for the Flagged one.
  await tabs.getByRole("link", { name: /^Flagged / }).click();
  await expect(page).toHaveURL(/status=flagged/);
  for (const id of ids) await expect(table.locator(`a[href$='/returns/${id}']`).first()).toBeVisible();
  await tabs.getByRole("link", { name: /^Open / }).click();
  await expect(page).toHaveURL(/status=open/);

  // Save the Open tab as a shared view, leave it, and come back through the Views menu.
  const viewName = `Open returns ${Date.now()}`;
  await page.getByRole("button", { name: "Views" }).click();
  await page.getByRole("button", { name: "Save current filters as a view…" }).click();
  const save = page.getByRole("dialog", { name: "Save view" });
  await save.getByRole("textbox", { name: "Name" }).fill(viewName);
  await save.getByRole("checkbox", { name: "Share with everyone in the store" }).check();
  await expectNoSeriousA11yViolations(page);
  await save.getByRole("button", { name: "Save view" }).click();
  await expect(save).toBeHidden();
  const views = await api<{ saved_views: { name: string; query: string; shared: boolean }[] }>(
    page,
    `/stores/${storeId}/saved-views?list=returns`,
  );
  expect(views.saved_views).toContainEqual(
    expect.objectContaining({ name: viewName, query: "status=open", shared: true }),
  );

  await tabs.getByRole("link", { name: /^All / }).click();
  await expect(page).not.toHaveURL(/status=/);
  await page.getByRole("button", { name: "Views" }).click();
  await expect(page.getByRole("list", { name: "Saved views" })).toBeVisible();
  await saveScreenshot(page, "returns-saved-views");
  await page.getByRole("link", { name: new RegExp(viewName) }).click();
  await expect(page).toHaveURL(/status=open/);
  await expect(tabs.getByRole("link", { name: /^Open / })).toHaveAttribute("aria-current", "page");
});
