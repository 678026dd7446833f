import type { APIRequestContext, Page } from "@playwright/test";
import type { Return } from "../lib/schemas/returns";
import {
  claimFirst,
  expect,
  expectNoSeriousA11yViolations,
  firstDemoStore,
  saveScreenshot,
  signInAs,
  test,
} from "./support/fixtures";

/**
 * Issue 13's last pieces on one return: the carrier's tracking updates (sent through the API as a
 * tracking integration would, with the store's API secret) move it open -> in transit -> delivered and
 * the timeline says so; then the process panel shows each problem beside its item or field, its own
 * checks and the API's refusal alike, with a summary linking to each.
 */

type Secret = { authorization: string };

/** An open return of the store with two items that ship back, a tracked parcel and no tags. */
async function trackedOpenReturn(request: APIRequestContext, storeId: string, auth: Secret) {
  const response = await request.get(`/api/v2.2/stores/${storeId}/returns?status=open`, {
    headers: { ...auth, "X-Page-Size": "500" },
  });
  expect(response.status(), await response.text()).toBe(200);
  const { returns } = (await response.json()) as { returns: Return[] };
  // From the oldest: the bulk spec flags the most recently updated open returns.
  const found = claimFirst(
    "return",
    returns
      .reverse()
      .filter(
        (ret) =>
          ret.items.length === 2 &&
          ret.items.every((item) => !item.greenReturn) &&
          ret.tags.length === 0 &&
          ret.shipments.some((shipment) => shipment.tracker),
      ),
    (ret) => ret.id,
    "open two-item return with a tracked parcel",
  );
  const trackers = found.shipments.flatMap((shipment) => (shipment.tracker ? [shipment.tracker] : []));
  return { ret: found, trackers };
}

async function trackingUpdate(
  request: APIRequestContext,
  storeId: string,
  tracker: string,
  auth: Secret,
  body: unknown,
) {
  const response = await request.post(
    `/api/v2.2/stores/${storeId}/return-shipments/${encodeURIComponent(tracker)}/shipment-status`,
    { headers: auth, data: body },
  );
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as { changed: boolean; message: string };
}

const status = (page: Page) => page.getByRole("status").filter({ hasText: /^Status:/ });

