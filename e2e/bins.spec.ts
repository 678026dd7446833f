import type { InventoryItem } from "../lib/schemas/inventory-items";
import {
  claimFirst,
  expect,
  expectNoSeriousA11yViolations,
  firstDemoStore,
  saveBothWidths,
  signInAs,
  test,
} from "./support/fixtures";

/**
 * Bins (docs/bins.md): an editor adds a bin to a location in Settings -> Store, prints its label (ZPL, its code
 * as the barcode), then on an item's page moves units from unbinned into it by typing the code as a scanner
 * would (code and Enter); the bins card and the stock history show the move.
 */

test("an editor creates a bin, prints its label, and moves units into it by its code", async ({
  page,
  run,
}) => {
  const store = firstDemoStore(run);
  const auth = { Authorization: `Bearer ${store.apiSecret}` };
  const listed = await page.request.get(`/api/v2.2/stores/${store.id}/inventory-items?kind=PRODUCT`, {
    headers: { ...auth, "X-Page-Size": "100" },
  });
  expect(listed.status(), await listed.text()).toBe(200);
  const { inventory_items: items } = (await listed.json()) as { inventory_items: InventoryItem[] };
  // Demo products are all unbinned: a level of three or more leaves units unbinned after the move.
  const stocked = items.filter((item) => item.sku && item.locations.some((level) => level.quantity >= 3));
  const item = claimFirst("stock", stocked, (candidate) => candidate.sku ?? "", "stocked product");
  const level = item.locations.find((l) => l.quantity >= 3) as InventoryItem["locations"][number];
  const code = `E2E-${Math.random().toString(36).slice(2, 8).toUpperCase()}`;

  await signInAs(page, "editor");
  await page.goto(`/stores/${store.id}/settings/store`);
  await page.getByRole("button", { name: `Bins of ${level.location_name}` }).click();
  const binsDialog = page.getByRole("dialog", { name: `Bins of ${level.location_name}` });
  await expect(binsDialog).toBeVisible();
  await binsDialog.getByRole("textbox", { name: "Code" }).fill(code);
  await binsDialog.getByRole("textbox", { name: "Zone (optional)" }).fill("Aisle E");
  await binsDialog.getByRole("button", { name: "Add bin" }).click();
  const row = binsDialog.getByRole("row", { name: new RegExp(code) });
  await expect(row).toContainText("Aisle E");
  await expect(binsDialog.getByRole("textbox", { name: "Code" })).toHaveValue("");
  await expectNoSeriousA11yViolations(page);
  await saveBothWidths(page, "bins-settings-dialog");

  // Its label: ZPL whose barcode field is the code.
  await row.getByRole("button", { name: `Label for bin ${code}` }).click();
  const printDialog = page.getByRole("dialog", { name: `Print labels for bin ${code}` });
  await printDialog.getByRole("radio", { name: "ZPL (Zebra)" }).check();
  const downloaded = page.waitForEvent("download");
  await printDialog.getByRole("button", { name: "Print" }).click();
  const zpl = Buffer.concat(await (await (await downloaded).createReadStream()).toArray()).toString("utf8");
  expect(zpl).toContain(`^FD${code}^FS`);
  await expect(printDialog).toBeHidden();
  await binsDialog.getByRole("button", { name: "Close" }).click();

  // On the item's page: two units from unbinned into the bin, its code typed in lower case and Enter.
  await page.goto(`/stores/${store.id}/inventory/${item.id}`);
  await page.getByRole("button", { name: `Move units at ${level.location_name}` }).click();
  const move = page.getByRole("dialog", { name: `Move units at ${level.location_name}` });
  await expect(move.getByRole("combobox", { name: "From" })).toHaveValue("");
  await move.getByRole("spinbutton", { name: "Quantity" }).fill("2");
  await move.getByRole("combobox", { name: "To bin" }).fill(code.toLowerCase());
  await expectNoSeriousA11yViolations(page);
  await move.getByRole("combobox", { name: "To bin" }).press("Enter");
  await expect(move).toBeHidden();

  const bins = page.getByRole("list", { name: `Bins at ${level.location_name}` });
  await expect(bins.getByRole("listitem").filter({ hasText: code })).toContainText("2");
  await expect(bins.getByRole("listitem").filter({ hasText: "Unbinned" })).toContainText(
    String(level.quantity - 2),
  );
  const history = page.getByRole("table", { name: "Stock history" });
  await expect(history.getByRole("row").filter({ hasText: `Bin ${code}` })).toContainText("Moved");
  await expect(history.getByRole("row").filter({ hasText: "Unbinned" }).first()).toContainText("Moved");
  await expectNoSeriousA11yViolations(page);
  await saveBothWidths(page, "bins-item-page");
});
