import type { APIRequestContext, Page } from "@playwright/test";
import type { InventoryItem } from "../lib/schemas/inventory-items";
import type { Return } from "../lib/schemas/returns";
import {
  claim,
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
 * A return's life on its page, as an editor lives it: approve a pre-shipment return, flag it and take the
 * flag off (it goes back to open); then, on a delivered return (carriers' updates bring it there:
 * e2e/return-tracking.spec.ts), process one item back into stock and reject the other, see it complete,
 * the timeline telling each step, and the stock grown by the restocked units.
 */

/** A return to process, the catalog stock of the item to restock, and that item's place in the return. */
type Candidate = { ret: Return; stock: InventoryItem; keepAt: number };

/** The store's returns in a status, through the API with the editor's session. */
async function returnsIn(request: APIRequestContext, storeId: string, status: string): Promise<Return[]> {
  const response = await request.get(`/api/v2.2/stores/${storeId}/returns?status=${status}`, {
    headers: { "X-Page-Size": "500" },
  });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { returns: Return[] }).returns;
}

/** The PRODUCT inventory item of a SKU, or null: the restock needs one. */
async function stockOf(request: APIRequestContext, storeId: string, sku: string | undefined) {
  if (!sku) return null;
  const response = await request.get(
    `/api/v2.2/stores/${storeId}/inventory-items?sku=${encodeURIComponent(sku)}&kind=PRODUCT&stock=any`,
  );
  expect(response.status(), await response.text()).toBe(200);
  const { inventory_items: items } = (await response.json()) as { inventory_items: InventoryItem[] };
  return items[0] ?? null;
}

/**
 * A delivered return with two items (more if none has two), one of which can go back into stock: the demo has
 * few such returns and other specs take some of them, and of their SKUs, so any item of the return may be the
 * one restocked.
 */
async function processableReturn(request: APIRequestContext, storeId: string): Promise<Candidate> {
  const candidates = (await returnsIn(request, storeId, "delivered"))
    .filter((ret) => ret.items.length >= 2 && ret.tags.length === 0)
    .sort((a, b) => a.items.length - b.items.length || a.id.localeCompare(b.id));
  for (const ret of candidates) {
    for (const [keepAt, item] of ret.items.entries()) {
      const stock = await stockOf(request, storeId, item.sku);
      // Its stock is checked after the restock: no other test may change that SKU's levels meanwhile.
      if (!stock || !item.sku || !claim("stock", item.sku)) continue;
      if (claim("return", ret.id)) return { ret, stock, keepAt };
      break;
    }
  }
  throw new Error("the demo store has no delivered return with two items, one of them restockable");
}

async function levelAt(request: APIRequestContext, storeId: string, itemId: string, locationId: string) {
  const response = await request.get(`/api/v2.2/stores/${storeId}/inventory-items/${itemId}`);
  expect(response.status(), await response.text()).toBe(200);
  const { inventory_item: item } = (await response.json()) as { inventory_item: InventoryItem };
  return item.locations.find((l) => l.location_id === locationId)?.quantity ?? 0;
}

/**
 * An in-transit return with two tracked parcels, the first of which its carrier now says is delivered (an
 * API update): the return waits in transit for the other, though staff have the parcel in hand.
 */
async function halfDeliveredReturn(request: APIRequestContext, storeId: string, apiSecret: string) {
  const candidates = (await returnsIn(request, storeId, "in_transit"))
    .filter(
      (ret) =>
        ret.tags.length === 0 &&
        ret.shipments.length >= 2 &&
        ret.shipments.every((shipment) => shipment.tracker && shipment.status !== "delivered"),
    )
    .sort((a, b) => b.id.localeCompare(a.id));
  const found = claimFirst(
    "return",
    candidates,
    (ret) => ret.id,
    "in-transit return with two tracked parcels",
  );
  const tracker = found.shipments[0]?.tracker;
  if (!tracker) throw new Error("the claimed return has no tracked parcel");
  const response = await request.post(
    `/api/v2.2/stores/${storeId}/return-shipments/${encodeURIComponent(tracker)}/shipment-status`,
    { headers: { authorization: `Bearer ${apiSecret}` }, data: { status: "delivered" } },
  );
  expect(response.status(), await response.text()).toBe(200);
  return found;
}