test("carrier updates move a return to delivered on its page; the process panel puts each error beside its item", async ({
  page,
  run,
  request,
}) => {
  test.setTimeout(120_000);
  const store = firstDemoStore(run);
  const auth = { authorization: `Bearer ${store.apiSecret}` };
  const { ret, trackers } = await trackedOpenReturn(request, store.id, auth);
  const [tracker, ...others] = trackers as [string, ...string[]];
  await signInAs(page, "editor");
  await page.goto(`/stores/${store.id}/returns/${ret.id}`);
  await expect(status(page)).toHaveText("Status: Open");

  const scanned = await trackingUpdate(request, store.id, tracker, auth, {
    status: "in_transit",
    message: "Departed shipping partner facility",
    location: { city: "Reno", state: "NV", country: "US", postalCode: null },
  });
  expect(scanned).toMatchObject({ changed: true, message: "Moved 1 return to in_transit." });
  // A resent scan is harmless: 200, nothing changes.
  expect((await trackingUpdate(request, store.id, tracker, auth, { status: "in_transit" })).changed).toBe(
    false,
  );
  await page.reload();
  await expect(status(page)).toHaveText("Status: In transit");
  // Delivered once every tracked parcel is: the first parcels' deliveries leave it in transit.
  for (const [index, number] of [tracker, ...others].entries()) {
    const delivered = { status: "delivered", datetime: new Date().toISOString() };
    await trackingUpdate(request, store.id, number, auth, delivered);
    if (index < others.length) {
      await page.reload();
      await expect(status(page)).toHaveText("Status: In transit");
    }
  }
  await page.reload();
  await expect(status(page)).toHaveText("Status: Delivered");

  const timeline = page
    .locator("section")
    .filter({ has: page.getByRole("heading", { level: 2, name: "Timeline", exact: true }) });
  const carrierEntries = timeline.getByRole("listitem").filter({ hasText: "from a tracking update" });
  await expect(carrierEntries).toHaveCount(2);
  await expect(carrierEntries.filter({ hasText: "moved it from Open to In transit" })).toContainText(
    `Parcel ${tracker}: In transit · Departed shipping partner facility · Reno, NV, US`,
  );
  await expect(carrierEntries.filter({ hasText: "moved it from In transit to Delivered" })).toContainText(
    "(API secret)",
  );
  await expectNoSeriousA11yViolations(page);
  await saveScreenshot(page, "return-tracking-delivered");
  await page.setViewportSize({ width: 768, height: 1024 });
  await saveScreenshot(page, "return-tracking-delivered-768");
  await page.setViewportSize({ width: 1280, height: 900 });

  // The panel's own check: a rejection without a reason, beside the field and in the linked summary.
  await page.getByRole("button", { name: "Process items…" }).click();
  const panel = page.getByRole("dialog", { name: "Process return" });
  const fieldsOf = (index: number) => panel.getByRole("group").nth(index);
  await fieldsOf(0).getByRole("radio", { name: "Reject", exact: true }).check();
  await fieldsOf(1).getByRole("radio", { name: "Reject", exact: true }).check();
  await fieldsOf(1).getByLabel("Reason for rejecting").fill("Worn");
  await panel.getByRole("button", { name: "Review" }).click();
  const summary = panel.getByRole("alert");
  await expect(summary).toContainText("One thing needs a change before review:");
  await expect(fieldsOf(0).getByText("Say why the item is rejected.")).toBeVisible();
  await expect(fieldsOf(1).getByText("Say why the item is rejected.")).toHaveCount(0);
  await summary.getByRole("link", { name: /Say why the item is rejected\.$/ }).click();
  await expect(fieldsOf(0).getByLabel("Reason for rejecting")).toBeFocused();
  await expect(fieldsOf(0).getByLabel("Reason for rejecting")).toHaveAttribute("aria-invalid", "true");
  await fieldsOf(0).getByLabel("Reason for rejecting").fill("Stained");

  // Meanwhile someone else processes the second item: the API's refusal lands beside that item.
  const [, second] = ret.items as [Return["items"][number], Return["items"][number]];
  const elsewhere = await request.post(`/api/v2.2/returns/${ret.id}/process`, {
    headers: auth,
    data: { products: [{ _id: second.id, reject: true, rejectReason: "Processed at the warehouse" }] },
  });
  expect(elsewhere.status(), await elsewhere.text()).toBe(200);
  await panel.getByRole("button", { name: "Review" }).click();
  await panel.getByRole("button", { name: "Process 2 items" }).click();
  await expect(summary).toContainText("Not processed: one item needs a change.");
  await expect(summary).toBeFocused();
  await expect(fieldsOf(1).getByText("This item is processed already.")).toBeVisible();
  await expect(fieldsOf(0).getByText("This item is processed already.")).toHaveCount(0);
  await expect(summary.getByRole("link", { name: /This item is processed already\.$/ })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await saveScreenshot(page, "return-process-errors");
  await page.setViewportSize({ width: 768, height: 1024 });
  await saveScreenshot(page, "return-process-errors-768");
  await page.setViewportSize({ width: 1280, height: 900 });

  // Leaving that item out, the rest goes through and the return is complete.
  await fieldsOf(1).getByRole("radio", { name: "Later", exact: true }).check();
  await expect(fieldsOf(1).getByText("This item is processed already.")).toHaveCount(0);
  await panel.getByRole("button", { name: "Review" }).click();
  await panel.getByRole("button", { name: "Process 1 item" }).click();
  await expect(panel).toBeHidden();
  await expect(status(page)).toHaveText("Status: Complete");
});
