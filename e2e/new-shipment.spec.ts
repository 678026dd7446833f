import type { Page } from "@playwright/test";
import {
  expect,
  expectNoSeriousA11yViolations,
  firstDemoStore,
  saveScreenshot,
  signInAs,
  test,
} from "./support/fixtures";

/** Recording an inbound shipment (an ASN) from the app: lines picked by product search, errors in place. */

const dataRows = (page: Page) =>
  page.getByRole("table", { name: "Inbound shipments" }).locator("tbody[data-index] > tr:first-child");

test("an editor records a shipment with lines found by search, and sees it first in the list", async ({
  page,
  run,
}) => {
  await signInAs(page, "editor");
  const storeId = firstDemoStore(run).id;
  await page.goto(`/stores/${storeId}/shipments`);
  await page.getByRole("link", { name: "New shipment" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "New inbound shipment" })).toBeVisible();

  // Nothing to send yet: the form says what is missing, where it is missing.
  await page.getByRole("button", { name: "Create shipment" }).click();
  await expect(page.getByText("Add at least one product to the shipment.")).toBeVisible();

  const search = page.getByLabel("Add a product by name or SKU");
  await search.fill("sock");
  const matches = page.getByRole("list", { name: "Matching products" });
  await expect(matches.getByRole("button").first()).toBeVisible();
  const sku = (await matches.getByRole("button").first().locator(".font-mono").textContent()) ?? "";
  await matches.getByRole("button").first().click();
  await search.fill("jacket");
  await matches.getByRole("button").first().click();
  const lines = page.getByRole("table", { name: "Shipment lines" });
  await expect(lines.locator("tbody tr")).toHaveCount(2);
  await lines.getByLabel(`Expected units of ${sku}`).fill("0");
  // What one unit costs from the supplier (claims use it): a third decimal is refused where it is typed.
  const unitCost = lines.getByLabel(new RegExp(`^Unit cost \\([A-Z]{3}\\) of ${sku}$`));
  await unitCost.fill("4.255");
  await page.getByLabel("Your reference").fill("PO-E2E-7001");
  await page.getByLabel("Carrier", { exact: true }).fill("UPS");
  await page.getByLabel("Tracking link").fill("https://www.ups.com/track?tracknum=1ZE2E");
  await page.getByLabel("Expected arrival").fill("2026-12-15");
  await page.getByLabel(/^Freight cost/).fill("84.5");
  await page.getByRole("button", { name: "Create shipment" }).click();
  await expect(page.getByText("Enter the expected units, 1 or more.")).toBeVisible();
  await expect(unitCost).toHaveAccessibleDescription(
    "A unit cost such as 4.25: not negative, at most two decimals.",
  );
  await lines.getByLabel(`Expected units of ${sku}`).fill("24");
  await unitCost.fill("4.25");
  await expectNoSeriousA11yViolations(page);
  await saveScreenshot(page, "new-shipment");
  await page.setViewportSize({ width: 768, height: 1000 });
  await saveScreenshot(page, "new-shipment-768");
  await page.setViewportSize({ width: 1280, height: 900 });

  const created = page.waitForResponse(
    (response) => response.request().method() === "POST" && response.url().endsWith("/inbound-shipments"),
  );
  await page.getByRole("button", { name: "Create shipment" }).click();
  const answer = (await (await created).json()) as {
    inbound_shipment: { items: { product: { sku: string | null }; unit_cost: { amount: string } | null }[] };
  };
  expect(
    answer.inbound_shipment.items.map((item) => [item.product.sku, item.unit_cost?.amount ?? null]),
  ).toEqual([
    [sku, "4.25"],
    [expect.any(String), null],
  ]);
  await expect(page).toHaveURL(new RegExp(`/stores/${storeId}/shipments$`));
  await expect(page.getByText("Shipment PO-E2E-7001 created")).toBeVisible();
  const first = dataRows(page).first();
  await expect(first).toContainText("PO-E2E-7001");
  await expect(first).toContainText("Pending");
  await expect(first).toContainText("UPS");
});

test("a scanned SKU and Enter add the line at once, before the search has paused", async ({ page, run }) => {
  await signInAs(page, "editor");
  const store = firstDemoStore(run);
  const listed = await page.request.get(`/api/v2.2/stores/${store.id}/inventory-items?kind=PRODUCT`, {
    headers: { Authorization: `Bearer ${store.apiSecret}`, "X-Page-Size": "5" },
  });
  const items = ((await listed.json()) as { inventory_items: { sku: string | null }[] }).inventory_items;
  const [first, second] = items.map((item) => item.sku).filter((sku): sku is string => sku !== null);
  if (!first || !second) throw new Error("the demo store has two products with a SKU");
  await page.goto(`/stores/${store.id}/shipments/new`);
  const search = page.getByLabel("Add a product by name or SKU");
  const lines = page.getByRole("table", { name: "Shipment lines" });
  // A scanner: the whole code and Enter in one go, the way a wedge scanner types.
  await search.focus();
  await page.keyboard.insertText(first);
  await page.keyboard.press("Enter");
  await expect(lines.getByLabel(`Expected units of ${first}`)).toBeVisible();
  await expect(search).toHaveValue("");
  await page.keyboard.insertText(second.toLowerCase());
  await page.keyboard.press("Enter");
  await expect(lines.getByLabel(`Expected units of ${second}`)).toBeVisible();
  // The same SKU again is not a second line, and a code that names nothing stays in the field, said so.
  await page.keyboard.insertText(first);
  await page.keyboard.press("Enter");
  await expect(page.getByText(`“${first}” is already chosen.`)).toBeVisible();
  await search.fill("");
  await page.keyboard.insertText("E2E-NO-SUCH-SKU");
  await page.keyboard.press("Enter");
  await expect(page.getByText("Nothing is exactly “E2E-NO-SUCH-SKU”")).toBeVisible();
  await expect(search).toHaveValue("E2E-NO-SUCH-SKU");
  await expect(lines.locator("tbody tr")).toHaveCount(2);
  await expectNoSeriousA11yViolations(page);
  await saveScreenshot(page, "new-shipment-scanned-sku");
  await page.setViewportSize({ width: 768, height: 1000 });
  await saveScreenshot(page, "new-shipment-scanned-sku-768");
  await page.setViewportSize({ width: 1280, height: 900 });
});

test("a viewer is told the role cannot create shipments", async ({ page, run }) => {
  await signInAs(page, "viewer");
  const storeId = firstDemoStore(run).id;
  await page.goto(`/stores/${storeId}/shipments`);
  await expect(page.getByRole("heading", { level: 1, name: "Inbound shipments" })).toBeVisible();
  await expect(page.getByRole("link", { name: "New shipment" })).toHaveCount(0);
  await page.goto(`/stores/${storeId}/shipments/new`);
  await expect(page.getByRole("heading", { name: "Your role cannot create shipments" })).toBeVisible();
});
