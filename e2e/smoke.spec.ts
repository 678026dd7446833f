import { expect, expectNoSeriousA11yViolations, saveScreenshot, test } from "./support/fixtures";

test("the API reference renders, accessibly", async ({ page }) => {
  await page.goto("/docs/api");
  await expect(
    page.getByRole("heading", { level: 1, name: "Backroom returns and inventory API" }),
  ).toBeVisible();
  await expect(page.getByRole("link", { name: "/api/v2.2/openapi.json" })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await saveScreenshot(page, "api-reference");
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
