import {
  expect,
  expectNoSeriousA11yViolations,
  saveBothWidths,
  saveScreenshot,
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
  // Many screenshots at two widths and axe runs: the slow-test budget.
  test.slow();
  const { url, setupLink } = setupServer();
  if (!setupLink) throw new Error("no setup link in the setup server's log");
  await page.goto(setupLink);
  await expect(page.getByRole("heading", { name: "Set up your back office" })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await saveBothWidths(page, "setup");

  await test.step("a weak or mismatched password is refused with the reason, values kept", async () => {
    await page.getByLabel("Store name").fill("Harbor Outfitters");
    // Hundreds of options: typed to find. A currency by its name, picked with the mouse; a zone by its
    // city, picked with the keyboard (the first match is active as one types).
    const currency = page.getByRole("combobox", { name: "Currency" });
    await currency.fill("euro");
    await expect(currency).toHaveAttribute("aria-expanded", "true");
    await page
      .getByRole("listbox", { name: "Currencies" })
      .getByRole("option", { name: "EUR · Euro" })
      .click();
    await expect(currency).toHaveAttribute("aria-expanded", "false");
    const timeZone = page.getByRole("combobox", { name: "Time zone" });
    await timeZone.fill("berlin");
    await expect(page.getByRole("listbox", { name: "Time zones" }).getByRole("option")).toHaveText([
      "Europe/Berlin",
    ]);
    await expectNoSeriousA11yViolations(page);
    await saveBothWidths(page, "setup-time-zone-search");
    await timeZone.press("Enter");
    await expect(timeZone).toHaveValue("Europe/Berlin");
    await page.getByLabel("Your name").fill("Hana Harbor");
    await page.getByLabel("Email").fill("hana@harbor.example");
    await page.getByLabel("Password", { exact: true }).fill("short");
    await page.getByLabel("Repeat the password").fill("different");
    await page.getByRole("button", { name: "Create store and admin" }).click();
    await expect(page.getByText("Use at least 12 characters.")).toBeVisible();
    await expect(page.getByText("The two passwords differ.")).toBeVisible();
    await expect(page.getByLabel("Store name")).toHaveValue("Harbor Outfitters");
    await expect(page.getByRole("combobox", { name: "Time zone" })).toHaveValue("Europe/Berlin");
    await expect(page.getByRole("combobox", { name: "Currency" })).toHaveValue("EUR · Euro");
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
  // A new store's whole first run (settings, team, the checklist through an import and a shipment): the
  // longest test of the suite, given a budget of its own.
  test.setTimeout(300_000);
  const { url } = setupServer();
  await page.goto(`${url}/sign-in`);
  await signInThroughForm(page, FIRST_ADMIN.email, FIRST_ADMIN.password);
  await expect(page).toHaveURL(/\/stores\/str_/);
  const storeId = new URL(page.url()).pathname.split("/")[2] as string;
  const base = `${url}/stores/${storeId}`;

  const checklist = page.getByRole("region", { name: "Set up your store" });
  const step = (key: string) => checklist.locator(`#setup-${key}`);
  await test.step("the new store's overview lists the first steps, ticked from its data", async () => {
    await expect(checklist).toBeVisible();
    await expect(checklist).toContainText("1 of 6 done");
    // Setup created the first location; nothing else exists yet.
    await expect(step("locations")).toHaveAttribute("data-done", "true");
    for (const key of ["returnAddress", "products", "inboundShipment", "team", "integration"]) {
      await expect(step(key)).toHaveAttribute("data-done", "false");
    }
    await expect(step("products")).toContainText("prices in EUR");
    await expect(step("returnAddress").getByRole("link", { name: "Set return address" })).toBeVisible();
    // Only the next step is the primary action; the later ones wait their turn.
    await expect(step("returnAddress").getByRole("link", { name: "Set return address" })).toHaveClass(
      /bg-indigo-600/,
    );
    await expect(step("products").getByRole("link", { name: "Import products" })).not.toHaveClass(
      /bg-indigo-600/,
    );
    await expectNoSeriousA11yViolations(page);
    await saveBothWidths(page, "overview-setup-checklist");
  });

  await test.step("Settings -> Store shows what setup chose; a new time zone and name are saved", async () => {
    await page.getByRole("link", { name: "Store", exact: true }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Store" })).toBeVisible();
    await expect(page.getByRole("combobox", { name: "Currency" })).toHaveValue("EUR · Euro");
    await expect(page.getByRole("combobox", { name: "Time zone" })).toHaveValue("Europe/Berlin");
    await expect(page.getByRole("row").filter({ hasText: "Main warehouse" })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await saveBothWidths(page, "store-settings");
    await page.getByLabel("Store name").fill("Harbor Outfitters EU");
    // Escape closes the list, a second Escape restores the zone; then "new york" finds the zone by its city.
    const timeZone = page.getByRole("combobox", { name: "Time zone" });
    await timeZone.fill("nowhere at all");
    await expect(page.getByRole("listbox", { name: "Time zones" })).toContainText("Nothing matches");
    await timeZone.press("Escape");
    await expect(timeZone).toHaveAttribute("aria-expanded", "false");
    await timeZone.press("Escape");
    await expect(timeZone).toHaveValue("Europe/Berlin");
    await timeZone.fill("new york");
    await timeZone.press("ArrowDown");
    await timeZone.press("ArrowUp");
    await timeZone.press("Enter");
    await expect(timeZone).toHaveValue("America/New_York");
    await page.getByRole("button", { name: "Save changes" }).click();
    await expect(page.getByText("Store settings saved")).toBeVisible();
    // The layout re-reads the store: the switcher shows the new name, dates the new zone.
    await expect(page.getByText("Harbor Outfitters EU").first()).toBeVisible();
    const added = page.getByRole("row").filter({ hasText: "Main warehouse" }).getByRole("cell").nth(2);
    await expect(added).toContainText(/E[SD]T/);
    await page.reload();
    await expect(page.getByRole("combobox", { name: "Time zone" })).toHaveValue("America/New_York");
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
    // The country is picked by name and stored as its ISO code: "Germ" offers Germany (DE), not Georgia (GE).
    const country = dialog.getByRole("combobox", { name: "Country" });
    await country.fill("Germ");
    const countries = dialog.getByRole("listbox", { name: "Countries" });
    await expect(countries.getByRole("option", { name: /^Germany/ })).toContainText("DE");
    await expect(countries.getByRole("option", { name: /^Georgia/ })).toHaveCount(0);
    await expectNoSeriousA11yViolations(page);
    await saveBothWidths(page, "store-return-address-country-picker");
    await country.press("Enter");
    await expect(country).toHaveValue("Germany");
    // Escape closes the list only, not the dialog, and keeps the country picked.
    await country.fill("Uni");
    await country.press("Escape");
    await expect(countries).toBeHidden();
    await expect(dialog).toBeVisible();
    await expect(country).toHaveValue("Germany");
    // A code typed whole is picked on leaving the field.
    await country.fill("us");
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

  await test.step("the overview ticks the address and the team; an empty list leads to its step", async () => {
    await page.goto(base);
    await expect(checklist).toContainText("3 of 6 done");
    await expect(step("returnAddress")).toHaveAttribute("data-done", "true");
    await expect(step("team")).toHaveAttribute("data-done", "true");
    await page.goto(`${base}/inventory`);
    await page.getByRole("link", { name: "Set up: import products" }).click();
    await expect(page).toHaveURL(/#setup-products$/);
    await expect(step("products")).toHaveClass(/bg-indigo-50/);
    await page.setViewportSize({ width: 768, height: 1024 });
    await expect(step("products")).toBeInViewport();
    await saveScreenshot(page, "overview-setup-step-768");
    await page.setViewportSize({ width: 1280, height: 720 });
  });

  await test.step("the products template, in the store's EUR, imports as downloaded", async () => {
    await step("products").getByRole("link", { name: "Import products" }).click();
    const href = (await page.getByRole("link", { name: "Download template" }).getAttribute("href")) ?? "";
    const template = decodeURIComponent(href.slice(href.indexOf(",") + 1));
    expect(template).toContain(",29.99,EUR,");
    await page
      .getByLabel("CSV file: products")
      .setInputFiles({ name: "products-template.csv", mimeType: "text/csv", buffer: Buffer.from(template) });
    await page.getByRole("button", { name: "Check the file" }).click();
    await expect(page.getByText("4 lines: 3 products to create, 0 to update, 0 unchanged.")).toBeVisible();
    await page.getByRole("button", { name: "Import 3 products" }).click();
    await expect(page.getByRole("status").filter({ hasText: "3 created" })).toBeVisible();
  });

  await test.step("the first shipment from its step; an API secret; then the checklist is gone", async () => {
    await page.goto(`${base}/shipments`);
    await page.getByRole("link", { name: "Set up: first shipment" }).click();
    await step("inboundShipment").getByRole("link", { name: "New shipment" }).click();
    await page.getByLabel("Add a product by name or SKU").fill("TEE-M");
    await page.getByRole("list", { name: "Matching products" }).getByRole("button").first().click();
    await page
      .getByRole("table", { name: "Shipment lines" })
      .getByLabel("Expected units of TEE-M-BLUE")
      .fill("6");
    await page.getByRole("button", { name: "Create shipment" }).click();
    await expect(page.getByText(/^Shipment.* created$/)).toBeVisible();
    await page.goto(base);
    await expect(checklist).toContainText("5 of 6 done");
    const created = await page.request.post(`${url}/api/v2.2/stores/${storeId}/api-secrets`, {
      headers: { origin: url },
      data: { api_secret: { name: "ERP" } },
    });
    expect(created.status()).toBe(201);
    await page.reload();
    await expect(page.getByRole("heading", { name: "Needs action" })).toBeVisible();
    await expect(checklist).toHaveCount(0);
  });
});
