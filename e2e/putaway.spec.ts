import path from "node:path";
import { chromium, type Page } from "@playwright/test";
import type { ItemBinStock } from "../lib/schemas/bins";
import { FAKE_CAMERA_ARGS, writeFakeCameraVideo } from "./support/fake-camera";
import {
  claim,
  expect,
  expectNoSeriousA11yViolations,
  firstDemoStore,
  saveScreenshot,
  signInAs,
  test,
} from "./support/fixtures";
import { pdfPageAsCameraFrame } from "./support/pdf-frame";
import { baseUrl, runDir } from "./support/run-context";

/**
 * Putaway (docs/bins.md): two bins made by a CSV import, the first one's label printed as a PDF and held to the
 * camera (its PDF drawn by pdf.js, as e2e/camera-scan.spec.ts does), a received line split between that bin (by
 * the camera) and the second (its code typed by a hardware scanner: code and Enter), and the item's bin stock.
 */

type Shipment = {
  id: string;
  location: { id: string; name: string };
  items: { id: string; quantity: number; product: { title: string; sku: string | null } }[];
};

async function atThreeWidths(page: Page, name: string) {
  await saveScreenshot(page, name);
  await page.setViewportSize({ width: 768, height: 1024 });
  await saveScreenshot(page, `${name}-768`);
  await page.setViewportSize({ width: 390, height: 844 });
  await saveScreenshot(page, `${name}-390`);
  await page.setViewportSize({ width: 1280, height: 900 });
}

