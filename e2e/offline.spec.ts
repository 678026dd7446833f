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

/**
 * Offline work that syncs exactly once (docs/offline.md): scanning pages opened once online open again with no
 * network (the service worker), what is done there waits in the offline queue with its Idempotency-Key, and
 * the server ends with each change once, also when the network drops every answer after the server acted.
 */

type Line = {
  id: string;
  quantity: number;
  received_quantity: number;
  damaged_quantity: number;
  missing_quantity: number;
  product: { title: string; sku: string | null };
};
type Shipment = { id: string; shipment_id: string | null; items: Line[] };
type Return = { id: string; status: string; items: { id: string }[] };

const untouched = (line: Line) =>
  line.received_quantity + line.damaged_quantity + line.missing_quantity === 0;

/** An in-transit shipment nothing was received from, with a SKU line expecting `units` or more; claimed. */
async function shipmentToReceive(request: APIRequestContext, storeId: string, units: number) {
  const listed = await request.get(`/api/v2.2/stores/${storeId}/inbound-shipments?status=IN_TRANSIT`, {
    headers: { "X-Page-Size": "100" },
  });
  expect(listed.status(), await listed.text()).toBe(200);
  const { inbound_shipments: shipments } = (await listed.json()) as { inbound_shipments: Shipment[] };
  for (const shipment of shipments) {
    const line = shipment.items.find((item) => item.product.sku && item.quantity >= units);
    if (line?.product.sku && shipment.items.every(untouched) && claim("shipment", shipment.id)) {
      return { shipment, line, sku: line.product.sku };
    }
  }
  throw new Error(`the demo has no untouched in-transit shipment with a line of ${units} units`);
}

async function lineNow(request: APIRequestContext, storeId: string, shipmentId: string, lineId: string) {
  const response = await request.get(`/api/v2.2/stores/${storeId}/inbound-shipments/${shipmentId}`);
  expect(response.status(), await response.text()).toBe(200);
  const { inbound_shipment: shipment } = (await response.json()) as { inbound_shipment: Shipment };
  return shipment.items.find((item) => item.id === lineId);
}

async function receiptCount(request: APIRequestContext, storeId: string, shipmentId: string) {
  const response = await request.get(`/api/v2.2/stores/${storeId}/inbound-shipments/${shipmentId}/receipts`, {
    headers: { "X-Page-Size": "100" },
  });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { receipts: unknown[] }).receipts.length;
}

/** A scanner: the code's keystrokes, then Enter. */
async function scan(page: Page, code: string) {
  await page.keyboard.type(code);
  await page.keyboard.press("Enter");
}

async function receive(page: Page, storeId: string, shipment: Shipment, code: string) {
  await expect(page.getByRole("heading", { level: 1, name: /^Receive / })).toBeVisible();
  await expect(page.getByLabel("Scan a barcode, or type a UPC or SKU and press Enter")).toBeFocused();
  await scan(page, code);
  await page.getByRole("button", { name: "Review and complete" }).click();
  const summary = page.getByRole("dialog", { name: "Complete receipt" });
  await summary.getByRole("button", { name: "Complete receipt" }).click();
  await expect(summary).toBeHidden();
  expect(page.url()).toContain(`/stores/${storeId}/shipments/${shipment.id}/receive`);
}

/** Waits until the service worker has kept the page and every API answer it read (none is left out). */
async function pageKeptOffline(page: Page) {
  await page.evaluate(() => navigator.serviceWorker.ready);
  await expect
    .poll(() =>
      page.evaluate(async () => {
        // Answered reads only: a read the page cancelled (a closed panel's) has status 0 and nothing to keep.
        const reads = (performance.getEntriesByType("resource") as PerformanceResourceTiming[])
          .filter((entry) => entry.responseStatus === 200)
          .map((entry) => entry.name)
          .filter((name) => new URL(name).pathname.startsWith("/api/v2.2/"));
        const urls = [window.location.href, ...reads];
        const kept = await Promise.all(urls.map((url) => caches.match(url, { ignoreVary: true })));
        return urls.filter((_url, index) => !kept[index]);
      }),
    )
    .toEqual([]);
}

