import type { Page } from "@playwright/test";
import {
  expect,
  expectNoSeriousA11yViolations,
  firstDemoStore,
  saveScreenshot,
  signInAs,
  test,
} from "./support/fixtures";
import {
  ageQueuedWrites,
  lineNow,
  pageKeptOffline,
  type Return,
  receiptCount,
  rejectAll,
  returnToChange,
  type Shipment,
  shipmentToReceive,
} from "./support/offline";

/**
 * Offline work that syncs exactly once (docs/offline.md): scanning pages opened once online open again with no
 * network (the service worker), what is done there waits in the offline queue with its Idempotency-Key, and
 * the server ends with each change once, also when the network drops every answer after the server acted.
 */

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
    const ret = await returnToChange(page.request, store.id, "delivered");
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
    await rejectAll(page, ret, "Processed offline");
    await expect(waiting).toHaveText(/2 waiting to send/);

    // A reload with no network: the page comes from the service worker, the queue from IndexedDB.
    await page.reload();
    await expect(waiting).toHaveText(/2 waiting to send/);
    await waiting.click();
    const list = page.getByRole("dialog", { name: /2 waiting to send from this device/ });
    await expect(list.getByRole("listitem")).toHaveCount(2);
    await expect(list.getByRole("listitem").first()).toContainText("Receipt of 20 units for shipment");
    await expect(list.getByRole("listitem").first()).toContainText("Queued by");
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

  test.describe("writes a person decides", () => {
    // Nothing here opens a page offline: the worker is not needed, and Playwright's own requests still go.
    test.use({ serviceWorkers: "block" });

    test("a return processed offline and meanwhile elsewhere is refused, shown with what to do, and applied once", async ({
      page,
      run,
    }) => {
      const store = firstDemoStore(run);
      const api = { Authorization: `Bearer ${store.apiSecret}` };
      await signInAs(page, "editor");
      const ret = await returnToChange(page.request, store.id, "delivered");
      await page.goto(`/stores/${store.id}/returns/${ret.id}`);
      // The panel's reads (the locations to restock at) are in memory before the network goes.
      await page.getByRole("button", { name: "Process items…" }).click();
      await page.keyboard.press("Escape");

      await page.context().setOffline(true);
      await rejectAll(page, ret, "Processed offline");
      const waiting = page.getByRole("button", { name: /waiting to send/ });
      await expect(waiting).toHaveText(/1 waiting to send/);
      // Meanwhile someone at the desk processes it through the API (Playwright's requests ignore the offline page).
      const elsewhere = await page.request.post(`/api/v2.2/returns/${ret.id}/process`, {
        headers: api,
        data: {
          products: ret.items.map((item) => ({ _id: item.id, reject: true, rejectReason: "At the desk" })),
        },
      });
      expect(elsewhere.status(), await elsewhere.text()).toBe(200);

      await page.context().setOffline(false);
      await page.setViewportSize({ width: 390, height: 844 });
      await expect(page.getByRole("button", { name: /1 waiting to send\s*, 1 need you/ })).toBeVisible();
      await waiting.click();
      const row = page.getByRole("dialog", { name: /1 waiting to send/ }).getByRole("listitem");
      await expect(row).toContainText("Needs you: refused");
      await expect(row).toContainText(
        /The server refused it: This return is complete: it cannot be processed\..*Open the page to see how it is now, then send it again on top of that or discard it\./,
      );
      await expect(row.getByRole("link", { name: "Open the page" })).toHaveAttribute(
        "href",
        `/stores/${store.id}/returns/${ret.id}`,
      );
      await expect(row.getByRole("button", { name: "Send again" })).toBeVisible();
      await expectNoSeriousA11yViolations(page);
      await saveScreenshot(page, "offline-conflict-390", { window: true });

      // Discarded: the queue is empty, and the return was processed once, the desk's way.
      await row.getByRole("button", { name: "Discard" }).click();
      await expect(waiting).toHaveCount(0);
      const timeline = await page.request.get(`/api/v2.2/returns/${ret.id}/timeline`, { headers: api });
      const processed = ((await timeline.json()) as { entries: { kind: string; details: object }[] }).entries
        .filter((entry) => entry.kind === "item_processed")
        .map((entry) => entry.details);
      expect(processed).toEqual(
        ret.items.map(() => expect.objectContaining({ rejectReason: "At the desk" })),
      );
    });

    test("a write queued longer ago than the key is kept is held until a person opens the page and sends it", async ({
      page,
      run,
    }) => {
      const store = firstDemoStore(run);
      const api = { Authorization: `Bearer ${store.apiSecret}` };
      await signInAs(page, "editor");
      const ret = await returnToChange(page.request, store.id, "complete");
      const message = `Held offline ${Date.now()}`;
      const comments = async () =>
        (
          (await (
            await page.request.get(`/api/v2.2/returns/${ret.id}/comments`, { headers: api })
          ).json()) as {
            comments: { message?: string }[];
          }
        ).comments.filter((comment) => comment.message === message).length;
      await page.goto(`/stores/${store.id}/returns/${ret.id}`);
      const composer = page.getByLabel("Add a comment");
      await expect(composer).toBeVisible();
      await page.context().setOffline(true);
      await composer.fill(message);
      await page.getByRole("button", { name: "Send comment" }).click();
      const waiting = page.getByRole("button", { name: /waiting to send/ });
      await expect(waiting).toHaveText(/1 waiting to send/);
      // A day on the device: past the 23 hours the queue replays blindly.
      expect(await ageQueuedWrites(page, 24 * 60 * 60 * 1000)).toBe(1);

      await page.context().setOffline(false);
      await expect(page.getByRole("button", { name: /1 waiting to send\s*, 1 need you/ })).toBeVisible();
      expect(await comments()).toBe(0);
      await page.goto(`/stores/${store.id}/returns`);
      await waiting.click();
      const row = page.getByRole("dialog", { name: /1 waiting to send/ }).getByRole("listitem");
      await expect(row).toContainText("Needs you: too old");
      await expect(row).toContainText("Open the page, check whether it already happened");
      await expectNoSeriousA11yViolations(page);
      // "Open the page" is the refresh: the return as it is now, where the person checks.
      await row.getByRole("link", { name: "Open the page" }).click();
      await expect(page).toHaveURL(new RegExp(`/returns/${ret.id}$`));
      await expect(page.getByRole("heading", { level: 1, name: /^Return for order/ })).toBeVisible();
      await waiting.click();
      await row.getByRole("button", { name: "Send anyway" }).click();
      await expect(waiting).toHaveCount(0);
      expect(await comments()).toBe(1);
    });
  });
});
