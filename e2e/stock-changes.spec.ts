import type { APIRequestContext } from "@playwright/test";
import type { InventoryItem } from "../lib/schemas/inventory-items";
import {
  claim,
  expect,
  expectNoSeriousA11yViolations,
  firstDemoStore,
  saveScreenshot,
  signInAs,
  test,
} from "./support/fixtures";

/**
 * Changing stock by hand on an item's page (the stock ledger): a count and an adjustment, each kept in the
 * item's stock history with who and why; a change below zero is refused where it was typed.
 */

/**
 * A product held at a location whose stock the demo brought in as an opening balance (other specs receive into
 * items that had none), claimed: no other test changes its stock while this one checks it.
 */
async function claimStockedProduct(request: APIRequestContext, storeId: string) {
  const response = await request.get(`/api/v2.2/stores/${storeId}/inventory-items?kind=PRODUCT`, {
    headers: { "X-Page-Size": "100" },
  });
  expect(response.status(), await response.text()).toBe(200);
  const { inventory_items: items } = (await response.json()) as { inventory_items: InventoryItem[] };
  for (const item of items) {
    const level = item.locations.find((candidate) => candidate.quantity > 0);
    if (!item.sku || !level) continue;
    const ledger = await request.get(
      `/api/v2.2/stores/${storeId}/inventory-movements?inventory_item_id=${item.id}`,
    );
    expect(ledger.status(), await ledger.text()).toBe(200);
    const { inventory_movements: movements } = (await ledger.json()) as {
      inventory_movements: { source: { type: string } }[];
    };
    if (!movements.some((movement) => movement.source.type === "opening_balance")) continue;
    if (claim("stock", item.sku)) return { sku: item.sku, location: level.location_name };
  }
  throw new Error("no stocked product with an opening balance is left that another test has not claimed");
}

test("an editor counts and adjusts an item's stock, and the history records both", async ({ page, run }) => {
  await signInAs(page, "editor");
  const storeId = firstDemoStore(run).id;
  const { sku } = await claimStockedProduct(page.request, storeId);
  await page.goto(`/stores/${storeId}/inventory?kind=PRODUCT&sku=${encodeURIComponent(sku)}`);
  await page.locator("tbody[data-index] > tr:first-child").first().getByRole("link").click();
  await expect(page).toHaveURL(new RegExp(`/stores/${storeId}/inventory/ii_\\w+$`));

  const history = page.getByRole("table", { name: "Stock history" });
  await expect(history).toBeVisible();
  // The demo's stock entered the ledger as opening balances.
  await expect(history.getByText("Opening balance").first()).toBeVisible();

  const levels = page.getByRole("table", { name: "Quantity per location" });
  await page.getByRole("button", { name: "Change stock" }).click();
  const dialog = page.getByRole("dialog", { name: "Change stock" });
  await expect(dialog).toBeVisible();
  const location = await dialog.getByLabel("Location").locator("option:checked").textContent();

  // A count: the level becomes what is on the shelf.
  await dialog.getByLabel("Set a counted quantity").check();
  await dialog.getByRole("textbox", { name: "Counted quantity" }).fill("40");
  await expect(dialog.getByLabel("Reason")).toHaveValue("cycle_count");
  await dialog.getByLabel("Note (optional)").fill("Shelf count, aisle 3");
  await expectNoSeriousA11yViolations(page);
  await saveScreenshot(page, "stock-change-dialog");
  await dialog.getByRole("button", { name: "Save count" }).click();
  await expect(dialog).toBeHidden();
  // Focus goes back to the control that opened the dialog, not to the page body; Escape too.
  const opener = page.getByRole("button", { name: "Change stock" });
  await expect(opener).toBeFocused();
  await opener.click();
  await expect(dialog).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();
  await expect(levels.getByRole("row", { name: new RegExp(`^${location}`) })).toContainText("40");

  // A removal of more than is there is refused beside the quantity, and nothing is sent.
  await page.getByRole("button", { name: "Change stock" }).click();
  await dialog.getByRole("textbox", { name: "Units to add (negative to remove)" }).fill("-41");
  await expect(dialog.getByText("Only 40 on hand here; the level cannot go below zero.")).toBeVisible();
  await dialog.getByRole("textbox", { name: "Units to add (negative to remove)" }).fill("-3");
  await dialog.getByLabel("Reason").selectOption({ label: "Damaged" });
  await dialog.getByRole("button", { name: "Save adjustment" }).click();
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();
  await expect(levels.getByRole("row", { name: new RegExp(`^${location}`) })).toContainText("37");

  const rows = history.locator("tbody tr");
  await expect(rows.nth(0)).toContainText("−3");
  await expect(rows.nth(0)).toContainText("Damaged");
  await expect(rows.nth(0)).toContainText("37");
  await expect(rows.nth(1)).toContainText("Cycle count");
  await expect(rows.nth(1)).toContainText("Shelf count, aisle 3");
  await expect(rows.nth(1)).toContainText("40");
  await expectNoSeriousA11yViolations(page);
  await saveScreenshot(page, "stock-history");
  await page.setViewportSize({ width: 768, height: 1000 });
  await saveScreenshot(page, "stock-history-768");

  // The history downloads as CSV, newest first.
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: /Export CSV of this item's stock history/ }).click(),
  ]);
  const text = await (await download.createReadStream()).toArray();
  const csv = Buffer.concat(text).toString("utf8");
  const lines = csv
    .replace(/^\uFEFF/, "")
    .trim()
    .split(/\r?\n/);
  expect(lines[0]).toContain("quantity_delta,quantity_after,reason");
  expect(lines[1]).toContain(",-3,37,damaged,");
});