test.describe("offline", () => {
  // The other specs block the worker (playwright.config.ts); this one is about it.
  test.use({ serviceWorkers: "allow" });
  test("receiving and processing with no network wait on the device, survive a reload and reach the server once", async ({
    page,
    run,
  }) => {
    const store = firstDemoStore(run);
    await signInAs(page, "editor");
    const { shipment, line, sku } = await shipmentToReceive(page.request, store.id, 20);
    const delivered = await page.request.get(`/api/v2.2/stores/${store.id}/returns?status=delivered`, {
      headers: { "X-Page-Size": "200" },
    });
    const ret = ((await delivered.json()) as { returns: Return[] }).returns.find(
      (candidate) => candidate.items.length > 0 && claim("return", candidate.id),
    );
    if (!ret) throw new Error("the demo has no delivered return left to process");
    const receiveUrl = `/stores/${store.id}/shipments/${shipment.id}/receive`;
    const returnUrl = `/stores/${store.id}/returns/${ret.id}`;

    // One online visit of each page: the service worker installs and keeps them (and what they read).
    await page.goto(returnUrl);
    await expect(page.getByRole("button", { name: "Process items…" })).toBeVisible();
    await pageKeptOffline(page);
    // The panel's own reads (the locations to restock at) are kept too.
    await page.getByRole("button", { name: "Process items…" }).click();
    await expect(page.getByRole("dialog", { name: "Process return" })).toBeVisible();
    await page.keyboard.press("Escape");
    await pageKeptOffline(page);
    await page.goto(receiveUrl);
    await expect(page.getByRole("heading", { level: 1, name: /^Receive / })).toBeVisible();
    await pageKeptOffline(page);

    await page.context().setOffline(true);
    await receive(page, store.id, shipment, `20*${sku}`);
    const waiting = page.getByRole("button", { name: /waiting to send/ });
    await expect(waiting).toHaveText(/1 waiting to send/);
    await expect(page.getByRole("status", { name: "Last scan" })).toContainText(
      "Receipt of 20 units kept on this device",
    );

    // The return page opens with no network, from the service worker.
    await page.goto(returnUrl);
    await page.getByRole("button", { name: "Process items…" }).click();
    const panel = page.getByRole("dialog", { name: "Process return" });
    for (let index = 0; index < ret.items.length; index++) {
      const fields = panel.getByRole("group").nth(index);
      await fields.getByRole("radio", { name: "Reject", exact: true }).check();
      await fields.getByLabel("Reason for rejecting").fill("Processed offline");
    }
    await panel.getByRole("button", { name: "Review" }).click();
    await panel.getByRole("button", { name: new RegExp(`^Process ${ret.items.length} items?$`) }).click();
    await expect(panel).toBeHidden();
    await expect(waiting).toHaveText(/2 waiting to send/);

    // A reload with no network: the page comes from the service worker, the queue from IndexedDB.
    await page.reload();
    await expect(waiting).toHaveText(/2 waiting to send/);
    await waiting.click();
    const list = page.getByRole("dialog", { name: /2 waiting to send from this device/ });
    await expect(list.getByRole("listitem")).toHaveCount(2);
    await expect(list.getByRole("listitem").first()).toContainText("Receipt of 20 units for shipment");
    await expect(list.getByRole("listitem").first()).toContainText("Queued by");
    await expect(page.locator("[data-sonner-toast]")).toHaveCount(0, { timeout: 15_000 });
    await expectNoSeriousA11yViolations(page);
    for (const [width, name] of [
      [1280, "offline-waiting-to-send"],
      [768, "offline-waiting-to-send-768"],
      [390, "offline-waiting-to-send-390"],
    ] as const) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
      await saveScreenshot(page, name);
    }
    await page.setViewportSize({ width: 1280, height: 900 });
    await list.getByRole("button", { name: "Close" }).first().click();

    // Back online: both go, in order, once.
    await page.context().setOffline(false);
    await expect(waiting).toHaveCount(0, { timeout: 20_000 });
    expect((await lineNow(page.request, store.id, shipment.id, line.id))?.received_quantity).toBe(20);
    expect(await receiptCount(page.request, store.id, shipment.id)).toBe(1);
    const after = await page.request.get(`/api/v2.2/returns/${ret.id}`);
    expect(((await after.json()) as { return: Return }).return.status).toBe("complete");
  });

  test.describe("with the answers lost", () => {
    // Playwright's routes do not see requests a service worker answers: this test needs none.
    test.use({ serviceWorkers: "block" });

    test("a receipt whose answer is lost 100 times after the server committed is received once", async ({
      page,
      run,
    }) => {
      const store = firstDemoStore(run);
      await signInAs(page, "editor");
      const { shipment, line, sku } = await shipmentToReceive(page.request, store.id, 5);
      let cuts = 0;
      let sent = 0;
      await page.route("**/api/v2.2/stores/*/inbound-shipments/*/receipts", async (route) => {
        if (route.request().method() !== "POST") return route.continue();
        sent += 1;
        // The request reaches the server and is answered; the browser never hears it.
        const response = await route.fetch();
        if (cuts < 100) {
          cuts += 1;
          return route.abort("connectionreset");
        }
        return route.fulfill({ response });
      });
      await page.goto(`/stores/${store.id}/shipments/${shipment.id}/receive`);
      await receive(page, store.id, shipment, `5*${sku}`);

      const waiting = page.getByRole("button", { name: /waiting to send/ });
      await waiting.click();
      const sendNow = page.getByRole("dialog", { name: /waiting to send/ }).getByRole("button", {
        name: "Send now",
      });
      while (cuts < 100) {
        const before = cuts;
        await sendNow.click();
        await expect.poll(() => cuts).toBeGreaterThan(before);
      }
      // The 101st attempt gets its answer (the first one's, replayed): "online" is what the queue listens for.
      await page.evaluate(() => window.dispatchEvent(new Event("online")));
      await expect(waiting).toHaveCount(0);
      expect(sent).toBeGreaterThan(100);
      const now = await lineNow(page.request, store.id, shipment.id, line.id);
      expect(now?.received_quantity).toBe(5);
      expect(await receiptCount(page.request, store.id, shipment.id)).toBe(1);
    });
  });
});
