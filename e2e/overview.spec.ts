import type { APIRequestContext, Page } from "@playwright/test";
import {
  expect,
  expectNoSeriousA11yViolations,
  firstDemoStore,
  saveScreenshot,
  signInAs,
  test,
} from "./support/fixtures";

/**
 * The store's overview: the landing page after sign-in, whose counts each equal the rows of the
 * list they link to. The lists are read through the API with the store's secret and the same filters, page
 * by page, as an integration would.
 */

type Health = { failingSince: string | null; disabledAt: string | null };

/** Every row of a list (header paging), counted. */
async function countRows(request: APIRequestContext, secret: string, path: string, key: string) {
  let total = 0;
  let next: string | undefined;
  do {
    const response = await request.get(`/api/v2.2${path}`, {
      headers: {
        Authorization: `Bearer ${secret}`,
        "X-Page-Size": "500",
        ...(next ? { "X-Page-Continue": next } : {}),
      },
    });
    expect(response.status(), await response.text()).toBe(200);
    total += ((await response.json()) as Record<string, unknown[]>)[key]?.length ?? 0;
    next = response.headers()["x-page-next"];
  } while (next);
  return total;
}

async function listedCounts(request: APIRequestContext, storeId: string, secret: string) {
  const base = `/stores/${storeId}`;
  const hooks = await request.get(`/api/v2.2${base}/webhooks`, {
    headers: { Authorization: `Bearer ${secret}` },
  });
  const webhooks = ((await hooks.json()) as { webhooks: { health: Health }[] }).webhooks;
  return {
    returnsAwaitingReview: await countRows(request, secret, `${base}/returns?status=pre_shipment`, "returns"),
    returnsFlagged: await countRows(request, secret, `${base}/returns?status=flagged`, "returns"),
    returnsAwaitingProcessing: await countRows(
      request,
      secret,
      `${base}/returns?status=delivered`,
      "returns",
    ),
    shipmentsArrivingSoon: await countRows(
      request,
      secret,
      `${base}/inbound-shipments?arriving_within_days=7`,
      "inbound_shipments",
    ),
    shipmentsLate: await countRows(
      request,
      secret,
      `${base}/inbound-shipments?late=true`,
      "inbound_shipments",
    ),
    webhooksFailing: webhooks.filter((hook) => hook.health.failingSince || hook.health.disabledAt).length,
  };
}

async function shownCounts(page: Page) {
  const read = async (key: string) =>
    Number(((await page.getByTestId(`count-${key}`).textContent()) ?? "").replace(/[^\d]/g, ""));
  return {
    returnsAwaitingReview: await read("returnsAwaitingReview"),
    returnsFlagged: await read("returnsFlagged"),
    returnsAwaitingProcessing: await read("returnsAwaitingProcessing"),
    shipmentsArrivingSoon: await read("shipmentsArrivingSoon"),
    shipmentsLate: await read("shipmentsLate"),
    webhooksFailing: await read("webhooksFailing"),
  };
}

test("the overview is the store's home, and each count equals the list it links to", async ({
  page,
  run,
}) => {
  // It pages through four lists, waits for the chart chunk and saves two screenshots: on a loaded machine
  // that took 53 s of the default 60.
  test.setTimeout(120_000);
  const store = firstDemoStore(run);
  await signInAs(page, "admin");
  await page.goto(`/stores/${store.id}`);
  await expect(page.getByRole("heading", { level: 1, name: "Overview" })).toBeVisible();
  await expect(
    page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Overview" }),
  ).toHaveAttribute("aria-current", "page");

  // Other specs may change the demo data meanwhile: compare again after a reload until both agree.
  await expect(async () => {
    const listed = await listedCounts(page.request, store.id, store.apiSecret);
    await page.reload();
    await expect(page.getByTestId("count-shipmentsLate")).toBeVisible();
    expect(await shownCounts(page)).toEqual(listed);
  }).toPass({ timeout: 30_000 });
  const shown = await shownCounts(page);
  expect(
    shown.returnsAwaitingReview + shown.returnsAwaitingProcessing,
    "the demo has work waiting",
  ).toBeGreaterThan(0);

  // The charts arrive in their own chunk; each has its figures as a table.
  await expect(page.getByRole("heading", { name: "Returns created per week" })).toBeVisible();
  await expect(page.getByRole("table", { name: "Returns created per week, by type" })).toBeAttached();
  await expect(page.locator(".recharts-surface").first()).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await saveScreenshot(page, "overview");
  await page.setViewportSize({ width: 768, height: 1024 });
  await expect(page.locator(".recharts-surface").first()).toBeVisible();
  await saveScreenshot(page, "overview-768");
  await page.setViewportSize({ width: 1280, height: 900 });

  // "Show as table" shows the figures in place of the picture.
  const reasons = page.getByRole("region", { name: "Top return reasons" });
  await reasons.getByRole("button", { name: "Show as table" }).click();
  await expect(reasons.getByRole("table")).toBeVisible();
  await expect(reasons.getByRole("button", { name: "Show as table" })).toHaveAttribute(
    "aria-pressed",
    "true",
  );

  // A count is a link to its filtered list.
  await page.getByRole("link", { name: /Late shipments/ }).click();
  await expect(page).toHaveURL(new RegExp(`/stores/${store.id}/shipments\\?late=true$`));
  await expect(page.getByRole("list", { name: "Arrival filters" })).toContainText("Late");
  await page.goBack();
  await page.getByRole("link", { name: /Returns awaiting authorization/ }).click();
  await expect(page).toHaveURL(new RegExp(`/stores/${store.id}/returns\\?status=pre_shipment$`));
});

test("on a phone the sidebar gives its width to the page, and Menu opens the same navigation", async ({
  page,
  run,
}) => {
  const store = firstDemoStore(run);
  await page.setViewportSize({ width: 390, height: 844 });
  await signInAs(page, "editor");
  await page.goto(`/stores/${store.id}`);
  await expect(page.getByRole("heading", { level: 1, name: "Overview" })).toBeVisible();
  const nav = page.getByRole("navigation", { name: "Main" });
  await expect(nav).toBeHidden();
  const main = await page.locator("#main").boundingBox();
  expect(main?.x, "the page starts at the screen's edge").toBe(0);

  await page.getByRole("button", { name: "Menu" }).click();
  const drawer = page.getByRole("dialog", { name: "Menu" });
  await expect(drawer.getByRole("link", { name: "Overview" })).toHaveAttribute("aria-current", "page");
  await expectNoSeriousA11yViolations(page);
  await saveScreenshot(page, "nav-drawer-390", { window: true });
  await page.keyboard.press("Escape");
  await expect(drawer).toBeHidden();

  await page.getByRole("button", { name: "Menu" }).click();
  await drawer.getByRole("link", { name: "Inbound shipments" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Inbound shipments" })).toBeVisible();
  await expect(drawer, "following a link closes the drawer").toBeHidden();
});
