import path from "node:path";
import type { APIRequestContext, Page } from "@playwright/test";
import {
  claim,
  expect,
  expectNoSeriousA11yViolations,
  firstDemoStore,
  saveScreenshot,
  signInAs,
  test,
} from "./support/fixtures";
import { SCREENSHOTS_DIR } from "./support/screenshots";
import type { WebhookReceiver } from "./support/webhook-receiver";

/**
 * Receiving at the dock: the shipment page from the list, Receive mode driven by a scanner's
 * keystrokes (the code, then Enter), a carton count, an unknown code kept, 2 damaged units with a reason and a
 * photo, the pending receipt surviving a reload, and the completed receipt on the shipment and in stock.
 */

type Line = {
  id: string;
  quantity: number;
  received_quantity: number;
  damaged_quantity: number;
  missing_quantity: number;
  product: { title: string; sku: string | null; upc?: string | null };
};
type Shipment = {
  id: string;
  shipment_id: string | null;
  location: { id: string; name: string };
  items: Line[];
};

// A 1×1 PNG: what the tablet's camera would give, only smaller.
const PHOTO = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=",
  "base64",
);

const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** A scanner: the code's keystrokes, then Enter, into whatever has focus. */
async function scan(page: Page, code: string) {
  await page.keyboard.type(code);
  await page.keyboard.press("Enter");
}

/**
 * A tablet held landscape (1024x768): the sticky scan panel and receipt summary stay compact, under a third of
 * the screen together, and cover no part of the first line's title and counts, with the page at its top and
 * with the line scrolled to as a scan scrolls to it.
 */
async function expectFirstLineUncovered(page: Page) {
  const firstLine = page.locator("#receive-lines > li").first();
  const panel = page.locator("div.sticky", { has: page.locator("#scan-field") });
  const footer = page.locator("div.sticky", { hasText: "This receipt:" });
  for (const position of ["page top", "line scrolled to"]) {
    if (position === "page top") await page.evaluate(() => window.scrollTo(0, 0));
    else await firstLine.evaluate((element) => element.scrollIntoView({ block: "start" }));
    const [line, top, bottom] = await Promise.all([
      firstLine.boundingBox(),
      panel.boundingBox(),
      footer.boundingBox(),
    ]);
    if (!line || !top || !bottom) throw new Error("receive mode's line, panel or footer is not drawn");
    expect(line.y, `${position}: the line starts below the scan panel`).toBeGreaterThanOrEqual(
      top.y + top.height - 1,
    );
    expect(
      line.y + Math.min(line.height, 120),
      `${position}: its title and counts are above the summary`,
    ).toBeLessThanOrEqual(bottom.y + 1);
    // About a third of the window at most (they took 40 % before going compact; 255 px measured).
    expect(top.height + bottom.height, "the sticky panel and summary together").toBeLessThan(768 * 0.35);
  }
}

/**
 * An in-transit demo shipment nothing was received from, with two lines or more (so one stays outstanding);
 * claimed with its SKUs, whose stock the tests check (no other test takes it or changes those levels).
 */
async function untouchedShipment(request: APIRequestContext, storeId: string, secret: string) {
  const headers = { Authorization: `Bearer ${secret}`, "X-Page-Size": "100" };
  const listed = await request.get(`/api/v2.2/stores/${storeId}/inbound-shipments?status=IN_TRANSIT`, {
    headers,
  });
  expect(listed.ok()).toBe(true);
  const shipments = ((await listed.json()) as { inbound_shipments: Shipment[] }).inbound_shipments;
  const chosen = shipments.find(
    (s) =>
      s.items.length >= 2 &&
      s.items.some((item) => item.product.sku) &&
      s.items.every((item) => item.received_quantity + item.damaged_quantity + item.missing_quantity === 0) &&
      claim("shipment", s.id) &&
      s.items.every((item) => !item.product.sku || claim("stock", item.product.sku)),
  );
  expect(chosen, "the demo has an untouched in-transit shipment with two lines").toBeDefined();
  const detail = await request.get(`/api/v2.2/stores/${storeId}/inbound-shipments/${chosen?.id}`, {
    headers,
  });
  return ((await detail.json()) as { inbound_shipment: Shipment }).inbound_shipment;
}

