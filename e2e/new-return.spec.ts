import {
  expect,
  expectNoSeriousA11yViolations,
  firstDemoStore,
  saveScreenshot,
  signInAs,
  test,
} from "./support/fixtures";

/** Creating a return for a customer at the counter: an order synced by the integration, lines chosen in the app. */

const money = (amount: number) => ({
  presentmentMoney: { amount, currency: "USD" },
  shopMoney: { amount, currency: "USD" },
});

test("an editor finds a synced order, returns some of its units and lands on the new return", async ({
  page,
  run,
}) => {
  const store = firstDemoStore(run);
  // The merchant's integration has pushed the order (Custom Order Sync).
  const synced = await page.request.post(`/api/v2.2/stores/${store.id}/custom/orders`, {
    headers: { Authorization: `Bearer ${store.apiSecret}` },
    data: {
      id: "E2E-9001",
      name: "#E2E-9001",
      type: "order",
      createdAt: "2026-11-20T10:00:00Z",
      updatedAt: "2026-11-20T10:00:00Z",
      presentmentCurrency: "USD",
      shopCurrency: "USD",
      customer: { email: "counter@example.com", firstName: "Casey", lastName: "Counter" },
      lineItems: [
        {
          id: "E2E-9001-1",
          quantity: 2,
          priceSet: money(40),
          title: "Trail Jacket",
          productId: "P1",
          sku: "",
        },
        { id: "E2E-9001-2", quantity: 1, priceSet: money(12), title: "Wool Socks", productId: "P2", sku: "" },
      ],
      orderDiscounts: [],
      shippingLines: [],
      fulfillments: [],
      shippingAddress: {
        address1: "8 Pine Rd",
        city: "Boise",
        provinceCode: "ID",
        zip: "83702",
        countryCode: "US",
      },
    },
  });
  expect(synced.status()).toBe(200);

  await signInAs(page, "editor");
  await page.goto(`/stores/${store.id}/returns`);
  await page.getByRole("link", { name: "New return" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "New return" })).toBeVisible();
  await page.getByLabel(/Find the order/).fill("#E2E-9001");
  await page.getByRole("button", { name: "Choose order #E2E-9001" }).click();
  await expect(page.getByText("counter@example.com")).toBeVisible();
  // The customer's address comes from the order.
  await expect(page.getByLabel("City")).toHaveValue("Boise");

  // Nothing chosen yet: the form says so where it matters.
  await page.getByRole("button", { name: "Create return" }).click();
  await expect(page.getByText("Choose at least one unit to return.")).toBeVisible();

  await page.getByLabel("Units of Trail Jacket to return").selectOption("1");
  await page.getByLabel("Reason for returning Trail Jacket").selectOption({ label: "Too small" });
  await page.getByLabel("Credit for Trail Jacket").selectOption({ label: "Store credit" });
  await expect(page.getByText("1 unit · $40.00 store credit")).toBeVisible();
  await page.getByLabel("Internal note").fill("Customer came to the Portland store.");
  await expectNoSeriousA11yViolations(page);
  await saveScreenshot(page, "new-return");
  await page.setViewportSize({ width: 768, height: 1000 });
  await saveScreenshot(page, "new-return-768");
  await page.setViewportSize({ width: 1280, height: 900 });

  await page.getByRole("button", { name: "Create return" }).click();
  await expect(page).toHaveURL(new RegExp(`/stores/${store.id}/returns/ret_`));
  await expect(page.getByText("Return created for #E2E-9001")).toBeVisible();
  await expect(page.getByText("Customer came to the Portland store.")).toBeVisible();
  await expect(page.getByText("Too small").first()).toBeVisible();

  // The unit is taken: a second return of the same order offers only what is left.
  await page.goto(`/stores/${store.id}/returns/new`);
  await page.getByLabel(/Find the order/).fill("E2E-9001");
  await page.getByRole("button", { name: "Choose order #E2E-9001" }).click();
  const units = page.getByLabel("Units of Trail Jacket to return");
  await expect(units.locator("option")).toHaveText(["0", "1"]);
  await expect(page.getByText("1 already in returns")).toBeVisible();
});

test("a viewer is told the role cannot create returns", async ({ page, run }) => {
  await signInAs(page, "viewer");
  const storeId = firstDemoStore(run).id;
  await page.goto(`/stores/${storeId}/returns`);
  await expect(page.getByRole("heading", { level: 1, name: "Returns" })).toBeVisible();
  await expect(page.getByRole("link", { name: "New return" })).toHaveCount(0);
  await page.goto(`/stores/${storeId}/returns/new`);
  await expect(page.getByRole("heading", { name: "Your role cannot create returns" })).toBeVisible();
});
