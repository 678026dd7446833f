import type { Page } from "@playwright/test";
import {
  expect,
  expectNoSeriousA11yViolations,
  firstDemoStore,
  saveScreenshot,
  signInAs,
  test,
} from "./support/fixtures";

/**
 * Importing products from CSV (docs/csv.md "Import"): a storefront's column names are matched, a bad row is shown
 * with its line and column and nothing is written, the fixed file creates the products with their inventory
 * items, and importing it again changes nothing.
 */

function csvFile(name: string, lines: string[]) {
  return { name, mimeType: "text/csv", buffer: Buffer.from(lines.join("\r\n"), "utf8") };
}

async function chooseFile(page: Page, file: ReturnType<typeof csvFile>) {
  await page.getByLabel("CSV file: products").setInputFiles(file);
  await expect(page.getByRole("heading", { name: "2. Match the columns" })).toBeVisible();
}

test("a bad row is shown and nothing written; the fixed file creates products and their items, once", async ({
  page,
  run,
}) => {
  await signInAs(page, "editor");
  const storeId = firstDemoStore(run).id;
  const tag = `PIMP-${Date.now().toString(36).toUpperCase()}`;
  await page.goto(`/stores/${storeId}/inventory`);
  await page.getByRole("link", { name: "Import products" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Import products" })).toBeVisible();

  // A storefront's export names (the first demo store sells in USD, the price's currency when none is given).
  const header = "Handle,Title,Option1 Value,Variant SKU,Variant Price,Variant Grams,Tags";
  const rows = (teePrice: string) => [
    header,
    `${tag}-tee,${tag} Tee,M,${tag}-TEE-M,29.99,200,summer`,
    `${tag}-tee,,L,${tag}-TEE-L,${teePrice},220,`,
    `${tag}-sock,${tag} Sock,,${tag}-SOCK,14.00,,`,
  ];
  await chooseFile(page, csvFile("products.csv", rows("31.499")));
  // The file's names are matched to the expected columns; an extra column is left out.
  await expect(page.getByLabel("Product id (required)")).toHaveValue("Handle");
  await expect(page.getByLabel("Product title (required)")).toHaveValue("Title");
  await expect(page.getByLabel("SKU (required)")).toHaveValue("Variant SKU");
  await expect(page.getByLabel("Price (required)")).toHaveValue("Variant Price");
  await expect(page.getByLabel("Option 1", { exact: true })).toHaveValue("Option1 Value");
  await expect(page.getByLabel("Weight", { exact: true })).toHaveValue("Variant Grams");
  await page.getByRole("button", { name: "Check the file" }).click();

  const problems = page.getByRole("table", { name: "Problems in the file" });
  await expect(problems).toBeVisible();
  await expect(problems.locator("tbody tr")).toHaveCount(1);
  await expect(problems.locator("tbody tr").first()).toContainText("3");
  await expect(problems.locator("tbody tr").first()).toContainText("price");
  await expect(page.getByRole("table", { name: "Preview" }).locator("tbody tr").nth(1)).toContainText(
    "USD amounts have at most 2 decimals.",
  );
  await expect(page.getByRole("button", { name: /^Import \d+ products?$/ })).toBeDisabled();
  await expectNoSeriousA11yViolations(page);
  await saveScreenshot(page, "products-import-errors");
  await page.setViewportSize({ width: 768, height: 1000 });
  await saveScreenshot(page, "products-import-errors-768");
  await page.setViewportSize({ width: 1280, height: 900 });

  // Nothing was written.
  const before = await page.request.get(`/api/v2.2/stores/${storeId}/products?sku=${tag}-SOCK`);
  expect(((await before.json()) as { products: unknown[] }).products).toEqual([]);

  // The fixed file.
  await page.getByRole("button", { name: "Choose another file" }).click();
  await chooseFile(page, csvFile("products-fixed.csv", rows("31.50")));
  await page.getByRole("button", { name: "Check the file" }).click();
  await expect(page.getByText("3 lines: 2 products to create, 0 to update, 0 unchanged.")).toBeVisible();
  await expect(page.getByRole("table", { name: "Problems in the file" })).toHaveCount(0);
  await page.getByRole("button", { name: "Import 2 products" }).click();
  await expect(
    page.getByRole("status").filter({ hasText: "2 created, 0 updated, 0 unchanged (3 rows written)." }),
  ).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await saveScreenshot(page, "products-import-done");

  // The same file again: every product is unchanged, so there is nothing to import.
  await page.getByRole("button", { name: "Import another file" }).click();
  await chooseFile(page, csvFile("products-fixed.csv", rows("31.50")));
  await page.getByRole("button", { name: "Check the file" }).click();
  await expect(page.getByText("3 lines: 0 products to create, 0 to update, 2 unchanged.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Nothing to import" })).toBeDisabled();

  // Each variant is a PRODUCT item of the inventory, named "Product - Variant".
  await page.goto(`/stores/${storeId}/inventory`);
  await page.getByLabel("Search").fill(tag);
  await expect(page).toHaveURL(new RegExp(`[?&]q=${tag}(&|$)`));
  const items = page
    .getByRole("table", { name: "Inventory items" })
    .locator("tbody[data-index] > tr:first-child");
  await expect(items).toHaveCount(3);
  const names = await items.locator("td:first-child").allTextContents();
  expect(names.sort()).toEqual([`${tag} Sock - Default`, `${tag} Tee - L`, `${tag} Tee - M`]);
});

test("a viewer has no way to import products", async ({ page, run }) => {
  await signInAs(page, "viewer");
  const storeId = firstDemoStore(run).id;
  await page.goto(`/stores/${storeId}/inventory`);
  await expect(page.getByRole("heading", { level: 1, name: "Inventory" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Import products" })).toHaveCount(0);
  await page.goto(`/stores/${storeId}/inventory/import-products`);
  await expect(page.getByRole("heading", { name: "Your role cannot import" })).toBeVisible();
});
