import type { Page } from "@playwright/test";
import type { InventoryItem } from "../lib/schemas/inventory-items";
import {
  expect,
  expectNoSeriousA11yViolations,
  saveBothWidths,
  saveScreenshot,
  signInAs,
  test,
} from "./support/fixtures";
import { listRows, listSummary } from "./support/list-table";

/** The inventory list (search and filters in the URL) and an item's page, reached from a shipment too. */

const table = (page: Page) => page.getByRole("table", { name: "Inventory items" });
const dataRows = (page: Page) => listRows(table(page));

test.beforeEach(async ({ page }) => {
  // As in shipments.spec.ts: the editor account, since signInAs cannot sign in the one-store viewer yet.
  await signInAs(page, "editor");
});

test("search and kind filter live in the URL and survive a reload", async ({ page, demoStore }) => {
  await page.goto(`/stores/${demoStore.id}/inventory`);
  await expect(page.getByRole("heading", { level: 1, name: "Inventory" })).toBeVisible();
  await expect(dataRows(page).first()).toBeVisible();
  await saveScreenshot(page, "inventory-list");

  await page.getByLabel("Search").fill("jacket");
  await expect(page).toHaveURL(/[?&]q=jacket(&|$)/);
  await expect(listSummary(page)).toContainText("matching items");
  const names = await dataRows(page).locator("td:first-child").allTextContents();
  const skus = await dataRows(page).locator("td:nth-child(2)").allTextContents();
  expect(names.length).toBeGreaterThan(0);
  names.forEach((name, index) => {
    expect(`${name} ${skus[index]}`.toLowerCase()).toContain("jacket");
  });

  await page.getByLabel("Kind").selectOption({ label: "Product" });
  await expect(page).toHaveURL(/kind=PRODUCT/);
  await page.reload();
  await expect(page.getByLabel("Search")).toHaveValue("jacket");
  await expect(page.getByLabel("Kind")).toHaveValue("PRODUCT");
  await expect(dataRows(page).first()).toBeVisible();
  const rows = await dataRows(page).count();
  await expect(table(page).getByText("Product", { exact: true })).toHaveCount(rows);
  await expectNoSeriousA11yViolations(page);
  await saveScreenshot(page, "inventory-list-filtered");
  // At 1280 px a location's quantity is never cut: the name gives way, the digits stay whole.
  for (const cell of await dataRows(page)
    .locator("td")
    .filter({ hasText: /\d/ })
    .locator("span.tabular-nums")
    .all()) {
    const clipped = await cell.evaluate((number) => {
      const box = number.getBoundingClientRect();
      const td = number.closest("td")?.getBoundingClientRect();
      return !td || box.right > td.right || number.scrollWidth > number.clientWidth;
    });
    expect(clipped).toBe(false);
  }
  await page.setViewportSize({ width: 768, height: 1000 });
  // At 768 px the key columns stay in view (Quantity scrolled out of it before); Locations and Updated give way.
  const header = page.locator("[data-sticky-header] th");
  await expect(header.filter({ hasText: "Quantity" })).toBeInViewport({ ratio: 1 });
  await expect(header.filter({ hasText: "SKU" })).toBeInViewport({ ratio: 1 });
  await expect(header.filter({ hasText: "Locations" })).toHaveCount(0);
  await expect(table(page).getByRole("columnheader", { name: "Quantity" })).toHaveCount(1);
  await expect(dataRows(page).first().locator("td").last()).toBeInViewport({ ratio: 1 });
  await expectNoSeriousA11yViolations(page);
  await saveScreenshot(page, "inventory-list-filtered-768");

  await page.getByLabel("Search").fill("no-such-item-anywhere");
  await expect(page.getByRole("heading", { name: "No items match" })).toBeVisible();
});