test("a received line is put away in two bins: one by its label read by the camera, one by a scanner", async ({
  run,
  page,
  launchOptions,
}) => {
  test.slow();
  const store = firstDemoStore(run);
  const headers = { Authorization: `Bearer ${store.apiSecret}` };
  const listed = await page.request.get(`/api/v2.2/stores/${store.id}/inbound-shipments?status=IN_TRANSIT`, {
    headers: { ...headers, "X-Page-Size": "50" },
  });
  expect(listed.status(), await listed.text()).toBe(200);
  let shipment: Shipment | undefined;
  for (const candidate of ((await listed.json()) as { inbound_shipments: Shipment[] }).inbound_shipments) {
    if (
      candidate.items.some((item) => item.product.sku && item.quantity >= 2) &&
      claim("shipment", candidate.id)
    ) {
      shipment = candidate;
      break;
    }
  }
  if (!shipment) throw new Error("no unclaimed in-transit demo shipment has a line of 2 units with a SKU");
  const line = shipment.items.find(
    (item) => item.product.sku && item.quantity >= 2,
  ) as Shipment["items"][number];
  const sku = line.product.sku as string;

  // Two bins by CSV import into the shipment's location.
  const tag = Math.random().toString(36).slice(2, 7).toUpperCase();
  const [shelf, overflow] = [`PUT-${tag}-A`, `PUT-${tag}-B`];
  const imported = await page.request.post(
    `/api/v2.2/stores/${store.id}/bins/import?location_id=${shipment.location.id}`,
    {
      headers: { ...headers, "Content-Type": "text/csv" },
      data: `code,zone,capacity\n${shelf},Putaway E2E,50\n${overflow},Putaway E2E,\n`,
    },
  );
  expect(imported.status(), await imported.text()).toBe(200);
  expect((await imported.text()).trim().split("\n").at(-1)).toContain('"created":2');
  const bins = await page.request.get(`/api/v2.2/stores/${store.id}/locations/${shipment.location.id}/bins`, {
    headers,
  });
  const shelfId = ((await bins.json()) as { bins: { id: string; code: string }[] }).bins.find(
    (bin) => bin.code === shelf,
  )?.id;
  // The shelf's label, 2x1 PDF, as a camera sees it.
  const printed = await page.request.post(`/api/v2.2/stores/${store.id}/bins/${shelfId}/labels`, {
    headers,
    data: { format: "pdf", size: "2x1", copies: 1 },
  });
  expect(printed.status(), await printed.text()).toBe(200);
  const video = path.join(runDir(), `camera-bin-${tag}.y4m`);
  writeFakeCameraVideo(video, [{ luma: await pdfPageAsCameraFrame(page, await printed.body()), frames: 2 }]);

  const browser = await chromium.launch({
    ...launchOptions,
    args: [...(launchOptions.args ?? []), ...FAKE_CAMERA_ARGS(video)],
  });
  try {
    const context = await browser.newContext({ baseURL: baseUrl(), viewport: { width: 1280, height: 900 } });
    const dock = await context.newPage();
    await signInAs(dock, "editor");
    await dock.goto(`/stores/${store.id}/shipments/${shipment.id}/receive`);
    const scanField = dock.getByLabel("Scan a barcode, or type a UPC or SKU and press Enter");
    await expect(scanField).toBeFocused();
    for (let unit = 0; unit < 2; unit++) {
      await dock.keyboard.type(sku);
      await dock.keyboard.press("Enter");
    }
    await expect(
      dock.getByRole("textbox", { name: `Counted units of ${line.product.title}`, exact: true }),
    ).toHaveValue("2");
    await dock.getByRole("button", { name: "Review and complete" }).click();
    await dock
      .getByRole("dialog", { name: "Complete receipt" })
      .getByRole("button", { name: "Complete receipt" })
      .click();

    // The shipment page asks where the received units go.
    const card = dock.getByRole("region", { name: `Put away at ${shipment.location.name}` });
    const putaway = card.getByTestId("putaway-line").filter({ hasText: line.product.title });
    await expect(putaway).toContainText("2 units of 2 to put away");
    await expect(putaway).toContainText(/Suggested: |No suggestion/);
    await expectNoSeriousA11yViolations(dock);
    await atThreeWidths(dock, "putaway-card");

    // One unit into the shelf: its printed label read by the camera.
    await putaway.getByRole("spinbutton", { name: "Units" }).fill("1");
    await putaway.getByRole("button", { name: "Scan with camera" }).click();
    const camera = dock.getByRole("dialog", { name: `Scan a bin for ${sku}` });
    await expect(putaway).toContainText(`1 unit in ${shelf}`, { timeout: 30_000 });
    await expect(camera).toBeHidden();
    await expect(putaway).toContainText("1 unit of 2 to put away");

    // The other into the overflow bin: a scanner types its code (any case) and Enter into the bin field.
    await putaway.getByRole("textbox", { name: `Bin for ${sku}` }).focus();
    await dock.keyboard.type(overflow.toLowerCase());
    await dock.keyboard.press("Enter");
    await expect(putaway).toContainText(`1 unit in ${shelf}, 1 unit in ${overflow}`);
    await expect(putaway).toContainText("All put away");
    await expectNoSeriousA11yViolations(dock);
    await atThreeWidths(dock, "putaway-card-done");
  } finally {
    await browser.close();
  }

  // The ledger's answer: both bins hold one unit of the item; the suggestion learnt the last bin.
  const receipts = await page.request.get(
    `/api/v2.2/stores/${store.id}/inbound-shipments/${shipment.id}/receipts`,
    {
      headers,
    },
  );
  const itemId = ((await receipts.json()) as { receipts: { lines: { inventory_item_id: string }[] }[] })
    .receipts[0]?.lines[0]?.inventory_item_id as string;
  const stock = (await (
    await page.request.get(`/api/v2.2/stores/${store.id}/inventory-items/${itemId}/bin-stock`, { headers })
  ).json()) as ItemBinStock;
  const here = stock.locations.find((location) => location.location_id === shipment.location.id);
  expect(
    here?.bins.filter((bin) => bin.code.startsWith(`PUT-${tag}`)).map((bin) => [bin.code, bin.quantity]),
  ).toEqual([
    [shelf, 1],
    [overflow, 1],
  ]);
  const suggestion = await page.request.get(
    `/api/v2.2/stores/${store.id}/inventory-items/${itemId}/putaway-suggestion?location_id=${shipment.location.id}`,
    { headers },
  );
  expect(
    ((await suggestion.json()) as { suggestions: { bin: { code: string } }[] }).suggestions[0]?.bin.code,
  ).toBe(overflow);
});