test("a viewer sees the history but no way to change stock", async ({ page, run }) => {
  await signInAs(page, "viewer");
  const storeId = firstDemoStore(run).id;
  await page.goto(`/stores/${storeId}/inventory?kind=PRODUCT`);
  await page.locator("tbody[data-index] > tr:first-child").first().getByRole("link").click();
  await expect(page.getByRole("table", { name: "Stock history" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Change stock" })).toHaveCount(0);
});

test("an editor imports stock counts from CSV and the item's history shows the import", async ({
  page,
  run,
}) => {
  await signInAs(page, "editor");
  const storeId = firstDemoStore(run).id;
  const { sku, location } = await claimStockedProduct(page.request, storeId);
  await page.goto(`/stores/${storeId}/inventory`);
  await page.getByRole("link", { name: "Import counts" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Import stock counts" })).toBeVisible();
  const file = ["Variant SKU,Location Name,On Hand", `${sku},${location},17`].join("\n");
  await page
    .getByLabel("CSV file: stock counts")
    .setInputFiles({ name: "counts.csv", mimeType: "text/csv", buffer: Buffer.from(file) });
  await expect(page.getByLabel("Counted quantity (required)")).toHaveValue("On Hand");
  await page.getByRole("button", { name: "Check the file" }).click();
  // The demo already holds this product at that location: the count updates that level.
  await expect(page.getByText("1 line: 0 stock levels to create, 1 to update, 0 unchanged.")).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await saveScreenshot(page, "counts-import-check");
  await page.getByRole("button", { name: "Import 1 stock level" }).click();
  await expect(page.getByRole("status").filter({ hasText: "(1 row written)" })).toBeVisible();

  await page.goto(`/stores/${storeId}/inventory?sku=${encodeURIComponent(sku)}&kind=PRODUCT`);
  await page.locator("tbody[data-index] > tr:first-child").first().getByRole("link").click();
  const levels = page.getByRole("table", { name: "Quantity per location" });
  await expect(levels.getByRole("row", { name: new RegExp(`^${location}`) })).toContainText("17");
  await expect(page.getByRole("table", { name: "Stock history" }).locator("tbody tr").first()).toContainText(
    "Import",
  );
});
