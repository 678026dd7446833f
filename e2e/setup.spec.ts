import type { Page } from "@playwright/test";
import { expect, expectNoSeriousA11yViolations, saveScreenshot, test } from "./support/fixtures";
import { setupServer } from "./support/run-context";

// These run against the runner's second server, whose database is empty and not a demo: the only place
// setup can happen. Tests run in file order and the last one completes setup, so nothing here may run
// after it expecting an empty database.
test.describe.configure({ mode: "serial" });

const DEMO_ADMIN = { email: "admin@backroom.test", password: "backroom-demo" };

async function saveBothWidths(page: Page, name: string): Promise<void> {
  await saveScreenshot(page, name);
  const size = page.viewportSize();
  await page.setViewportSize({ width: 768, height: 1024 });
  await saveScreenshot(page, `${name}-768`);
  if (size) await page.setViewportSize(size);
}

test("an empty database has no demo accounts and /setup is a 404 without a valid token", async ({ page }) => {
  const { url, setupLink } = setupServer();
  expect(setupLink, "the server printed a setup link at start-up").not.toBeNull();

  for (const path of ["/setup", "/setup?token=", "/setup?token=not-a-real-token"]) {
    const response = await page.goto(`${url}${path}`);
    expect(response?.status(), path).toBe(404);
  }

  await page.goto(`${url}/sign-in`);
  await expect(page.getByRole("heading", { name: "Sign in to your back office" })).toBeVisible();
  await expect(page.getByText("Demo accounts")).toHaveCount(0);
  await page.getByLabel("Email").fill(DEMO_ADMIN.email);
  await page.getByLabel("Password").fill(DEMO_ADMIN.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByText("Wrong email or password.")).toBeVisible();
  await expect(page).toHaveURL(/\/sign-in/);
});

test("the setup link creates the store and its first admin, who signs in; then the link is gone", async ({
  page,
}) => {
  const { url, setupLink } = setupServer();
  if (!setupLink) throw new Error("no setup link in the setup server's log");
  await page.goto(setupLink);
  await expect(page.getByRole("heading", { name: "Set up your back office" })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await saveBothWidths(page, "setup");

  await test.step("a weak or mismatched password is refused with the reason, values kept", async () => {
    await page.getByLabel("Store name").fill("Harbor Outfitters");
    await page.getByLabel("Currency").selectOption("EUR");
    await page.getByLabel("Time zone").selectOption("Europe/Berlin");
    await page.getByLabel("Your name").fill("Hana Harbor");
    await page.getByLabel("Email").fill("hana@harbor.example");
    await page.getByLabel("Password", { exact: true }).fill("short");
    await page.getByLabel("Repeat the password").fill("different");
    await page.getByRole("button", { name: "Create store and admin" }).click();
    await expect(page.getByText("Use at least 12 characters.")).toBeVisible();
    await expect(page.getByText("The two passwords differ.")).toBeVisible();
    await expect(page.getByLabel("Store name")).toHaveValue("Harbor Outfitters");
    await expect(page.getByLabel("Time zone")).toHaveValue("Europe/Berlin");
    await expect(page.getByLabel("Currency")).toHaveValue("EUR");
    await expectNoSeriousA11yViolations(page);
    await saveBothWidths(page, "setup-errors");
  });

  const password = "tide pool lantern 42";
  await test.step("a good password creates the store and lands on sign-in", async () => {
    await page.getByLabel("Password", { exact: true }).fill(password);
    await page.getByLabel("Repeat the password").fill(password);
    await page.getByRole("button", { name: "Create store and admin" }).click();
    await expect(page).toHaveURL(/\/sign-in\?setup=done/);
    await expect(page.getByRole("status")).toContainText("Your store is ready");
    await expect(page.getByLabel("Email")).toHaveValue("hana@harbor.example");
    await saveBothWidths(page, "setup-done-sign-in");
  });

  await test.step("the new admin signs in and works in the new store", async () => {
    await page.getByLabel("Password").fill(password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByText("Harbor Outfitters").first()).toBeVisible();
    await expect(page).not.toHaveURL(/sign-in/);
  });

  await test.step("the setup link, used once, is now a 404", async () => {
    const response = await page.goto(setupLink);
    expect(response?.status()).toBe(404);
    expect(new URL(setupLink).origin).toBe(url);
  });
});