test("the stock filter shows what ran out, and a location's rows show the quantity there", async ({
  page,
  demoStore,
}) => {
  await page.goto(`/stores/${demoStore.id}/inventory?stock=out_of_stock`);
  await expect(page.getByLabel("Stock")).toHaveValue("out_of_stock");
  await expect(dataRows(page).first()).toBeVisible();
  const quantities = await dataRows(page).locator("td:nth-child(4)").allTextContents();
  expect(quantities.length).toBeGreaterThan(0);
  for (const quantity of quantities) expect(quantity.trim()).toBe("0");

  await page.getByLabel("Stock").selectOption({ label: "In stock" });
  await expect(page).toHaveURL(/stock=in_stock/);
  const location = page.getByLabel("Location");
  const locationName = (await location.locator("option").nth(1).textContent()) ?? "";
  await location.selectOption({ index: 1 });
  await expect(page).toHaveURL(/location=loc_/);
  const first = dataRows(page).first();
  await expect(first).toBeVisible();
  // The row's quantity is the chosen location's, which is also the one location it lists.
  const quantity = (await first.locator("td:nth-child(4)").textContent())?.trim() ?? "";
  expect(Number(quantity.replace(/,/g, ""))).toBeGreaterThan(0);
  await expect(first.locator("td:nth-child(6)")).toContainText(locationName.trim());
  await expect(first.locator("td:nth-child(6)")).not.toContainText("more");
  await expectNoSeriousA11yViolations(page);
  await saveBothWidths(page, "inventory-stock-filter");

  // Units held out of sellable stock show in their own column (the demo holds some for a few products).
  const listed = await page.request.get(`/api/v2.2/stores/${demoStore.id}/inventory-items?stock=any`, {
    headers: { "X-Page-Size": "500" },
  });
  const held = ((await listed.json()) as { inventory_items: InventoryItem[] }).inventory_items.find(
    (item) => item.held.length > 0 && item.sku,
  );
  if (!held) throw new Error("the demo store holds no units out of sellable stock");
  await page.goto(`/stores/${demoStore.id}/inventory?sku=${encodeURIComponent(held.sku ?? "")}`);
  // One state reads "3 open box"; several, their total ("8 held", each state for screen readers).
  const [only] = held.held;
  const total = held.held.reduce((sum, units) => sum + units.quantity, 0);
  await expect(dataRows(page).first().locator("td:nth-child(5)")).toContainText(
    held.held.length === 1 ? `${only?.quantity} ${only?.state.replaceAll("_", " ")}` : `${total} held`,
  );
});

test("an item's page shows its quantity per location, and links back", async ({ page, demoStore }) => {
  const storeId = demoStore.id;
  await page.goto(`/stores/${storeId}/inventory?kind=PRODUCT`);
  const link = dataRows(page).first().getByRole("link");
  const name = (await link.textContent()) ?? "";
  await link.click();

  await expect(page).toHaveURL(new RegExp(`/stores/${storeId}/inventory/ii_\\w+$`));
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  const levels = page.getByRole("table", { name: "Quantity per location" });
  await expect(levels).toBeVisible();
  const quantities = await levels.locator("tbody td:nth-child(2)").allTextContents();
  const sum = quantities.reduce((total, text) => total + Number(text.replaceAll(",", "")), 0);
  await expect(levels.locator("tfoot td").first()).toHaveText(sum.toLocaleString("en-US"));
  await expect(levels.getByRole("link", { name: /^Inbound shipments to / }).first()).toHaveAttribute(
    "href",
    new RegExp(`/stores/${storeId}/shipments\\?location=loc_\\w+$`),
  );
  await expectNoSeriousA11yViolations(page);
  await saveScreenshot(page, "inventory-item");
  await page.setViewportSize({ width: 768, height: 1000 });
  await saveScreenshot(page, "inventory-item-768");

  await page.getByRole("navigation", { name: "Breadcrumb" }).getByRole("link", { name: "Inventory" }).click();
  await expect(page).toHaveURL(new RegExp(`/stores/${storeId}/inventory$`));
});

test("a shipment item's SKU leads to its inventory item", async ({ page, demoStore }) => {
  const storeId = demoStore.id;
  await page.goto(`/stores/${storeId}/shipments?status=IN_TRANSIT`);
  await page
    .getByRole("button", { name: /^Show items of shipment / })
    .first()
    .click();
  const items = page.getByRole("table", { name: /^Items of shipment / });
  const sku = items.getByRole("link").first();
  await expect(sku).toBeVisible();
  const skuText = (await sku.textContent()) ?? "";
  await sku.click();
  await expect(page).toHaveURL(new RegExp(`/stores/${storeId}/inventory/ii_\\w+$`));
  await expect(page.getByText(skuText, { exact: true }).first()).toBeVisible();
});

test("an unknown item id says so and offers the way back", async ({ page, demoStore }) => {
  await page.goto(`/stores/${demoStore.id}/inventory/ii_0000000000000000000000`);
  await expect(
    page.getByRole("heading", { name: "This inventory item does not exist in this store" }),
  ).toBeVisible();
  await expect(page.getByRole("link", { name: "Back to inventory" })).toBeVisible();
});