const status = (page: Page) => page.getByRole("status").filter({ hasText: /^Status:/ });

test("an editor approves and flags a return, then processes a delivered one; the timeline and the stock show it", async ({
  page,
  run,
}) => {
  test.setTimeout(120_000);
  const store = firstDemoStore(run);
  await signInAs(page, "editor");
  const waiting = claimFirst(
    "return",
    await returnsIn(page.request, store.id, "pre_shipment"),
    (ret) => ret.id,
    "pre-shipment return",
  );
  await page.goto(`/stores/${store.id}/returns/${waiting.id}`);
  await expect(
    page.getByRole("heading", { level: 1, name: `Return for order ${waiting.order.name}` }),
  ).toBeVisible();
  await expect(status(page)).toHaveText("Status: Pre-shipment");
  await expect(page.getByRole("button", { name: "Reject…" })).toBeVisible();

  await page.getByRole("button", { name: "Approve" }).click();
  await expect(status(page)).toHaveText("Status: Open");
  // The taken step's button is gone; focus went to the next one, not to the page.
  await expect(page.getByRole("button", { name: "Mark complete…" })).toBeFocused();
  await page.getByRole("button", { name: "Flag", exact: true }).click();
  await expect(status(page)).toHaveText("Status: Flagged");
  await expect(page.getByRole("button", { name: "Unflag" })).toBeFocused();
  await page.getByRole("button", { name: "Unflag" }).click();
  await expect(status(page)).toHaveText("Status: Open");
  const story = page
    .locator("section")
    .filter({ has: page.getByRole("heading", { level: 2, name: "Timeline", exact: true }) })
    .getByRole("listitem");
  for (const words of ["approved the return", "flagged the return", "removed the flag: back to Open"]) {
    await expect(story.filter({ hasText: words }).first()).toBeVisible();
  }
  // Approving is one entry: no second "moved it from Pre-shipment to Open" beside it.
  await expect(story.filter({ hasText: "approved the return" })).toHaveCount(1);
  await expect(story.filter({ hasText: "moved it from Pre-shipment" })).toHaveCount(0);

  // The carrier says a parcel is delivered while the return waits in transit: one step makes it delivered.
  const arrived = await halfDeliveredReturn(page.request, store.id, store.apiSecret);
  await page.goto(`/stores/${store.id}/returns/${arrived.id}`);
  await expect(status(page)).toHaveText("Status: In transit");
  const receive = page.getByRole("button", { name: "Mark received" });
  await expect(receive).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await saveBothWidths(page, "return-mark-received");
  await receive.click();
  await expect(status(page)).toHaveText("Status: Delivered");
  await expect(page.getByRole("button", { name: "Process items…" })).toBeFocused();
  await expect(story.filter({ hasText: "marked it received" })).toHaveCount(1);

  const { ret, stock, keepAt } = await processableReturn(page.request, store.id);
  // The panel lists the items in the return's order: one group each.
  const keep = ret.items[keepAt] as Return["items"][number];
  const others = ret.items.map((_, at) => at).filter((at) => at !== keepAt);
  const [refuseAt, ...restAt] = others as [number, ...number[]];
  const refuse = ret.items[refuseAt] as Return["items"][number];
  await page.goto(`/stores/${store.id}/returns/${ret.id}`);
  await expect(status(page)).toHaveText("Status: Delivered");

  // Escape closes the panel and focus goes back to the button that opened it.
  const processButton = page.getByRole("button", { name: "Process items…" });
  const panel = page.getByRole("dialog", { name: "Process return" });
  await processButton.click();
  await expect(panel).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(panel).toBeHidden();
  await expect(processButton).toBeFocused();

  await processButton.click();
  await expect(panel).toBeVisible();
  // The item in hand, found by the code a scanner types (or the camera reads) into the finder.
  const finder = panel.getByLabel("Find the item in hand: scan or type its barcode, SKU or identifier");
  await finder.fill(keep.upc ?? keep.sku ?? "");
  await finder.press("Enter");
  await expect(panel.getByText(/^Found .+: its choices are marked below\.$/)).toBeVisible();
  const fieldsOf = (index: number) => panel.getByRole("group").nth(index);
  const restockAt = fieldsOf(keepAt).getByLabel("Restock at");
  await expect(fieldsOf(keepAt).getByRole("radio", { name: "Restock", exact: true })).toBeChecked();
  await expect(restockAt).not.toHaveValue("");
  const locationId = await restockAt.inputValue();
  const locationName = (await restockAt.locator("option:checked").textContent()) ?? "";
  await fieldsOf(keepAt).getByLabel("Grade").selectOption("A - Like new");
  // The credit field is empty with no "0.00" that reads as "credit nothing"; its hint says what it does.
  const credit = fieldsOf(keepAt).getByLabel("Credit instead (optional)");
  await expect(credit).not.toHaveAttribute("placeholder");
  await expect(credit).toHaveAccessibleDescription(/credited in place of the item's value/);
  await fieldsOf(refuseAt).getByRole("radio", { name: "Reject", exact: true }).check();
  // Review first: a rejection without its reason is shown beside the field, nothing is sent.
  await panel.getByRole("button", { name: "Review" }).click();
  await expect(fieldsOf(refuseAt).getByText("Say why the item is rejected.")).toBeVisible();
  await fieldsOf(refuseAt).getByLabel("Reason for rejecting").fill("Worn, tags removed");
  for (const at of restAt) {
    await fieldsOf(at).getByRole("radio", { name: "Reject", exact: true }).check();
    await fieldsOf(at).getByLabel("Reason for rejecting").fill("Not ours");
  }
  await expectNoSeriousA11yViolations(page);
  await saveScreenshot(page, "return-process-panel");
  await page.setViewportSize({ width: 768, height: 1024 });
  await saveScreenshot(page, "return-process-panel-768");
  await page.setViewportSize({ width: 1280, height: 900 });

  const before = await levelAt(page.request, store.id, stock.id, locationId);
  await panel.getByRole("button", { name: "Review" }).click();
  await expect(panel.getByText("This will be done, and cannot be undone:")).toBeVisible();
  await panel.getByRole("button", { name: `Process ${ret.items.length} items` }).click();
  await expect(panel).toBeHidden();
  await expect(status(page)).toHaveText("Status: Complete");
  await expect(page.getByRole("button", { name: "Process items…" })).toHaveCount(0);

  // The timeline tells every step, oldest first, with who did it.
  const timeline = page
    .locator("section")
    .filter({ has: page.getByRole("heading", { level: 2, name: "Timeline", exact: true }) });
  const entries = timeline.getByRole("listitem");
  for (const words of [`restocked ${keep.quantity} ×`, "rejected", "completed the return"]) {
    await expect(entries.filter({ hasText: words }).first()).toBeVisible();
  }
  await expect(entries.filter({ hasText: "restocked" }).first()).toContainText(`at ${locationName}`);
  await expect(entries.filter({ hasText: "Worn, tags removed" })).toHaveCount(1);
  await expect(entries.filter({ hasText: "completed the return" })).toContainText("Eddie Editor");
  expect(refuse.id).not.toBe(keep.id);

  await expectNoSeriousA11yViolations(page);
  await saveScreenshot(page, "return-lifecycle-complete");
  await page.setViewportSize({ width: 768, height: 1024 });
  await saveScreenshot(page, "return-lifecycle-complete-768");
  await page.setViewportSize({ width: 1280, height: 900 });

  // The restocked units are in stock: through the API and on the item's page.
  const after = await levelAt(page.request, store.id, stock.id, locationId);
  expect(after).toBe(before + keep.quantity);
  await page.goto(`/stores/${store.id}/inventory/${stock.id}`);
  const levels = page.getByRole("table", { name: "Quantity per location" });
  await expect(levels.getByRole("row").filter({ hasText: locationName })).toContainText(
    after.toLocaleString("en-US"),
  );
  // Its history names the restock as returned and leads back to the return, without internal ids.
  const restock = page.getByRole("table", { name: "Stock history" }).locator("tbody tr").first();
  await expect(restock).toContainText("Returned");
  await expect(restock).not.toContainText("rti_");
  await restock.getByRole("link", { name: "Open the return" }).click();
  await expect(page).toHaveURL(new RegExp(`/returns/${ret.id}$`));
});
