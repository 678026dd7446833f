import { expect, expectNoSeriousA11yViolations, saveScreenshot, test } from "./support/fixtures";

test("the API reference renders, accessibly", async ({ page }) => {
  // axe over the whole (very tall) reference at two widths: the slow-test budget.
  test.slow();
  await page.goto("/docs/api");
  await expect(
    page.getByRole("heading", { level: 1, name: "Backroom returns and inventory API" }),
  ).toBeVisible();
  await expect(page.getByRole("link", { name: "/api/v2.2/openapi.json" })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await saveScreenshot(page, "api-reference");

  // Wide: the contents stay beside the operations however far down the page is read, and lead to each one.
  const contents = page.getByRole("navigation", { name: "Contents" });
  await page.getByRole("heading", { name: "Webhooks", level: 2, exact: true }).scrollIntoViewIfNeeded();
  await expect(contents).toBeInViewport();
  await contents.getByRole("link", { name: "Store overview", exact: true }).click();
  await expect(page).toHaveURL(/#getStoreOverview$/);
  await expect(page.locator("#getStoreOverview")).toBeInViewport();
  await saveScreenshot(page, "api-reference-contents");

  // Narrow: the contents are a closed disclosure above the operations; no table's text runs out of its column.
  await page.setViewportSize({ width: 768, height: 1024 });
  await page.evaluate(() => window.scrollTo(0, 0));
  const disclosure = page.locator("details", { hasText: "Contents:" });
  await expect(contents).toBeHidden();
  await disclosure.locator("summary").click();
  await expect(contents).toBeVisible();
  // The operations were checked whole above and only reflow here: axe reads the narrow layout's own part,
  // the open contents disclosure (a second pass over every operation took half this test's time).
  await expectNoSeriousA11yViolations(page, { within: "main details" });
  await saveScreenshot(page, "api-reference-768");
  const overflowing = await page
    .locator("main table td, main table th")
    .evaluateAll((cells) =>
      cells.filter((cell) => cell.scrollWidth > cell.clientWidth + 1).map((cell) => cell.textContent),
    );
  expect(overflowing).toEqual([]);
  const cardOverflow = await page
    .locator("main section[id]")
    .evaluateAll((cards) =>
      cards.filter((card) => card.scrollWidth > card.clientWidth + 1).map((card) => card.id),
    );
  expect(cardOverflow).toEqual([]);
  await contents.getByRole("link", { name: "Store overview", exact: true }).click();
  await expect(page.locator("#getStoreOverview")).toBeInViewport();
});

test("the sign-in page loads every file it asks for, the tab's icon included", async ({ browser }) => {
  // A fresh context (no session) is what a newcomer's browser is: it asks for the icon on its first visit.
  const context = await browser.newContext();
  const page = await context.newPage();
  const failed: string[] = [];
  page.on("response", (response) => {
    if (response.status() >= 400) failed.push(`${response.status()} ${response.url()}`);
  });
  await page.goto("/sign-in");
  await expect(page.getByRole("button", { name: "Sign in" })).toBeVisible();
  const icon = page.locator('head link[rel="icon"]');
  await expect(icon).toHaveCount(1);
  const answer = await page.request.get((await icon.getAttribute("href")) ?? "");
  expect(answer.status()).toBe(200);
  expect(answer.headers()["content-type"]).toContain("image/svg+xml");
  expect(failed).toEqual([]);
  await context.close();
});
