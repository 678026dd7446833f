import path from "node:path";
import {
  type APIRequestContext,
  type Browser,
  chromium,
  type LaunchOptions,
  type Page,
} from "@playwright/test";
import type { Return } from "../lib/schemas/returns";
import { watchCspViolations } from "./support/csp";
import { FAKE_CAMERA_ARGS, writeFakeCameraVideo } from "./support/fake-camera";
import {
  claim,
  claimFirst,
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
 * Scanning with the camera (docs/scanning.md), in Chromium with a fake camera whose picture is a video this
 * test makes from a real demo line's UPC. Headless Chromium on Linux has no BarcodeDetector of its own, so the
 * WebAssembly decoder is the one exercised, loaded from this app under the page's Content-Security-Policy.
 */

/** A browser of its own: the fake camera's video is a launch argument, so the test makes the video first. */
function launchWithFakeCamera(launchOptions: LaunchOptions, video: string): Promise<Browser> {
  return chromium.launch({
    ...launchOptions,
    args: [...(launchOptions.args ?? []), ...FAKE_CAMERA_ARGS(video)],
  });
}

type Line = {
  id: string;
  quantity: number;
  product: { title: string; sku: string | null; upc?: string | null };
};
type Shipment = { id: string; shipment_id: string | null; items: Line[] };

/** An in-transit demo shipment nothing was received from, with a line that has a UPC; claimed. */
async function shipmentWithUpc(request: APIRequestContext, storeId: string, secret: string) {
  const headers = { Authorization: `Bearer ${secret}`, "X-Page-Size": "100" };
  const listed = await request.get(`/api/v2.2/stores/${storeId}/inbound-shipments?status=IN_TRANSIT`, {
    headers,
  });
  expect(listed.ok()).toBe(true);
  for (const candidate of ((await listed.json()) as { inbound_shipments: Shipment[] }).inbound_shipments) {
    if (!claim("shipment", candidate.id)) continue;
    const detail = await request.get(`/api/v2.2/stores/${storeId}/inbound-shipments/${candidate.id}`, {
      headers,
    });
    const shipment = ((await detail.json()) as { inbound_shipment: Shipment }).inbound_shipment;
    const line = shipment.items.find((item) => /^\d{12}$/.test(item.product.upc ?? ""));
    if (line?.product.upc) return { shipment, line, upc: line.product.upc };
  }
  throw new Error("no unclaimed in-transit demo shipment has a line with a UPC-A");
}

/** The camera dialog at 1280 px, at 768 px and on a phone (390 px), as the window shows it. */
async function screenshotsAtThreeWidths(page: Page, name: string) {
  await saveScreenshot(page, name, { window: true });
  await page.setViewportSize({ width: 768, height: 1024 });
  await saveScreenshot(page, `${name}-768`, { window: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await saveScreenshot(page, `${name}-390`, { window: true });
  await page.setViewportSize({ width: 1280, height: 720 });
}

test("a UPC read by the camera counts in Receive mode once until counted again, and the / search finds it", async ({
  run,
  request,
  launchOptions,
}) => {
  test.slow();
  const store = firstDemoStore(run);
  const { shipment, line, upc } = await shipmentWithUpc(request, store.id, store.apiSecret);
  const video = path.join(runDir(), `camera-${upc}.y4m`);
  writeFakeCameraVideo(video, [{ code: { symbology: "upca", text: upc }, frames: 2 }]);
  const browser = await launchWithFakeCamera(launchOptions, video);
  try {
    const context = await browser.newContext({ baseURL: baseUrl(), viewport: { width: 1280, height: 720 } });
    const cspViolations = await watchCspViolations(context);
    const page = await context.newPage();
    await signInAs(page, "editor");
    await page.goto(`/stores/${store.id}/shipments/${shipment.id}/receive`);
    await expect(page.getByRole("heading", { level: 1, name: /^Receive / })).toBeVisible();
    const counted = page.getByRole("textbox", {
      name: `Counted units of ${line.product.title}`,
      exact: true,
    });
    await expect(counted).toHaveValue("0");

    await page.getByRole("main").getByRole("button", { name: "Scan with camera" }).click();
    const camera = page.getByRole("dialog", { name: "Scan with the camera" });
    const said = camera.getByRole("status", { name: "Camera scan" });
    // The same path as a scanner's keystrokes: the line counts one unit and the page says so.
    await expect(said).toContainText(`+1 ${line.product.title}`, { timeout: 30_000 });
    await expect(counted).toHaveValue("1");
    await expect(page.getByRole("status", { name: "Last scan" })).toContainText("1 counted now");
    // The code stays in view: read again and again within 1.5 s, it is not counted twice.
    await expect(said).toContainText("Seen again: not counted twice.");
    await expect(counted).toHaveValue("1");

    await expectNoSeriousA11yViolations(page);
    await screenshotsAtThreeWidths(page, "camera-scan-receive");

    // Another unit of the same product: counted on request.
    await camera.getByRole("button", { name: `Count ${upc} again` }).click();
    await expect(counted).toHaveValue("2");
    await expect(said).toContainText("2 counted now");
    await camera.getByRole("button", { name: "Done" }).click();
    await expect(camera).toBeHidden();
    // The scan panel on a phone: the field, Add and the camera.
    await page.setViewportSize({ width: 390, height: 844 });
    await saveScreenshot(page, "camera-scan-receive-panel-390", { window: true });
    await page.setViewportSize({ width: 1280, height: 720 });

    // The top bar's search: the code read is looked up as if typed, and its one match opens.
    await page.getByRole("search").getByRole("button", { name: "Scan with camera" }).click();
    await expect(page).toHaveURL(new RegExp(`/stores/${store.id}/inventory/ii_\\w+$`), { timeout: 30_000 });
    await expect(page.getByRole("heading", { level: 1 })).toContainText(line.product.title);
    expect(cspViolations, "Content-Security-Policy violations (the decoder's WebAssembly)").toEqual([]);
  } finally {
    await browser.close();
  }
});

test("a license plate printed as a PDF, rendered and held to the / search's camera, opens its return", async ({
  run,
  page,
  launchOptions,
}) => {
  const store = firstDemoStore(run);
  const headers = { Authorization: `Bearer ${store.apiSecret}` };
  // A completed return: plates print at any status, and the open returns are the scarce ones between specs.
  const listed = await page.request.get(`/api/v2.2/stores/${store.id}/returns?status=complete`, {
    headers: { ...headers, "X-Page-Size": "100" },
  });
  expect(listed.status(), await listed.text()).toBe(200);
  const ret = claimFirst(
    "return",
    ((await listed.json()) as { returns: Return[] }).returns,
    (r) => r.id,
    "completed return",
  );
  const [item] = ret.items;
  if (!item) throw new Error(`return ${ret.id} has no items`);
  // 2x1 stock: the whole label fits the picture, and a plate is Code128 there too (lib/labels/label.ts).
  const printed = await page.request.post(`/api/v2.2/stores/${store.id}/returns/${ret.id}/labels`, {
    headers,
    data: { format: "pdf", size: "2x1", item_ids: [item.id] },
  });
  expect(printed.status(), await printed.text()).toBe(200);
  expect(printed.headers()["content-type"]).toContain("application/pdf");
  // The label as a camera sees it: its PDF drawn by pdf.js, in grey.
  const frame = await pdfPageAsCameraFrame(page, await printed.body());
  const video = path.join(runDir(), `camera-plate-${ret.id}.y4m`);
  writeFakeCameraVideo(video, [{ luma: frame, frames: 2 }]);

  const browser = await launchWithFakeCamera(launchOptions, video);
  try {
    const context = await browser.newContext({ baseURL: baseUrl(), viewport: { width: 1280, height: 720 } });
    const camera = await context.newPage();
    await signInAs(camera, "editor");
    await camera.goto(`/stores/${store.id}/returns`);
    await expect(camera.getByRole("heading", { level: 1, name: "Returns" })).toBeVisible();
    await camera.getByRole("search").getByRole("button", { name: "Scan with camera" }).click();
    await expect(camera).toHaveURL(new RegExp(`/stores/${store.id}/returns/${ret.id}$`), { timeout: 20_000 });
  } finally {
    await browser.close();
  }
});
