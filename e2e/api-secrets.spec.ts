import type { Page } from "@playwright/test";
import {
  expect,
  expectNoSeriousA11yViolations,
  firstDemoStore,
  saveScreenshot,
  signInAs,
  test,
} from "./support/fixtures";

const SECRET_FORMAT = /^brk_[A-Za-z0-9_-]{43}$/;

/** Runs `work` with the viewport at the narrowest width the app supports, then restores it. */
async function atTabletWidth(page: Page, work: () => Promise<unknown>): Promise<void> {
  const size = page.viewportSize();
  await page.setViewportSize({ width: 768, height: 1024 });
  try {
    await work();
  } finally {
    if (size) await page.setViewportSize(size);
  }
}

test("an admin creates an API secret, the API accepts it, and refuses it once revoked", async ({
  page,
  context,
  request,
  run,
}) => {
  const store = firstDemoStore(run);
  const shipments = `/api/v2.2/stores/${store.id}/inbound-shipments`;
  const name = `E2E integration ${Date.now()}`;
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await signInAs(page, "admin");
  await page.goto(`/stores/${store.id}/settings/api-secrets`);

  const table = page.getByRole("table", { name: "API secrets of this store" });
  await test.step("the list shows the demo secret", async () => {
    await expect(page.getByRole("heading", { level: 1, name: "API secrets" })).toBeVisible();
    const demoRow = table.getByRole("row").filter({ hasText: "Demo key" });
    await expect(demoRow).toContainText("brk_");
    await expect(demoRow).toContainText("Active");
    await expectNoSeriousA11yViolations(page);
    await saveScreenshot(page, "api-secrets-list");
  });

  const dialog = page.getByRole("dialog");
  let secret = "";
  await test.step("create: the name is required, then the secret is shown once", async () => {
    await page.getByRole("button", { name: "Create API secret" }).click();
    await expect(dialog).toHaveAccessibleName("Create API secret");
    await dialog.getByRole("button", { name: "Create secret" }).click();
    await expect(dialog.getByLabel("Name")).toHaveAccessibleDescription("Must not be empty.");
    await expectNoSeriousA11yViolations(page);

    await dialog.getByLabel("Name").fill(name);
    await dialog.getByRole("button", { name: "Create secret" }).click();
    await expect(dialog).toHaveAccessibleName("Copy your new API secret");
    const field = dialog.getByLabel("Secret", { exact: true });
    await expect(field).toHaveValue(SECRET_FORMAT);
    await expect(field).toBeFocused();
    await expect(dialog).toContainText("it will not be shown again");

    await dialog.getByRole("button", { name: "Copy", exact: true }).click();
    await expect(dialog.getByText("Copied", { exact: true })).toBeVisible();
    secret = await page.evaluate(() => navigator.clipboard.readText());
    expect(secret).toMatch(SECRET_FORMAT);
    expect(secret).toBe(await field.inputValue());
    await expect(dialog.locator("pre")).toContainText(`Bearer ${secret}`);
    await expect(dialog.locator("pre")).toContainText(shipments);
    await expectNoSeriousA11yViolations(page);
    await saveScreenshot(page, "api-secrets-reveal");
    await atTabletWidth(page, () => saveScreenshot(page, "api-secrets-reveal-768"));
  });

  await test.step("the API accepts the copied secret", async () => {
    const answer = await request.get(shipments, { headers: { Authorization: `Bearer ${secret}` } });
    expect(answer.status()).toBe(200);
    expect(await answer.json()).toHaveProperty("inbound_shipments");
  });

  const row = table.getByRole("row").filter({ hasText: name });
  await test.step("Escape, the close button or a click outside ask whether it was copied; then it closes", async () => {
    await page.keyboard.press("Escape");
    const question = dialog.getByText("Closing hides the secret for good. Have you copied it?");
    await expect(question).toHaveAttribute("role", "alert");
    await expect(dialog.getByRole("button", { name: "Back to the secret" })).toBeFocused();
    await expect(dialog.getByLabel("Secret", { exact: true })).toHaveValue(secret);
    await expectNoSeriousA11yViolations(page);
    await saveScreenshot(page, "api-secrets-close-question");
    await atTabletWidth(page, () => saveScreenshot(page, "api-secrets-close-question-768"));
    await dialog.getByRole("button", { name: "Back to the secret" }).click();
    await expect(question).toHaveCount(0);
    await dialog.getByRole("button", { name: "Close", exact: true }).click();
    await expect(question).toBeVisible();
    await page.mouse.click(5, 5);
    await expect(dialog).toBeVisible();
  });

  await test.step("closing the dialog shows the new secret in the list", async () => {
    await dialog.getByRole("button", { name: "I have copied it" }).first().click();
    await expect(dialog).toBeHidden();
    await expect(row).toContainText(`${secret.slice(0, 10)}…`);
    await expect(row).toContainText("Ada Admin");
    await expect(row).toContainText("Active");
    // The secret itself is nowhere on the page any more.
    await expect(page.getByText(secret)).toHaveCount(0);
    await page.reload();
    await expect(row.getByRole("cell").nth(4)).not.toHaveText("never");
  });

  await test.step("revoke after a confirmation naming the secret", async () => {
    await row.getByRole("button", { name: `Revoke ${name}` }).click();
    await expect(dialog).toHaveAccessibleName(`Revoke “${name}”?`);
    await expect(dialog).toContainText("stops working at once");
    await expectNoSeriousA11yViolations(page);
    await saveScreenshot(page, "api-secrets-revoke-confirm");
    await dialog.getByRole("button", { name: "Revoke secret" }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText(`API secret “${name}” revoked`)).toBeVisible();
    await expect(row).toContainText("Revoked");
    await expect(row.getByRole("button")).toHaveCount(0);
    await saveScreenshot(page, "api-secrets-list-revoked");
    await atTabletWidth(page, () => saveScreenshot(page, "api-secrets-list-768"));
  });

  await test.step("the API refuses the revoked secret", async () => {
    const answer = await request.get(shipments, { headers: { Authorization: `Bearer ${secret}` } });
    expect(answer.status()).toBe(401);
  });
});

test("a store without API secrets explains what they are for", async ({ page, run }) => {
  // The seed gives the bulk store no API secret (the demo stores have one each).
  await signInAs(page, "admin");
  await page.goto(`/stores/${run.bulkStore.id}/settings/api-secrets`);
  await expect(page.getByRole("heading", { name: "No API secrets yet" })).toBeVisible();
  await expect(page.getByRole("main").getByRole("link", { name: "API reference" })).toHaveAttribute(
    "href",
    "/docs/api",
  );
  await expect(page.getByRole("button", { name: "Create API secret" })).toHaveCount(2);
  await expectNoSeriousA11yViolations(page);
  await saveScreenshot(page, "api-secrets-empty");
});

test("an editor is told that only admins manage API secrets", async ({ page, run }) => {
  const store = firstDemoStore(run);
  await signInAs(page, "editor");
  await page.goto(`/stores/${store.id}/settings/api-secrets`);
  await expect(page.getByRole("heading", { name: "Only admins manage API secrets" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Create API secret" })).toHaveCount(0);
  await expect(page.getByRole("table")).toHaveCount(0);
  await expect(
    page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "API secrets" }),
  ).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
  await saveScreenshot(page, "api-secrets-editor");
});
