import type { APIRequestContext } from "@playwright/test";
import type { ItemStockStates } from "../lib/schemas/dispositions";
import type { InventoryItem } from "../lib/schemas/inventory-items";
import type { Return } from "../lib/schemas/returns";
import {
  claim,
  expect,
  expectNoSeriousA11yViolations,
  firstDemoStore,
  saveBothWidths,
  signInAs,
  test,
} from "./support/fixtures";

/**
 * Dispositions (docs/dispositions.md): an editor processes a delivered return, one item to refurbish (pre-filled
 * by the demo's rule for grade D) and one to return-to-vendor, restocks a third where there is one, puts the
 * units away with the shared putaway card, then moves a refurbished unit to sellable from the item's page and
 * writes the return-to-vendor units off once shipped back.
 */

type Picked = { ret: Return; stock: InventoryItem[] };

async function stockOf(request: APIRequestContext, storeId: string, sku: string | null | undefined) {
  if (!sku) return null;
  const response = await request.get(
    `/api/v2.2/stores/${storeId}/inventory-items?sku=${encodeURIComponent(sku)}&kind=PRODUCT`,
  );
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { inventory_items: InventoryItem[] }).inventory_items[0] ?? null;
}

/** A delivered return whose first two (three where it can) items have distinct catalog stock. */
async function pickReturn(request: APIRequestContext, storeId: string): Promise<Picked> {
  const response = await request.get(`/api/v2.2/stores/${storeId}/returns?status=delivered`, {
    headers: { "X-Page-Size": "500" },
  });
  expect(response.status(), await response.text()).toBe(200);
  const candidates = ((await response.json()) as { returns: Return[] }).returns
    .filter((ret) => ret.items.length >= 2 && ret.tags.length === 0 && ret.items.every((i) => !i.greenReturn))
    .sort((a, b) => b.items.length - a.items.length || a.id.localeCompare(b.id));
  for (const ret of candidates.slice(0, 40)) {
    const skus = ret.items.slice(0, 3).map((item) => item.sku);
    if (new Set(skus).size !== skus.length) continue;
    const stock = await Promise.all(skus.map((sku) => stockOf(request, storeId, sku)));
    const usable = stock.filter((s): s is InventoryItem => s !== null);
    if (usable.length < 2 || stock[0] === null || stock[1] === null) continue;
    if (!claim("return", ret.id) || !usable.every((s) => claim("stock", s.sku ?? s.id))) continue;
    return { ret, stock: usable };
  }
  throw new Error("no delivered demo return has two items with distinct catalog stock");
}

