import path from "node:path";
import type { Locator } from "@playwright/test";
import type { Return } from "../lib/schemas/returns";
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
import { SCREENSHOTS_DIR } from "./support/screenshots";

/**
 * License plates at the dock (docs/labels.md): an editor prints a plate for each of a return's items from the
 * return page (ZPL for a Zebra, downloaded), sees the plates on the items and the print on the timeline, and a
 * plate scanned into the `/` search opens its return.
 */

/** One part of a tall page, as saveScreenshot names and skips its files. */
async function saveSection(section: Locator, name: string) {
  if (process.env.E2E_SCREENSHOTS === "0") return;
  await section.screenshot({ path: path.join(SCREENSHOTS_DIR, `${name}.png`), animations: "disabled" });
}

test("an editor prints a return's license plates, sees the print on the timeline, and a plate finds the return", async ({
  page,
  run,
}) => {
  const store = firstDemoStore(run);
  // A completed return: plates print at any status, and the open returns are the scarce ones between specs
  // (return-tracking.spec.ts needs open two-item returns with a tracked parcel).
  const listed = await page.request.get(`/api/v2.2/stores/${store.id}/returns?status=complete`, {
    headers: { Authorization: `Bearer ${store.apiSecret}`, "X-Page-Size": "100" },
  });
  expect(listed.status(), await listed.text()).toBe(200);
  const candidates = ((await listed.json()) as { returns: Return[] }).returns.filter(
    (ret) => ret.items.length >= 2 && ret.items.every((item) => !item.licensePlate),
  );
  const ret = claimFirst("return", candidates, (r) => r.id, "completed return with two items and no plates");

  await signInAs(page, "editor");
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/stores/${store.id}/returns/${ret.id}`);
  await expect(page.getByRole("heading", { level: 1, name: /^Return for order/ })).toBeVisible({
    timeout: 15_000,
  });
  const printButton = page.getByRole("button", { name: "Print plates" });
  await printButton.scrollIntoViewIfNeeded();
  await saveScreenshot(page, "labels-return-items-390");
  await printButton.click();
  const dialog = page.getByRole("dialog", { name: "Print license plates" });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("radio", { name: "ZPL (Zebra)" }).check();
  await expect(dialog.getByRole("combobox", { name: "Label size" })).toHaveValue("4x6");
  await expect(dialog.getByText("Not printed yet.")).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await saveScreenshot(page, "labels-print-dialog-390");
  await page.setViewportSize({ width: 1280, height: 900 });
  await saveBothWidths(page, "labels-print-dialog");

  const downloaded = page.waitForEvent("download");
  await dialog.getByRole("button", { name: "Print" }).click();
  const download = await downloaded;
  expect(download.suggestedFilename()).toBe(`labels-${ret.id}.zpl`);
  const zpl = await (await download.createReadStream()).toArray();
  const plates = [
    ...Buffer.concat(zpl)
      .toString("utf8")
      .matchAll(/\^FD(LP-[0-9A-Z]{8})\^FS/g),
  ].map((m) => m[1]);
  expect(new Set(plates).size).toBe(ret.items.length);
  await expect(dialog).toBeHidden();

  // The plates are on the items, and the print is on the timeline with who printed.
  for (const plate of new Set(plates))
    await expect(page.getByText(plate as string, { exact: true })).toBeVisible();
  const entry = page.getByText(`printed ${ret.items.length} license plates (ZPL, 4 × 6 in)`);
  await expect(entry).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  // The page is taller than three screens, so a page capture stops above the timeline: capture its card.
  const timeline = page.locator("section", { has: entry }).last();
  await saveSection(timeline, "labels-return-timeline");
  await page.setViewportSize({ width: 768, height: 1024 });
  await saveSection(timeline, "labels-return-timeline-768");
  await page.setViewportSize({ width: 1280, height: 900 });

  // A reprint's dialog lists the print before it.
  await printButton.click();
  await expect(dialog.getByText(`${ret.items.length} labels · ZPL, 4 × 6 in · Eddie Editor`)).toBeVisible();
  await dialog.getByRole("button", { name: "Cancel" }).click();

  // A plate scanned into the search (a scanner types it and Enter) opens its return.
  await page.goto(`/stores/${store.id}/returns`);
  await expect(page.getByRole("heading", { level: 1, name: "Returns" })).toBeVisible();
  const box = page.getByRole("searchbox", { name: /Find by code/ });
  await expect(async () => {
    await page.getByRole("heading", { level: 1, name: "Returns" }).click();
    await page.keyboard.press("/");
    await expect(box).toBeFocused({ timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
  await page.keyboard.type(plates[0] as string);
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(new RegExp(`/stores/${store.id}/returns/${ret.id}$`));
});

test("an editor prints a shipment's carton labels as a PDF from the shipment page and sees the print on its timeline", async ({
  page,
  run,
}) => {
  const store = firstDemoStore(run);
  const listed = await page.request.get(`/api/v2.2/stores/${store.id}/inbound-shipments?status=IN_TRANSIT`, {
    headers: { Authorization: `Bearer ${store.apiSecret}` },
  });
  const shipments = ((await listed.json()) as { inbound_shipments: { id: string; item_count: number }[] })
    .inbound_shipments;
  // Printing changes nothing a receiving test reads, but the print list is checked: a shipment of its own.
  const shipment = claimFirst("shipment", shipments, (s) => s.id, "in-transit shipment");

  await signInAs(page, "editor");
  await page.goto(`/stores/${store.id}/shipments/${shipment.id}`);
  await page.getByRole("button", { name: "Print labels" }).click();
  const dialog = page.getByRole("dialog", { name: "Print shipment labels" });
  await dialog.getByRole("radio", { name: "PDF (any printer)" }).check();
  await dialog.getByRole("combobox", { name: "Label size" }).selectOption("letter");
  await dialog.getByRole("radio", { name: "One per carton" }).check();
  await dialog.getByRole("spinbutton", { name: "Units per carton" }).fill("6");
  await expectNoSeriousA11yViolations(page);
  await saveBothWidths(page, "labels-shipment-dialog");

  // The PDF opens in a tab opened on the click; the toast says how many labels it holds.
  const opened = page.waitForEvent("popup");
  await dialog.getByRole("button", { name: "Print" }).click();
  await opened;
  const toast = page.getByText(/^\d+ labels opened as a PDF\.$/);
  await expect(toast).toBeVisible();
  const count = Number.parseInt((await toast.textContent()) ?? "", 10);
  // The print is the newest entry of the shipment's timeline, with what and who printed.
  const newest = page.getByRole("list", { name: "Timeline of this shipment" }).getByRole("listitem").first();
  await expect(newest).toContainText(
    new RegExp(`^Printed ${count} labels\\s*PDF, Letter sheet · Eddie Editor`),
  );
  const prints = await page.request.get(
    `/api/v2.2/stores/${store.id}/label-prints?subject_type=inbound_shipment&subject_id=${shipment.id}`,
    { headers: { Authorization: `Bearer ${store.apiSecret}` } },
  );
  expect(((await prints.json()) as { prints: { format: string; size: string }[] }).prints).toEqual([
    expect.objectContaining({ format: "pdf", size: "letter" }),
  ]);
});