test("an editor receives a shipment by scanning, with damage and a photo, and it reaches the shipment and stock", async ({
  page,
  run,
  webhookReceiver,
}) => {
  // A long flow (receiving, the shipment, stock, a webhook): given the slow-test budget.
  test.slow();
  const store = firstDemoStore(run);
  await signInAs(page, "editor");
  const shipment = await untouchedShipment(page.request, store.id, store.apiSecret);
  // The merchant's system listens for inbound shipment events.
  const hookPath = `/receiving-${Date.now().toString(36)}`;
  const hook = await page.request.post(`/api/v2.2/stores/${store.id}/webhooks`, {
    headers: { Authorization: `Bearer ${store.apiSecret}` },
    data: {
      webhook: {
        callback: { url: `${webhookReceiver.url}${hookPath}`, auth: null },
        topic: "inbound_shipment",
      },
    },
  });
  expect(hook.status(), await hook.text()).toBe(201);
  const hookId = ((await hook.json()) as { webhook: { id: string } }).webhook.id;
  try {
    await receiveByScanning(page, { store, shipment, hookPath, webhookReceiver });
  } finally {
    await page.request.delete(`/api/v2.2/webhooks/${hookId}`, {
      headers: { Authorization: `Bearer ${store.apiSecret}` },
    });
  }
});