test("a return's units go to refurbish and return-to-vendor, are put away, and a refurbished unit becomes sellable", async ({
  run,
  page,
}) => {
  test.setTimeout(120_000);
  const store = firstDemoStore(run);
  await signInAs(page, "editor");
  const { ret, stock } = await pickReturn(page.request, store.id);
  const restocking = stock.length >= 3;
  await page.goto(`/stores/${store.id}/returns/${ret.id}`);
  const processButton = page.getByRole("button", { name: "Process items…" });
  // The server's first render of a return page in a run can take a while.
  await expect(processButton).toBeVisible({ timeout: 30_000 });
  await processButton.click();
  const panel = page.getByRole("dialog", { name: "Process return" });
  const fieldsOf = (index: number) => panel.getByRole("group").nth(index);

  // Grade D: the store's rule pre-fills refurbish; the inspector confirms it.
  await fieldsOf(0).getByLabel("Grade").selectOption("D - Damaged");
  await expect(fieldsOf(0).getByLabel("Disposition")).toHaveValue("refurbish");
  await expect(fieldsOf(0).getByLabel("Disposition")).toHaveAccessibleDescription(/Pre-filled by the rule/);
  await fieldsOf(1).getByLabel("Disposition").selectOption("return_to_vendor");
  for (let index = restocking ? 3 : 2; index < ret.items.length; index++) {
    await fieldsOf(index).getByRole("radio", { name: "Later", exact: true }).check();
  }
  if (!restocking && ret.items.length > 2) {
    await fieldsOf(2).getByRole("radio", { name: "Later", exact: true }).check();
  }
  const locationName =
    (await fieldsOf(0).getByLabel("Restock at").locator("option:checked").textContent()) ?? "";
  await expectNoSeriousA11yViolations(page);
  await saveBothWidths(page, "dispositions-process-panel");
  await panel.getByRole("button", { name: "Review" }).click();
  await expect(panel.getByText("Into refurbish")).toBeVisible();
  await expect(panel.getByText("Into return to vendor")).toBeVisible();
  await panel.getByRole("button", { name: /^Process \d items?$/ }).click();
  await expect(panel).toBeHidden();

  // The putaway card: the refurbish line into R-01 (typed as a scanner would, code and Enter), the rest stays.
  const card = page.getByRole("region", { name: `Put away at ${locationName}` });
  await expect(card).toBeVisible();
  await expect(card.getByTestId("putaway-line")).toHaveCount(restocking ? 3 : 2);
  await expect(card.getByTestId("putaway-line").first()).toContainText("Refurbish");
  const refurbishUnits = ret.items[0]?.quantity ?? 1;
  const binField = card.locator("#putaway-bin-0");
  await binField.fill("R-01");
  await binField.press("Enter");
  await expect(card.getByTestId("putaway-line").first()).toContainText(
    `${refurbishUnits} ${refurbishUnits === 1 ? "unit" : "units"} in R-01`,
  );
  await expectNoSeriousA11yViolations(page);
  await saveBothWidths(page, "dispositions-putaway");

  // The item's page: refurbish units in R-01 at the location; one goes back to sellable.
  const item = stock[0] as InventoryItem;
  const statesOf = async () => {
    const response = await page.request.get(
      `/api/v2.2/stores/${store.id}/inventory-items/${item.id}/stock-states`,
    );
    expect(response.status(), await response.text()).toBe(200);
    const body = (await response.json()) as ItemStockStates;
    return body.locations.find((l) => l.location_name === locationName);
  };
  const before = await statesOf();
  expect(before?.states.find((s) => s.state === "refurbish")?.bins.map((b) => b.code)).toContain("R-01");
  await page.goto(`/stores/${store.id}/inventory/${item.id}`);
  const states = page.getByRole("table", { name: `Stock states at ${locationName}` });
  await expect(states.getByRole("row").filter({ hasText: "Refurbish" })).toContainText("R-01");
  await states.getByRole("button", { name: `Change refurbish units at ${locationName}` }).click();
  const dialog = page.getByRole("dialog", { name: `Change refurbish units at ${locationName}` });
  await dialog.getByLabel("From").selectOption({ label: `R-01 (${refurbishUnits})` });
  await dialog.getByLabel("Into state").selectOption("sellable");
  await dialog.getByLabel("Units").fill("1");
  await expectNoSeriousA11yViolations(page);
  await saveBothWidths(page, "dispositions-change-dialog");
  await dialog.getByRole("button", { name: "Change", exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(states.getByRole("row").filter({ hasText: "Sellable" })).toContainText(
    ((before?.sellable ?? 0) + 1).toLocaleString("en-US"),
  );
  const history = page.getByRole("table", { name: "Stock history" }).locator("tbody tr");
  await expect(history.filter({ hasText: "Disposition" }).first()).toContainText("Eddie Editor");
  await expectNoSeriousA11yViolations(page);
  await saveBothWidths(page, "dispositions-item-states");

  // The return-to-vendor units went back to the supplier: written off, with the why in the history.
  const vendorItem = stock[1] as InventoryItem;
  const vendorUnits = ret.items[1]?.quantity ?? 1;
  await page.goto(`/stores/${store.id}/inventory/${vendorItem.id}`);
  const vendorStates = page.getByRole("table", { name: `Stock states at ${locationName}` });
  const vendorRow = vendorStates.getByRole("row").filter({ hasText: "Return to vendor" });
  const heldBefore = Number((await vendorRow.getByRole("cell").nth(1).textContent())?.replace(/,/g, ""));
  expect(heldBefore).toBeGreaterThanOrEqual(vendorUnits);
  await vendorStates
    .getByRole("button", { name: `Change return to vendor units at ${locationName}` })
    .click();
  const writeOff = page.getByRole("dialog", { name: `Change return to vendor units at ${locationName}` });
  await writeOff.getByLabel("Into state").selectOption("written_off");
  await expect(writeOff.getByLabel("Into bin")).toBeHidden();
  await writeOff.getByLabel("Units").fill(String(vendorUnits));
  await writeOff.getByLabel("Why (optional)").fill("Shipped back on RMA 4411");
  await expectNoSeriousA11yViolations(page);
  await saveBothWidths(page, "dispositions-write-off-dialog");
  await writeOff.getByRole("button", { name: "Write off", exact: true }).click();
  await expect(writeOff).toBeHidden();
  if (heldBefore === vendorUnits) await expect(vendorRow).toHaveCount(0);
  else await expect(vendorRow.getByRole("cell").nth(1)).toHaveText(String(heldBefore - vendorUnits));
  const vendorHistory = page.getByRole("table", { name: "Stock history" }).locator("tbody tr");
  await expect(vendorHistory.filter({ hasText: "Written off" }).first()).toContainText(
    "Shipped back on RMA 4411",
  );
});
