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