async function receiveByScanning(
  page: Page,
  {
    store,
    shipment,
    hookPath,
    webhookReceiver,
  }: {
    store: ReturnType<typeof firstDemoStore>;
    shipment: Shipment;
    hookPath: string;
    webhookReceiver: WebhookReceiver;
  },
) {
  const target = [...shipment.items]
    .filter((item) => item.product.sku)
    .sort((a, b) => b.quantity - a.quantity)[0];
  if (!target?.product.sku) throw new Error("no line with a SKU");
  const { title } = target.product;
  const sku = target.product.sku;
  const label = shipment.shipment_id ?? shipment.id;
  const auth = { Authorization: `Bearer ${store.apiSecret}` };
  const stock = await page.request.get(
    `/api/v2.2/stores/${store.id}/inventory-items?kind=PRODUCT&stock=any&sku=${encodeURIComponent(sku)}`,
    { headers: auth },
  );
  const inventoryItem = (
    (await stock.json()) as {
      inventory_items: { id: string; locations: { location_id: string; quantity: number }[] }[];
    }
  ).inventory_items[0];
  const before = inventoryItem?.locations.find((l) => l.location_id === shipment.location.id)?.quantity ?? 0;

  // The list links each shipment to its page.
  await page.goto(`/stores/${store.id}/shipments?status=IN_TRANSIT`);
  const firstRow = page
    .getByRole("table", { name: "Inbound shipments" })
    .locator("tbody[data-index] > tr:first-child");
  await firstRow.first().getByRole("link").first().click();
  await expect(page).toHaveURL(new RegExp(`/stores/${store.id}/shipments/inb_\\w+$`));
  await expect(page.getByRole("heading", { level: 1, name: /^Shipment / })).toBeVisible();

  await page.goto(`/stores/${store.id}/shipments/${shipment.id}`);
  await expect(page.getByRole("heading", { level: 1, name: `Shipment ${label}` })).toBeVisible();
  await page.getByRole("link", { name: "Receive", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: `Receive ${label}` })).toBeVisible();
  const scanField = page.getByLabel("Scan a barcode, or type a UPC or SKU and press Enter");
  await expect(scanField).toBeFocused();
  const lastScan = page.getByRole("status", { name: "Last scan" });
  const received = page.getByRole("textbox", { name: `Counted units of ${title}`, exact: true });

  await scan(page, sku);
  await expect(lastScan).toContainText("1 counted now");
  await scan(page, sku);
  // The detail view carries the UPC a scanner reads; without one the SKU stands in.
  await scan(page, target.product.upc ?? sku);
  await expect(received).toHaveValue("3");
  // A carton: its units, *, then the code.
  await scan(page, `2*${sku}`);
  await expect(received).toHaveValue("5");
  await expect(lastScan).toContainText(`+2 ${title}`);
  // With a button focused the scanner's keys still reach the scan field (Enter would have pressed "One less").
  await page.getByRole("button", { name: `One less: Counted units of ${title}` }).focus();
  await scan(page, sku);
  await expect(received).toHaveValue("6");
  await expect(scanField).toBeFocused();
  // A code of no line is kept in sight.
  await scan(page, "E2E-NOT-ON-SHIPMENT");
  await expect(lastScan).toContainText("is not on this shipment");
  await expect(page.getByRole("list", { name: "Codes not on this shipment" })).toContainText(
    "E2E-NOT-ON-SHIPMENT",
  );

  // 2 of the 6 damaged, with a reason and a photo: 4 go into stock.
  await page
    .getByRole("button", { name: new RegExp(`^Damaged or missing units of ${literal(title)}`) })
    .click();
  const oneMoreDamaged = page.getByRole("button", {
    name: `One more: Damaged units of ${title}`,
    exact: true,
  });
  await oneMoreDamaged.click();
  await oneMoreDamaged.click();
  await page.getByLabel(`Why damaged (${title})`, { exact: true }).selectOption("damaged_in_transit");
  await page.getByLabel(`Take or choose a photo of ${title}`, { exact: true }).setInputFiles({
    name: "crushed-box.png",
    mimeType: "image/png",
    buffer: PHOTO,
  });
  await expect(page.getByRole("img", { name: `Attachment 1 of ${title}`, exact: true })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await saveScreenshot(page, "receive-mode");
  await page.setViewportSize({ width: 768, height: 1024 });
  await saveScreenshot(page, "receive-mode-768");
  // A dock page: also as a phone held at the dock shows it.
  await page.setViewportSize({ width: 390, height: 844 });
  await saveScreenshot(page, "receive-mode-390");
  await page.setViewportSize({ width: 1024, height: 768 });
  await expectFirstLineUncovered(page);
  await page.evaluate(() => window.scrollTo(0, 0));
  await saveScreenshot(page, "receive-mode-1024");
  await page.setViewportSize({ width: 1280, height: 900 });

  // A reload (or a flat battery) loses nothing.
  await page.reload();
  await expect(page.getByRole("heading", { level: 1, name: `Receive ${label}` })).toBeVisible();
  await expect(lastScan).toContainText("Restored 6 pending units");
  await expect(received).toHaveValue("6");
  await expect(page.getByRole("textbox", { name: `Damaged units of ${title}`, exact: true })).toHaveValue(
    "2",
  );
  await expect(page.getByLabel(`Why damaged (${title})`, { exact: true })).toHaveValue("damaged_in_transit");
  await expect(page.getByRole("img", { name: `Attachment 1 of ${title}`, exact: true })).toBeVisible();
  await expect(page.getByRole("list", { name: "Codes not on this shipment" })).toContainText(
    "E2E-NOT-ON-SHIPMENT",
  );

  await page.getByRole("button", { name: "Review and complete" }).click();
  const summary = page.getByRole("dialog", { name: "Complete receipt" });
  await expect(summary).toBeVisible();
  await expect(summary.getByRole("row", { name: new RegExp(`^${literal(title)}`) })).toContainText("4");
  await summary.getByLabel("Bin or shelf (optional)").fill("E2E-BIN-1");
  await summary.getByRole("button", { name: "Complete receipt" }).click();

  await expect(page).toHaveURL(new RegExp(`/shipments/${shipment.id}\\?receipt=rcp_\\w+$`));
  await expect(page.getByText(/^Receipt recorded: 4 units into stock/)).toBeVisible();
  await expect(page.getByText("Partially received").first()).toBeVisible();
  const receipt = page.getByRole("list", { name: "Receipts of this shipment" }).getByRole("listitem").first();
  await expect(receipt).toContainText("Just recorded");
  await expect(receipt).toContainText("Bin E2E-BIN-1");
  await expect(receipt).toContainText("Damaged: Damaged in transit");
  await expect(
    receipt.getByRole("img", { name: new RegExp(`^Attachment 1 of ${literal(title)}`) }),
  ).toBeVisible();
  const lines = page.getByRole("table", { name: "Lines of this shipment" });
  await expect(lines.getByRole("row", { name: new RegExp(`^${literal(title)}`) })).toContainText("4");
  // The counts left the device; only the unidentified code stays until someone dismisses it.
  const kept = await page.evaluate(() =>
    Object.keys(localStorage)
      .filter((key) => key.startsWith("backroom:receiving:"))
      .map((key) => JSON.parse(localStorage.getItem(key) ?? "{}") as { lines?: object }),
  );
  expect(kept.every((entry) => Object.keys(entry.lines ?? {}).length === 0)).toBe(true);
  await expectNoSeriousA11yViolations(page);
  await saveScreenshot(page, "shipment-page");
  await page.setViewportSize({ width: 768, height: 1024 });
  await saveScreenshot(page, "shipment-page-768");
  await page.setViewportSize({ width: 1280, height: 900 });

  // The good units are in stock at the destination.
  if (inventoryItem) {
    await page.goto(`/stores/${store.id}/inventory/${inventoryItem.id}`);
    const levels = page.getByRole("table", { name: "Quantity per location" });
    await expect(
      levels.getByRole("row", { name: new RegExp(`^${literal(shipment.location.name)}`) }),
    ).toContainText((before + 4).toLocaleString("en-US"));
  }

  // The list shows it partially received, first (it just moved).
  await page.goto(`/stores/${store.id}/shipments?q=${encodeURIComponent(label)}`);
  const listed = page
    .getByRole("table", { name: "Inbound shipments" })
    .locator("tbody[data-index] > tr")
    .first();
  await expect(listed).toContainText(label);
  await expect(listed).toContainText("Partially received");

  // The merchant's system was told: an inbound_shipment "updated" event with the new counts.
  const delivered = await webhookReceiver.waitForRequest((request) => {
    if (request.path !== hookPath) return false;
    const event = JSON.parse(request.body) as {
      type?: string;
      inbound_shipment?: { id: string; status: string };
    };
    return (
      event.type === "updated" &&
      event.inbound_shipment?.id === shipment.id &&
      event.inbound_shipment.status === "PARTIALLY_RECEIVED"
    );
  }, 30_000);
  const event = JSON.parse(delivered.body) as { topic: string; inbound_shipment: { damaged_count: number } };
  expect(event.topic).toBe("inbound_shipment");
  expect(event.inbound_shipment.damaged_count).toBe(2);
}

