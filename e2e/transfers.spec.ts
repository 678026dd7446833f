import type { APIRequestContext } from "@playwright/test";
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
 * A transfer between the demo store's two locations: created in the app (10 units of one product), shipped
 * (the units leave the origin, 4 of them from a bin chosen in the ship dialog), received at the destination in the shipments' Receive mode with one damaged,
 * and closed; the stock of both locations says so.
 */

type Item = {
  id: string;
  sku: string | null;
  name: string | null;
  locations: { location_id: string; quantity: number }[];
};

async function levels(request: APIRequestContext, storeId: string, secret: string, itemId: string) {
  const answer = await request.get(`/api/v2.2/stores/${storeId}/inventory-items/${itemId}`, {
    headers: { Authorization: `Bearer ${secret}` },
  });
  const item = ((await answer.json()) as { inventory_item: Item }).inventory_item;
  return (locationId: string) => item.locations.find((l) => l.location_id === locationId)?.quantity ?? 0;
}

test("an editor transfers 10 units between the two demo locations and receives them with one damaged", async ({
  page,
  run,
}) => {
  test.slow();
  const store = firstDemoStore(run);
  const auth = { Authorization: `Bearer ${store.apiSecret}` };
  await signInAs(page, "editor");
  const located = await page.request.get(`/api/v2.2/stores/${store.id}/locations`, { headers: auth });
  const [origin, destination] = ((await located.json()) as { locations: { id: string; name: string }[] })
    .locations;
  if (!origin || !destination) throw new Error("the demo store has two locations");
  // A catalog product with 10 units or more at the origin, claimed so no other test changes its stock.
  const listed = await page.request.get(
    `/api/v2.2/stores/${store.id}/inventory-items?kind=PRODUCT&location_id=${origin.id}`,
    { headers: { ...auth, "X-Page-Size": "100" } },
  );
  const item = ((await listed.json()) as { inventory_items: Item[] }).inventory_items.find(
    (candidate) =>
      candidate.sku &&
      (candidate.locations.find((l) => l.location_id === origin.id)?.quantity ?? 0) >= 15 &&
      claim("stock", candidate.sku),
  );
  if (!item?.sku) throw new Error("no catalog product with 15 units at the origin");
  const sku = item.sku;
  const before = await levels(page.request, store.id, store.apiSecret, item.id);

  await page.goto(`/stores/${store.id}/transfers`);
  await expect(page.getByRole("heading", { level: 1, name: "Transfers" })).toBeVisible();
  await page.getByRole("link", { name: "New transfer" }).first().click();
  await expect(page.getByRole("heading", { level: 1, name: "New transfer" })).toBeVisible();
  await page.getByLabel("From", { exact: true }).selectOption(origin.id);
  await page.getByLabel("To", { exact: true }).selectOption(destination.id);
  // A scanned SKU and Enter adds the product.
  const picker = page.getByLabel("Add a product by name or SKU");
  await picker.fill(sku);
  await picker.press("Enter");
  const units = page.getByRole("textbox", { name: `Units of ${sku}` });
  await units.fill("10");
  await expectNoSeriousA11yViolations(page);
  await saveBothWidths(page, "transfer-new");
  await page.getByRole("button", { name: "Save draft" }).click();

  await expect(page).toHaveURL(new RegExp(`/stores/${store.id}/transfers/trf_\\w+$`));
  await expect(page.getByText("Draft", { exact: true })).toBeVisible();
  // 4 of the units sit in the origin's bin A-02; the ship dialog takes them from there, the rest unbinned.
  const binList = await page.request.get(`/api/v2.2/stores/${store.id}/locations/${origin.id}/bins`, {
    headers: auth,
  });
  const shelf = ((await binList.json()) as { bins: { id: string; code: string }[] }).bins.find(
    (bin) => bin.code === "A-02",
  );
  if (!shelf) throw new Error("the demo origin has bin A-02");
  const moved = await page.request.post(`/api/v2.2/stores/${store.id}/inventory-items/${item.id}/bin-moves`, {
    headers: auth,
    data: { move: { location_id: origin.id, from_bin_id: null, to_bin_id: shelf.id, quantity: 4 } },
  });
  expect(moved.status(), await moved.text()).toBe(201);
  await page.getByRole("button", { name: "Ship", exact: true }).click();
  const shipDialog = page.getByRole("dialog", { name: "Ship this transfer?" });
  await shipDialog.getByRole("button", { name: /^Choose bins for / }).click();
  await shipDialog.getByRole("textbox", { name: /^A-02 holds 4 of / }).fill("4");
  await expect(shipDialog).toContainText("4 from bins, 6 unbinned");
  await expectNoSeriousA11yViolations(page);
  await saveBothWidths(page, "transfer-ship-bins");
  await shipDialog.getByRole("button", { name: "Ship now" }).click();
  await expect(page.getByText("In transit", { exact: true }).first()).toBeVisible();
  const shipped = await levels(page.request, store.id, store.apiSecret, item.id);
  expect(shipped(origin.id)).toBe(before(origin.id) - 10);
  const binStock = await page.request.get(
    `/api/v2.2/stores/${store.id}/inventory-items/${item.id}/bin-stock`,
    {
      headers: auth,
    },
  );
  const atOrigin = (
    (await binStock.json()) as { locations: { location_id: string; bins: { code: string }[] }[] }
  ).locations.find((location) => location.location_id === origin.id);
  expect(atOrigin?.bins.map((bin) => bin.code)).not.toContain("A-02");
  expect(shipped(destination.id)).toBe(before(destination.id));

  // The destination receives it in the shipments' Receive mode: a carton of 10, one of them damaged.
  await page.getByRole("link", { name: "Receive", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: /^Receive trf_/ })).toBeVisible();
  await expect(page.getByLabel("Scan a barcode, or type a UPC or SKU and press Enter")).toBeFocused();
  await page.keyboard.type(`10*${sku}`);
  await page.keyboard.press("Enter");
  const title = item.name ?? sku;
  const counted = page.getByRole("textbox", { name: /^Counted units of / });
  await expect(counted).toHaveValue("10");
  await page.getByRole("button", { name: /^Damaged or missing units of / }).click();
  await page.getByRole("button", { name: /^One more: Damaged units of / }).click();
  await page.getByLabel(/^Why damaged \(/).selectOption("damaged_in_transit");
  await page.getByRole("button", { name: "Review and complete" }).click();
  const summary = page.getByRole("dialog", { name: "Complete receipt" });
  await summary.getByRole("button", { name: "Complete receipt" }).click();
  await expect(page).toHaveURL(/\/shipments\/inb_\w+\?receipt=rcp_\w+$/);

  // Back on the transfer: closed, 9 received and 1 damaged, and the stock agrees.
  await page.getByRole("link", { name: `Transfer from ${origin.name}` }).click();
  await expect(page.getByText("Closed", { exact: true }).first()).toBeVisible();
  const line = page.getByRole("table", { name: "Transfer lines" }).getByRole("row").nth(1);
  await expect(line).toContainText(title);
  await expect(line.getByRole("cell")).toHaveText([new RegExp(sku), "10", "9", "1", "0"]);
  const after = await levels(page.request, store.id, store.apiSecret, item.id);
  expect(after(origin.id)).toBe(before(origin.id) - 10);
  expect(after(destination.id)).toBe(before(destination.id) + 9);
  await expectNoSeriousA11yViolations(page);
  await saveBothWidths(page, "transfer-page");

  await page.goto(`/stores/${store.id}/transfers?status=CLOSED`);
  await expect(page.getByRole("table", { name: "Transfers" })).toContainText(destination.name);
  await expectNoSeriousA11yViolations(page);
  await saveBothWidths(page, "transfers-list");
});
