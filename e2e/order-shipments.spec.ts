import type { Return } from "../lib/schemas/returns";
import {
  expect,
  expectNoSeriousA11yViolations,
  firstDemoStore,
  saveScreenshot,
  signInAs,
  test,
} from "./support/fixtures";

/**
 * An order's fulfillments on the return page: the merchant's systems record a shipment of the order and its
 * carrier's scans through the API (Fulfillment create, Fulfillment status update), and staff reading the return
 * see what was shipped, where it is, and its tracking history beside the order's lines.
 */
test("the return page shows what was shipped of the order and its tracking", async ({
  page,
  run,
  request,
}) => {
  const store = firstDemoStore(run);
  const headers = { authorization: `Bearer ${store.apiSecret}` };
  const listed = await request.get(`/api/v2.2/stores/${store.id}/returns`, {
    headers: { ...headers, "X-Page-Size": "1" },
  });
  expect(listed.status(), await listed.text()).toBe(200);
  const [ret] = ((await listed.json()) as { returns: Return[] }).returns;
  if (!ret) throw new Error("the demo store has no return");
  const line = ret.items[0]?.orderItem.id as string;
  const tracking = `1ZE2E${Date.now()}`;

  const orderPath = `/api/v2.2/stores/${store.id}/orders/${ret.order.id}/fulfillments`;
  const created = await request.post(orderPath, {
    headers,
    data: {
      lineItems: [{ id: line, quantity: 1 }],
      tracking: { carrier: "UPS", code: tracking },
      initialTracking: {
        status: "in_transit",
        message: "Departed shipping partner facility",
        datetime: "2026-02-02T08:00:00Z",
        estimatedDeliveryDate: "2026-02-06T00:00:00Z",
        location: { city: "Memphis", state: "TN", country: "US" },
      },
    },
  });
  expect(created.status(), await created.text()).toBe(200);
  const { fulfillment } = (await created.json()) as { fulfillment: { id: string } };
  const delayed = await request.post(`${orderPath}/${fulfillment.id}/shipment-status`, {
    headers,
    data: { status: "delayed", message: "Weather delay", datetime: "2026-02-03T08:00:00Z" },
  });
  expect(delayed.status(), await delayed.text()).toBe(200);

  await signInAs(page, "viewer");
  await page.goto(`/stores/${store.id}/returns/${ret.id}`);
  const shipped = page.getByRole("region", { name: "Shipped to the customer" });
  const shipment = shipped.getByRole("listitem").filter({ hasText: tracking });
  await expect(shipment).toContainText("UPS");
  await expect(shipment).toContainText("In transit");
  await expect(shipment).toContainText("Expected Feb 6, 2026");
  // The latest entry is the summary; the whole history, newest first, opens under it.
  await shipment.locator("summary").click();
  await expect(shipment.getByRole("listitem").first()).toContainText("Delayed · Weather delay");
  await expect(shipment.getByRole("listitem").nth(1)).toContainText(
    "In transit · Departed shipping partner facility · Memphis, TN, US",
  );
  await shipment.scrollIntoViewIfNeeded();
  await expectNoSeriousA11yViolations(page);
  await saveScreenshot(page, "order-shipments");
  await page.setViewportSize({ width: 768, height: 1024 });
  await shipment.scrollIntoViewIfNeeded();
  await saveScreenshot(page, "order-shipments-768");
});