test("damaged units are among the scanned ones, and units over expected are loud and confirmed", async ({
  page,
  run,
}) => {
  test.slow();
  const store = firstDemoStore(run);
  await signInAs(page, "editor");
  const shipment = await untouchedShipment(page.request, store.id, store.apiSecret);
  const target = shipment.items.find((item) => item.product.sku && item.quantity >= 3);
  if (!target?.product.sku) throw new Error("no line of 3 units or more with a SKU");
  const { title, sku } = { title: target.product.title, sku: target.product.sku };
  const expected = target.quantity;
  await page.goto(`/stores/${store.id}/shipments/${shipment.id}/receive`);
  const lastScan = page.getByRole("status", { name: "Last scan" });
  const line = page.locator("#receive-lines > li").filter({ hasText: title });
  await expect(page.getByLabel("Scan a barcode, or type a UPC or SKU and press Enter")).toBeFocused();

  // Every expected unit scanned, 2 of them damaged: expected units dealt with, 2 short of stock, nothing over.
  await scan(page, `${expected}*${sku}`);
  await expect(lastScan).toContainText(`${expected} of ${expected} expected dealt with`);
  await page
    .getByRole("button", { name: new RegExp(`^Damaged or missing units of ${literal(title)}`) })
    .click();
  await page.getByRole("textbox", { name: `Damaged units of ${title}`, exact: true }).fill("2");
  await page.getByLabel(`Why damaged (${title})`, { exact: true }).selectOption("defective");
  await expect(page.getByRole("textbox", { name: `Counted units of ${title}`, exact: true })).toHaveValue(
    String(expected),
  );
  await expect(line).toContainText(`${expected - 2} into stock, 2 damaged`);
  await expect(line).toContainText("2 short");
  await expect(line).not.toContainText("over expected");
  await expect(
    page.getByText(`This receipt: ${expected - 2} into stock + 2 damaged + 0 missing`),
  ).toBeVisible();

  // One more scan is over expected: said as a warning on the scan, the line and the footer.
  await page.getByLabel("Scan a barcode, or type a UPC or SKU and press Enter").focus();
  await scan(page, sku);
  await expect(lastScan).toContainText("1 over expected");
  await expect(lastScan).toHaveClass(/amber/);
  await expect(line).toContainText("1 over expected: check the count");
  await expectNoSeriousA11yViolations(page);
  await saveScreenshot(page, "receive-over-expected");
  await page.setViewportSize({ width: 768, height: 1024 });
  await saveScreenshot(page, "receive-over-expected-768");
  await page.setViewportSize({ width: 390, height: 844 });
  await saveScreenshot(page, "receive-over-expected-390");
  await page.setViewportSize({ width: 1280, height: 900 });

  // Completing asks before recording units above the expected quantity.
  await page.getByRole("button", { name: "Review and complete" }).click();
  const summary = page.getByRole("dialog", { name: "Complete receipt" });
  await expect(summary).toContainText(`1 unit over expected on ${sku} (1)`);
  await summary.getByRole("button", { name: "Complete receipt" }).click();
  await expect(summary.getByRole("alert")).toContainText("Confirm the units over expected");
  await expect(
    summary.getByRole("checkbox", { name: /record 1 unit above the expected quantity/ }),
  ).toBeFocused();
  await expectNoSeriousA11yViolations(page);
  await saveScreenshot(page, "receive-over-expected-confirm");
  await page.setViewportSize({ width: 768, height: 1024 });
  await saveScreenshot(page, "receive-over-expected-confirm-768");
  await page.setViewportSize({ width: 390, height: 844 });
  await saveScreenshot(page, "receive-over-expected-confirm-390");
  await page.setViewportSize({ width: 1280, height: 900 });
  await summary.getByRole("checkbox", { name: /record 1 unit above the expected quantity/ }).check();
  await summary.getByRole("button", { name: "Complete receipt" }).click();
  await expect(page.getByText(`Receipt recorded: ${expected - 1} units into stock`)).toBeVisible();
  const lines = page.getByRole("table", { name: "Lines of this shipment" });
  await expect(lines.getByRole("row", { name: new RegExp(`^${literal(title)}`) })).toContainText(
    "1 over expected",
  );
  await expect(page.getByText(/units dealt with, of/)).toBeVisible();

  // The extra unit was a double scan: the receipt is corrected from its history, never edited.
  const receipts = page.getByRole("list", { name: "Receipts of this shipment" });
  const recorded = receipts.getByRole("listitem").first();
  await recorded.getByRole("button", { name: /^Correct this receipt/ }).click();
  const correct = page.getByRole("dialog", { name: /^Correct receipt rcp_/ });
  const lineFields = correct.getByRole("group", { name: new RegExp(`^${literal(title)}`) });
  await expect(lineFields.getByLabel(`Received (was ${expected - 1})`)).toHaveValue(String(expected - 1));
  await correct.getByRole("button", { name: "Record correction" }).click();
  await expect(correct.getByText("Say what was wrong with the receipt.")).toBeVisible();
  await lineFields.getByLabel(`Received (was ${expected - 1})`).fill(String(expected - 2));
  await correct.getByLabel("What was wrong").fill("One unit was scanned twice");
  await expectNoSeriousA11yViolations(page);
  await saveScreenshot(page, "receipt-correct");
  await page.setViewportSize({ width: 768, height: 1024 });
  await saveScreenshot(page, "receipt-correct-768");
  await page.setViewportSize({ width: 1280, height: 900 });
  await correct.getByRole("button", { name: "Record correction" }).click();
  await expect(correct).toBeHidden();
  await expect(receipts.getByRole("listitem").first()).toContainText("Correction of rcp_");
  await expect(receipts.getByRole("listitem").first()).toContainText("−1");
  await expect(lines.getByRole("row", { name: new RegExp(`^${literal(title)}`) })).toContainText("2 short");

  // The stock history links each received line to its receipt.
  const stock = await page.request.get(
    `/api/v2.2/stores/${store.id}/inventory-items?kind=PRODUCT&stock=any&sku=${encodeURIComponent(sku)}`,
    { headers: { Authorization: `Bearer ${store.apiSecret}` } },
  );
  const itemId = ((await stock.json()) as { inventory_items: { id: string }[] }).inventory_items[0]?.id;
  if (itemId) {
    await page.goto(`/stores/${store.id}/inventory/${itemId}`);
    const history = page.getByRole("table", { name: "Stock history" });
    const link = history.getByRole("link", { name: /^Receipt rcp_/ }).first();
    const anchor = ((await link.getAttribute("href")) ?? "").split("#")[1] ?? "";
    await link.click();
    await expect(page).toHaveURL(new RegExp(`/shipments/${shipment.id}#receipt-rcp_\\w+$`));
    await expect(page.locator(`[id="${anchor}"]`)).toBeFocused();
    await expect(page.locator(`[id="${anchor}"]`)).toBeInViewport();
  }
});

