import {
  expect,
  expectNoSeriousA11yViolations,
  firstDemoStore,
  saveScreenshot,
  signInAs,
  test,
} from "./support/fixtures";

/**
 * The top bar's code search: `/` focuses it, typing part of a code offers matches, a scanned tracking label
 * opens its shipment, a miss says so.
 */

test("a scanned tracking number opens its shipment; an unknown code is kept and said so", async ({
  page,
  run,
}) => {
  const store = firstDemoStore(run);
  const listed = await page.request.get(`/api/v2.2/stores/${store.id}/inbound-shipments?status=IN_TRANSIT`, {
    headers: { Authorization: `Bearer ${store.apiSecret}` },
  });
  const shipments = (
    (await listed.json()) as { inbound_shipments: { id: string; tracking_number: string | null }[] }
  ).inbound_shipments;
  const shipment = shipments.find((s) => s.tracking_number);
  expect(shipment).toBeTruthy();

  await signInAs(page, "viewer");
  await page.goto(`/stores/${store.id}/returns`);
  await expect(page.getByRole("heading", { level: 1, name: "Returns" })).toBeVisible();
  // A scanner types the code, then Enter, wherever focus is once `/` put it in the box.
  const box = page.getByRole("searchbox", { name: /Find by code/ });
  // Focus outside any field (where `/` types a slash); the shortcut works once the page has hydrated, so the
  // press is retried until it does.
  await expect(async () => {
    await page.getByRole("heading", { level: 1, name: "Returns" }).click();
    await page.keyboard.press("/");
    await expect(box).toBeFocused({ timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
  await page.keyboard.type("NO-SUCH-CODE-42");
  await page.keyboard.press("Enter");
  await expect(page.getByText(/has the code NO-SUCH-CODE-42/)).toBeVisible();
  await expect(box).toHaveValue("NO-SUCH-CODE-42");
  await expectNoSeriousA11yViolations(page);
  await saveScreenshot(page, "code-search-miss");
  await page.setViewportSize({ width: 768, height: 900 });
  await saveScreenshot(page, "code-search-miss-768");
  await page.setViewportSize({ width: 1280, height: 900 });

  // As someone types part of a code, the codes containing it are offered; the arrow key reaches them.
  const tracking = shipment?.tracking_number as string;
  await box.fill(tracking.slice(3, -2).toLowerCase());
  const offered = page.getByRole("list", { name: "Partial matches" });
  await expect(offered).toBeVisible();
  await expect(offered.getByRole("link").first()).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await saveScreenshot(page, "code-search-partial");
  await page.setViewportSize({ width: 768, height: 900 });
  await saveScreenshot(page, "code-search-partial-768");
  await page.setViewportSize({ width: 1280, height: 900 });
  await box.press("ArrowDown");
  await expect(offered.getByRole("link").first()).toBeFocused();
  await page.keyboard.press("Escape");

  await box.fill(tracking);
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(new RegExp(`/stores/${store.id}/shipments/${shipment?.id}$`));
});
