import {
  expect,
  expectNoSeriousA11yViolations,
  firstDemoStore,
  saveScreenshot,
  signInAs,
  test,
} from "./support/fixtures";

/** The top bar's code search: `/` focuses it, a scanned tracking label opens its shipment, a miss says so. */

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

  await box.fill(shipment?.tracking_number as string);
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(new RegExp(`/stores/${store.id}/shipments/${shipment?.id}$`));
});