test("a fully received shipment asks before Receive mode, with an explicit way to receive more", async ({
  page,
  run,
}) => {
  const store = firstDemoStore(run);
  await signInAs(page, "editor");
  const listed = await page.request.get(`/api/v2.2/stores/${store.id}/inbound-shipments?status=RECEIVED`, {
    headers: { Authorization: `Bearer ${store.apiSecret}`, "X-Page-Size": "1" },
  });
  const [received] = ((await listed.json()) as { inbound_shipments: Shipment[] }).inbound_shipments;
  if (!received) throw new Error("the demo store has a received shipment");
  await page.goto(`/stores/${store.id}/shipments/${received.id}/receive`);
  await expect(page.getByRole("heading", { name: "This shipment is fully received" })).toBeVisible();
  await expect(page.getByLabel("Scan a barcode, or type a UPC or SKU and press Enter")).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
  await saveScreenshot(page, "receive-fully-received");
  await page.setViewportSize({ width: 768, height: 1024 });
  await saveScreenshot(page, "receive-fully-received-768");
  await page.setViewportSize({ width: 390, height: 844 });
  await saveScreenshot(page, "receive-fully-received-390");
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.getByRole("button", { name: "Receive more anyway" }).click();
  await expect(page.getByLabel("Scan a barcode, or type a UPC or SKU and press Enter")).toBeVisible();
});

