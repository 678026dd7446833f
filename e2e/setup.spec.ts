import {
  expect,
  expectNoSeriousA11yViolations,
  saveBothWidths,
  signInThroughForm,
  test,
} from "./support/fixtures";
import { setupServer } from "./support/run-context";

// These run against the runner's second server, whose database is empty and not a demo: the only place
// setup can happen. Tests run in file order and the last one completes setup, so nothing here may run
// after it expecting an empty database.
test.describe.configure({ mode: "serial" });

const DEMO_ADMIN = { email: "admin@backroom.test", password: "backroom-demo" };
const FIRST_ADMIN = { email: "hana@harbor.example", password: "tide pool lantern 42" };

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

  const password = FIRST_ADMIN.password;
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

test("the first admin sets up the store: details, locations, and a member who signs in with the link", async ({
  page,
  browser,
}) => {
  const { url } = setupServer();
  await page.goto(`${url}/sign-in`);
  await signInThroughForm(page, FIRST_ADMIN.email, FIRST_ADMIN.password);
  await expect(page).toHaveURL(/\/stores\/str_/);
  const storeId = new URL(page.url()).pathname.split("/")[2] as string;
  const base = `${url}/stores/${storeId}`;

  await test.step("Settings -> Store shows what setup chose; a new time zone and name are saved", async () => {
    await page.getByRole("link", { name: "Store", exact: true }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Store" })).toBeVisible();
    await expect(page.getByLabel("Currency")).toHaveValue("EUR");
    await expect(page.getByLabel("Time zone")).toHaveValue("Europe/Berlin");
    await expect(page.getByRole("row").filter({ hasText: "Main warehouse" })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await saveBothWidths(page, "store-settings");
    await page.getByLabel("Store name").fill("Harbor Outfitters EU");
    await page.getByLabel("Time zone").selectOption("America/New_York");
    await page.getByRole("button", { name: "Save changes" }).click();
    await expect(page.getByText("Store settings saved")).toBeVisible();
    // The layout re-reads the store: the switcher shows the new name, dates the new zone.
    await expect(page.getByText("Harbor Outfitters EU").first()).toBeVisible();
    const added = page.getByRole("row").filter({ hasText: "Main warehouse" }).getByRole("cell").nth(2);
    await expect(added).toContainText(/E[SD]T/);
    await page.reload();
    await expect(page.getByLabel("Time zone")).toHaveValue("America/New_York");
  });

  const locations = page.getByRole("table", { name: "Locations of this store" });
  await test.step("the only location cannot be archived; a second one is added, a taken name refused", async () => {
    const main = locations.getByRole("row").filter({ hasText: "Main warehouse" });
    await expect(main.getByRole("button", { name: "Archive Main warehouse" })).toBeDisabled();
    await page.getByRole("button", { name: "Add location" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel("Name").fill("Main warehouse");
    await dialog.getByRole("button", { name: "Add location" }).click();
    await expect(dialog.getByText('This store already has a location named "Main warehouse".')).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await saveBothWidths(page, "store-location-dialog");
    await dialog.getByLabel("Name").fill("Reno returns hub");
    await dialog.getByRole("button", { name: "Add location" }).click();
    await expect(dialog).toBeHidden();
    await expect(locations.getByRole("row").filter({ hasText: "Reno returns hub" })).toBeVisible();
  });

  await test.step("rename, archive (left out of pickers), restore", async () => {
    await locations.getByRole("button", { name: "Rename Main warehouse" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel("Name").fill("Berlin warehouse");
    await dialog.getByRole("button", { name: "Rename" }).click();
    await expect(locations.getByRole("row").filter({ hasText: "Berlin warehouse" })).toBeVisible();
    await locations.getByRole("button", { name: "Archive Berlin warehouse" }).click();
    const archived = locations.getByRole("row").filter({ hasText: "Berlin warehouse" });
    await expect(archived.getByText("Archived")).toBeVisible();
    await expect(locations.getByRole("button", { name: "Archive Reno returns hub" })).toBeDisabled();
    await expectNoSeriousA11yViolations(page);
    await saveBothWidths(page, "store-locations-archived");

    await page.goto(`${base}/shipments`);
    const destination = page.getByLabel("Destination");
    await expect(destination.locator("option", { hasText: "Reno returns hub" })).toHaveCount(1);
    await expect(destination.locator("option", { hasText: "Berlin warehouse" })).toHaveCount(0);

    await page.goto(`${base}/settings/store`);
    await locations.getByRole("button", { name: "Restore Berlin warehouse" }).click();
    await expect(
      locations.getByRole("row").filter({ hasText: "Berlin warehouse" }).getByText("Active"),
    ).toBeVisible();
  });

  await test.step("a return address is set for a location (an empty city refused first) and listed", async () => {
    const reno = locations.getByRole("row").filter({ hasText: "Reno returns hub" });
    await expect(reno.getByText("No return address")).toBeVisible();
    await reno.getByRole("button", { name: "Set return address for Reno returns hub" }).click();
    const dialog = page.getByRole("dialog");
    await expect(dialog.getByLabel("Address line 1")).toBeFocused();
    await dialog.getByLabel("Address line 1").fill("1 Harbor Way");
    await dialog.getByLabel("State / province").fill("NV");
    await dialog.getByLabel("Postal code").fill("89501");
    await dialog.getByLabel("Country").fill("us");
    await dialog.getByRole("button", { name: "Save return address" }).click();
    await expect(dialog.getByText("Enter the city.")).toBeVisible();
    await expect(dialog.getByLabel("City")).toBeFocused();
    await expectNoSeriousA11yViolations(page);
    await saveBothWidths(page, "store-return-address-dialog");
    await dialog.getByLabel("City").fill("Reno");
    await dialog.getByRole("button", { name: "Save return address" }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText("Return address saved")).toBeVisible();
    await expect(reno.getByText("1 Harbor Way, Reno, NV 89501, US")).toBeVisible();
    await expect(
      reno.getByRole("button", { name: "Edit return address for Reno returns hub" }),
    ).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await saveBothWidths(page, "store-locations-return-address");
  });

  let link = "";
  await test.step("Settings -> Team: the admin adds a member and hands over the link", async () => {
    await page.goto(`${base}/settings/team`);
    await page.getByRole("button", { name: "Add member" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel("Email").fill("ravi@harbor.example");
    await dialog.getByLabel("Name").fill("Ravi Receiving");
    await dialog.getByLabel("Role").selectOption("editor");
    await dialog.getByRole("button", { name: "Add member" }).click();
    link = await dialog.getByLabel("Set-password link").inputValue();
    expect(new URL(link).origin).toBe(url);
    await dialog.getByRole("button", { name: "Done" }).click();
  });

  await test.step("the member sets a password with the link and signs in to the store", async () => {
    const context = await browser.newContext();
    const member = await context.newPage();
    await member.goto(link);
    await member.getByLabel("New password").fill("receiving dock seven");
    await member.getByLabel("Repeat the password").fill("receiving dock seven");
    await member.getByRole("button", { name: "Set password" }).click();
    await expect(member).toHaveURL(/\/sign-in\?password=set/);
    await signInThroughForm(member, "ravi@harbor.example", "receiving dock seven");
    await expect(member).toHaveURL(new RegExp(`/stores/${storeId}`));
    await expect(member.getByText("Harbor Outfitters EU").first()).toBeVisible();
    // An editor sees the store's locations (read-only), and no admin settings.
    await expect(member.getByRole("link", { name: "Store", exact: true })).toBeVisible();
    await expect(member.getByRole("link", { name: "Webhooks", exact: true })).toHaveCount(0);
    await context.close();
  });
});
