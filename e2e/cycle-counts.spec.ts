import type { ItemBinStock } from "../lib/schemas/bins";
import type { InventoryItem } from "../lib/schemas/inventory-items";
import {
  claimFirst,
  expect,
  expectNoSeriousA11yViolations,
  firstDemoStore,
  saveBothWidths,
  saveScreenshot,
  signInAs,
  test,
} from "./support/fixtures";

/**
 * Cycle counts (docs/cycle-counts.md): an admin creates a blind count of one bin, scans the bin label then the
 * item (one unit, then a typed quantity), and finds one unit short; an item outside the count scanned in the bin
 * becomes a stray line (then taken back). While the count runs, units are received and
 * two are put away into the counted bin; applying the count posts only the variance against the bin's snapshot,
 * so both survive: bin = snapshot + putaway − 1, level = level + receipt + putaway's 0 − 1.
 */
test("run a blind count with one variance and apply it while a receipt lands on the same item", async ({
  page,
  run,
}) => {
  const store = firstDemoStore(run);
  const auth = { Authorization: `Bearer ${store.apiSecret}` };
  const api = async (method: "GET" | "POST" | "PUT", path: string, data?: unknown) => {
    const response = await page.request.fetch(`/api/v2.2/stores/${store.id}${path}`, {
      method,
      headers: { ...auth, "X-Page-Size": "100" },
      ...(data ? { data } : {}),
    });
    expect(response.ok(), await response.text()).toBe(true);
    return response.json();
  };
  const { inventory_items: items } = (await api("GET", "/inventory-items?kind=PRODUCT")) as {
    inventory_items: InventoryItem[];
  };
  const stocked = items.filter((item) => item.sku && item.locations.some((level) => level.quantity >= 8));
  const item = claimFirst("stock", stocked, (candidate) => candidate.sku ?? "", "stocked product");
  const level = item.locations.find((l) => l.quantity >= 8) as InventoryItem["locations"][number];
  const code = `CNT-${Math.random().toString(36).slice(2, 8).toUpperCase()}`;
  const { bin } = (await api("POST", `/locations/${level.location_id}/bins`, { bin: { code } })) as {
    bin: { id: string };
  };
  const move = (quantity: number) =>
    api("POST", `/inventory-items/${item.id}/bin-moves`, {
      move: { location_id: level.location_id, from_bin_id: null, to_bin_id: bin.id, quantity },
    });
  await move(4);
  // Every variance waits for an admin.
  await api("PUT", "/cycle-count-settings", { settings: { auto_accept_units: 0, auto_accept_value: null } });

  await signInAs(page, "admin");
  await page.goto(`/stores/${store.id}/counts/new`);
  await page.getByRole("combobox", { name: "Location" }).selectOption(level.location_id);
  await page.getByRole("radio", { name: "Bins" }).check();
  await page.getByRole("checkbox", { name: code }).check();
  await expect(page.getByRole("checkbox", { name: /Blind count/ })).toBeChecked();
  await expectNoSeriousA11yViolations(page);
  await saveBothWidths(page, "cycle-count-new");
  await page.getByRole("button", { name: "Create count" }).click();
  await expect(page.getByRole("heading", { level: 1, name: /1 bin ·/ })).toBeVisible();

  // Counting at the shelf (a phone): the bin label, then the item; a scanner types the code and Enter.
  await page.setViewportSize({ width: 390, height: 844 });
  const scan = page.getByRole("textbox", { name: "Scan or type a code" });
  await scan.fill(code.toLowerCase());
  await scan.press("Enter");
  await expect(page.getByRole("status")).toContainText(`Counting bin ${code}`);
  // The receipt and a putaway into the counted bin land after its snapshot.
  await api("POST", "/inventory-movements", {
    movements: [
      { inventory_item_id: item.id, location_id: level.location_id, adjust_by: 5, reason: "received" },
    ],
  });
  await move(2);
  await scan.fill(item.sku ?? "");
  await scan.press("Enter");
  const counted = page.getByRole("listitem").filter({ hasText: item.sku ?? "" });
  await expect(counted).toContainText("1");
  await page.getByRole("textbox", { name: "Quantity" }).fill("2");
  await scan.fill(item.sku ?? "");
  await scan.press("Enter");
  await expect(counted).toContainText("3");
  // Blind: the expected quantity is not on screen.
  await expect(counted).not.toContainText("expected");
  // An item the count did not expect, found on the shelf: it gets a stray line of this bin. It belonged
  // elsewhere after all, so it is taken back (-1): no variance, the stock is left alone.
  const strayItem = items.find(
    (candidate) =>
      candidate.sku && !candidate.sku.includes(item.sku ?? "") && !(item.sku ?? "").includes(candidate.sku),
  ) as InventoryItem;
  const stray = strayItem.sku as string;
  await scan.fill(stray);
  await scan.press("Enter");
  await expect(page.getByRole("status")).toContainText("not expected here, counted as a stray line");
  const strayLine = page.getByRole("listitem").filter({ hasText: stray });
  await expect(strayLine).toContainText("1");
  await expectNoSeriousA11yViolations(page);
  await saveScreenshot(page, "cycle-count-counting-390");
  await page.getByRole("textbox", { name: "Quantity" }).fill("-1");
  await scan.fill(stray);
  await scan.press("Enter");
  await expect(strayLine).toContainText("0");
  await page.setViewportSize({ width: 1280, height: 900 });

  await page.getByRole("button", { name: "Submit for review" }).click();
  const line = page.getByRole("row").filter({ hasText: item.sku ?? "" });
  await expect(line).toContainText("To review");
  await expect(line.getByRole("cell").nth(2)).toHaveText("4");
  await expect(line.getByRole("cell").nth(4)).toHaveText("−1");
  await expect(page.getByRole("button", { name: "Apply count" })).toBeDisabled();
  await expectNoSeriousA11yViolations(page);
  await saveBothWidths(page, "cycle-count-review");
  await line.getByRole("button", { name: /Accept/ }).click();
  await expect(line).toContainText("Accepted");
  await page.getByRole("button", { name: "Apply count" }).click();
  await expect(page.getByText("Completed", { exact: true })).toBeVisible();
  await expect(page.getByText("75%")).toBeVisible();

  const stock = (await api("GET", `/inventory-items/${item.id}/bin-stock`)) as ItemBinStock;
  const here = stock.locations.find((l) => l.location_id === level.location_id);
  expect(here?.bins.find((b) => b.bin_id === bin.id)?.quantity).toBe(4 + 2 - 1);
  expect(here?.quantity).toBe(level.quantity + 5 - 1);

  await page.goto(`/stores/${store.id}/counts`);
  await expect(page.getByRole("row").filter({ hasText: "1 bin ·" }).first()).toContainText("75%");
  await expectNoSeriousA11yViolations(page);
  await saveBothWidths(page, "cycle-counts-list");

  await page.goto(`/stores/${store.id}/inventory/${item.id}`);
  const history = page.getByRole("region", { name: "Counts of this item" });
  await expect(history.getByRole("row").nth(1)).toContainText("75%");
  await expectNoSeriousA11yViolations(page);
});