test("a viewer sees the shipment page without Receive and cannot open Receive mode", async ({
  page,
  run,
}) => {
  const store = firstDemoStore(run);
  await signInAs(page, "viewer");
  const listed = await page.request.get(`/api/v2.2/stores/${store.id}/inbound-shipments`, {
    headers: { Authorization: `Bearer ${store.apiSecret}`, "X-Page-Size": "1" },
  });
  const [shipment] = ((await listed.json()) as { inbound_shipments: Shipment[] }).inbound_shipments;
  if (!shipment) throw new Error("the demo store has no shipment");
  await page.goto(`/stores/${store.id}/shipments/${shipment.id}`);
  await expect(page.getByRole("heading", { level: 1, name: /^Shipment / })).toBeVisible();
  await expect(page.getByRole("table", { name: "Lines of this shipment" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Receive", exact: true })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
  await saveScreenshot(page, "shipment-page-viewer");
  await page.goto(`/stores/${store.id}/shipments/${shipment.id}/receive`);
  await expect(page.getByRole("heading", { name: "Your role cannot receive shipments" })).toBeVisible();
  await expect(page.getByLabel("Scan a barcode, or type a UPC or SKU and press Enter")).toHaveCount(0);
});

test("a lot-tracked product's line asks for its lot and expiry, typed or scanned, and the receipt keeps them", async ({
  page,
  run,
}) => {
  const store = firstDemoStore(run);
  const headers = { Authorization: `Bearer ${store.apiSecret}` };
  const tag = Math.random().toString(36).slice(2, 8).toUpperCase();
  const sku = `LOT-${tag}`;
  const uploaded = await page.request.post(`/api/v2.2/stores/${store.id}/products/bulk-upload`, {
    headers,
    data: {
      products: [
        {
          title: `Sunscreen ${tag}`,
          external_id: sku,
          tracks_lots: true,
          variants: [{ sku, price: 1200, currency: store.currency }],
        },
      ],
    },
  });
  expect(uploaded.status(), await uploaded.text()).toBe(200);
  const locations = await page.request.get(`/api/v2.2/stores/${store.id}/locations`, { headers });
  const [location] = ((await locations.json()) as { locations: { id: string }[] }).locations;
  const created = await page.request.post(`/api/v2.2/stores/${store.id}/inbound-shipments`, {
    headers,
    data: {
      inbound_shipment: {
        location_id: location?.id,
        shipment_id: `LOT-${tag}`,
        items: [{ sku, quantity: 2 }],
      },
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const shipment = ((await created.json()) as { inbound_shipment: Shipment }).inbound_shipment;

  await signInAs(page, "editor");
  await page.goto(`/stores/${store.id}/shipments/${shipment.id}/receive`);
  await expect(page.getByLabel("Scan a barcode, or type a UPC or SKU and press Enter")).toBeFocused();
  await scan(page, sku);
  await scan(page, sku);
  await page.getByRole("button", { name: "Review and complete" }).click();
  // Received units of a lot-tracked product need their lot: the field says so and takes focus.
  const lot = page.getByRole("textbox", { name: `Lot number of Sunscreen ${tag}` });
  await expect(lot).toBeFocused();
  await expect(page.getByText("Scan or type the lot number.")).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await saveScreenshot(page, "receive-lot");
  await page.setViewportSize({ width: 768, height: 1024 });
  await saveScreenshot(page, "receive-lot-768");
  await page.setViewportSize({ width: 1280, height: 900 });
  // A scanner reading the lot label types it and Enter: focus moves on to the expiry, then back to scanning.
  await page.keyboard.type(`L${tag}`);
  await page.keyboard.press("Enter");
  const expiry = page.getByLabel(`Expiry (optional) of Sunscreen ${tag}`);
  await expect(expiry).toBeFocused();
  await expiry.fill("2027-03-31");
  await expiry.press("Enter");
  await expect(page.getByLabel("Scan a barcode, or type a UPC or SKU and press Enter")).toBeFocused();

  await page.getByRole("button", { name: "Review and complete" }).click();
  await page
    .getByRole("dialog", { name: "Complete receipt" })
    .getByRole("button", { name: "Complete receipt" })
    .click();
  await expect(page.getByText(`Lot L${tag}, expires 2027-03-31`)).toBeVisible();
  const items = await page.request.get(`/api/v2.2/stores/${store.id}/inventory-items?stock=any&sku=${sku}`, {
    headers,
  });
  expect(await items.json()).toMatchObject({
    inventory_items: [{ lot_number: `L${tag}`, expiration_date: "2027-03-31" }],
  });
});

/**
 * The shipment page at 1280 px, and its receipt history alone at 768 and 390 px (a dock's phone), where the page
 * is taller than a whole-page capture takes and the history is below the first screen.
 */
async function saveReceiptHistory(page: Page, name: string): Promise<void> {
  await page.setViewportSize({ width: 1280, height: 900 });
  await saveScreenshot(page, name);
  if (process.env.E2E_SCREENSHOTS === "0") return;
  // A phone's width with room for the whole history: the app's shell scrolls its main area, so the part of an
  // element below the window is captured blank.
  for (const [width, height] of [
    [768, 1024],
    [390, 1400],
  ] as const) {
    await page.setViewportSize({ width, height });
    await page.locator("#receipts").screenshot({
      path: path.join(SCREENSHOTS_DIR, `${name}-${width}.png`),
      animations: "disabled",
      // The toast of what was just recorded would cover the lines it is about.
      style: "[data-sonner-toaster] { display: none !important; }",
    });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

test("serial numbers are scanned per unit on a line and sent with the receipt for the chain of custody", async ({
  page,
  run,
}) => {
  const store = firstDemoStore(run);
  const headers = { Authorization: `Bearer ${store.apiSecret}` };
  const tag = Math.random().toString(36).slice(2, 8).toUpperCase();
  const sku = `SER-${tag}`;
  const uploaded = await page.request.post(`/api/v2.2/stores/${store.id}/products/bulk-upload`, {
    headers,
    data: {
      products: [
        {
          title: `Headphones ${tag}`,
          external_id: sku,
          variants: [{ sku, price: 9900, currency: store.currency }],
        },
      ],
    },
  });
  expect(uploaded.status(), await uploaded.text()).toBe(200);
  const locations = await page.request.get(`/api/v2.2/stores/${store.id}/locations`, { headers });
  const [location] = ((await locations.json()) as { locations: { id: string }[] }).locations;
  const created = await page.request.post(`/api/v2.2/stores/${store.id}/inbound-shipments`, {
    headers,
    data: {
      inbound_shipment: {
        location_id: location?.id,
        shipment_id: `SER-${tag}`,
        items: [{ sku, quantity: 2 }],
      },
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const shipment = ((await created.json()) as { inbound_shipment: Shipment }).inbound_shipment;

  await signInAs(page, "editor");
  await page.goto(`/stores/${store.id}/shipments/${shipment.id}/receive`);
  const scanField = page.getByLabel("Scan a barcode, or type a UPC or SKU and press Enter");
  await expect(scanField).toBeFocused();
  await scan(page, sku);
  await scan(page, sku);
  await page.getByRole("button", { name: `Serials of Headphones ${tag}` }).click();
  const serialField = page.getByRole("textbox", { name: `Serial numbers (optional) of Headphones ${tag}` });
  await serialField.focus();
  // A scanner reads each unit's serial and Enter; the field stays for the next one, a double scan counts once.
  await scan(page, `SN-${tag}-1`);
  await scan(page, `SN-${tag}-1`);
  await expect(page.getByText(`SN-${tag}-1 is already on this line.`)).toBeVisible();
  await scan(page, `SN-${tag}-2`);
  await scan(page, `SN-${tag}-3`);
  await expect(serialField).toBeFocused();
  const serials = page.getByRole("list", { name: `Serial numbers of Headphones ${tag}` });
  await expect(serials.getByRole("listitem")).toHaveCount(3);

  // Three serials for two units: the receipt is not sent, and the line says why.
  await page.getByRole("button", { name: "Review and complete" }).click();
  await expect(
    page.getByText("3 serials for 2 units into stock: at most one serial per unit", { exact: false }),
  ).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  // Each width with the line's serials in the middle of the window, clear of the sticky receipt summary.
  for (const [width, height, name] of [
    [390, 844, "receive-serials-390"],
    [768, 1024, "receive-serials-768"],
    [1280, 900, "receive-serials"],
  ] as const) {
    await page.setViewportSize({ width, height });
    await serials.evaluate((element) => element.scrollIntoView({ block: "center" }));
    await saveScreenshot(page, name);
  }
  await page.getByRole("button", { name: `Remove serial SN-${tag}-3 of Headphones ${tag}` }).click();
  await expect(
    page.getByText("3 serials for 2 units into stock: at most one serial per unit", { exact: false }),
  ).toBeHidden();
  // Enter on the empty field returns to scanning.
  await serialField.press("Enter");
  await expect(scanField).toBeFocused();

  const sent = page.waitForRequest(
    (request) =>
      request.method() === "POST" && request.url().endsWith(`/inbound-shipments/${shipment.id}/receipts`),
  );
  await page.getByRole("button", { name: "Review and complete" }).click();
  await page
    .getByRole("dialog", { name: "Complete receipt" })
    .getByRole("button", { name: "Complete receipt" })
    .click();
  const body = (await sent).postDataJSON() as {
    receipt: { lines: { received: number; serials?: string[] }[] };
  };
  expect(body.receipt.lines).toEqual([
    expect.objectContaining({ received: 2, serials: [`SN-${tag}-1`, `SN-${tag}-2`] }),
  ]);
  await expect(page.getByText("Just recorded")).toBeVisible();

  // The receipt history shows the line's serials, folded under their count.
  const receipts = page.getByRole("list", { name: "Receipts of this shipment" });
  const recorded = receipts.getByRole("listitem").first();
  const recordedSerials = recorded.getByRole("list", { name: `Serials of Headphones ${tag}` });
  await expect(recordedSerials).toBeHidden();
  await recorded.locator("summary", { hasText: "2 serials" }).click();
  await expect(recordedSerials.getByRole("listitem")).toHaveText([`SN-${tag}-1`, `SN-${tag}-2`]);
  await expectNoSeriousA11yViolations(page);
  await saveReceiptHistory(page, "receipt-serials");

  // One unit was never here: the correction takes its serial back, and the count must agree.
  await recorded.getByRole("button", { name: /^Correct this receipt/ }).click();
  const correct = page.getByRole("dialog", { name: /^Correct receipt rcp_/ });
  const lineFields = correct.getByRole("group", { name: new RegExp(`^Headphones ${tag}`) });
  await expect(correct.getByRole("checkbox")).toHaveCount(0);
  await lineFields.getByLabel("Received (was 2)").fill("1");
  await correct.getByRole("checkbox", { name: `SN-${tag}-1` }).check();
  await correct.getByRole("checkbox", { name: `SN-${tag}-2` }).check();
  await correct.getByLabel("What was wrong").fill("SN-2 belonged to another shipment");
  await correct.getByRole("button", { name: "Record correction" }).click();
  await expect(
    correct.getByText("2 serials picked for 1 unit taken back: at most one serial per unit taken back."),
  ).toBeVisible();
  await expect(correct.getByRole("checkbox", { name: `SN-${tag}-1` })).toBeFocused();
  await expectNoSeriousA11yViolations(page);
  for (const [width, height, name] of [
    [390, 844, "receipt-correct-serials-390"],
    [768, 1024, "receipt-correct-serials-768"],
    [1280, 900, "receipt-correct-serials"],
  ] as const) {
    await page.setViewportSize({ width, height });
    await saveScreenshot(page, name, { window: true });
  }
  const sentCorrection = page.waitForRequest(
    (request) =>
      request.method() === "POST" && request.url().endsWith(`/inbound-shipments/${shipment.id}/receipts`),
  );
  await correct.getByRole("checkbox", { name: `SN-${tag}-1` }).uncheck();
  await correct.getByRole("button", { name: "Record correction" }).click();
  expect((await sentCorrection).postDataJSON()).toMatchObject({
    receipt: { lines: [{ received: -1, serials: [`SN-${tag}-2`] }] },
  });
  await expect(correct).toBeHidden();

  // The correction says which serial it took back; the receipt keeps its record, the serial marked as gone.
  const correction = receipts.getByRole("listitem").first();
  await expect(correction).toContainText("Correction of rcp_");
  await correction.locator("summary", { hasText: "1 serial taken back" }).click();
  await expect(
    correction.getByRole("list", { name: `Serials of Headphones ${tag}` }).getByRole("listitem"),
  ).toHaveText([`SN-${tag}-2`]);
  const original = receipts.getByRole("listitem").filter({ hasText: "Corrected by rcp_" });
  // Still open from before: the disclosure keeps its state while the history refreshes.
  await expect(original.locator("summary")).toHaveText(/^2 serials · 1 taken back/);
  await expect(
    original.getByRole("list", { name: `Serials of Headphones ${tag}` }).getByRole("listitem"),
  ).toHaveText([`SN-${tag}-1`, `SN-${tag}-2 (taken back)`]);
  // Put-away offers what the correction left of the receipt: one unit, not the two received.
  await expect(page.getByText("1 unit of 1 to put away")).toBeVisible();
  await expect(page.getByRole("spinbutton", { name: "Units" })).toHaveValue("1");
  await expectNoSeriousA11yViolations(page);
  await saveReceiptHistory(page, "receipt-serials-corrected");
  // A second correction no longer offers the serial taken back.
  await original.getByRole("button", { name: /^Correct this receipt/ }).click();
  await correct
    .getByRole("group", { name: new RegExp(`^Headphones ${tag}`) })
    .getByLabel("Received (was 2)")
    .fill("0");
  await expect(correct.getByRole("checkbox")).toHaveCount(1);
  await expect(correct.getByRole("checkbox", { name: `SN-${tag}-1` })).toBeVisible();
  await expect(correct.getByRole("checkbox", { name: `SN-${tag}-2` })).toHaveCount(0);
});
