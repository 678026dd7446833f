import { expect, signInAs, test } from "./support/fixtures";

// Over plain http (the runner's server): no HSTS, and the session cookie is not Secure.
const EVERY_RESPONSE = {
  "x-content-type-options": "nosniff",
  "x-frame-options": "DENY",
};

test("pages carry a nonce policy their own scripts satisfy; the API and static files carry theirs", async ({
  page,
  demoStore,
}) => {
  await signInAs(page, "admin");
  const document = await page.goto(`/stores/${demoStore.id}/returns`);
  const headers = document?.headers() ?? {};
  expect(headers).toMatchObject({ ...EVERY_RESPONSE, "referrer-policy": "strict-origin-when-cross-origin" });
  expect(headers["content-security-policy"]).toMatch(
    /script-src 'self' 'nonce-[^']+' 'strict-dynamic' 'wasm-unsafe-eval';/,
  );
  expect(headers["content-security-policy"]).toContain("frame-ancestors 'none'");
  expect(headers["strict-transport-security"]).toBeUndefined();
  // Hydrated: the client-side list fetched its rows through the API.
  await expect(page.getByRole("table")).toBeVisible();

  const session = (await page.context().cookies()).find((cookie) => cookie.name.includes("session-token"));
  expect(session?.secure).toBe(false);

  const api = await page.request.get(`/api/v2.2/stores/${demoStore.id}/locations`);
  expect(api.status()).toBe(200);
  expect(api.headers()).toMatchObject({
    ...EVERY_RESPONSE,
    "content-security-policy": "default-src 'none'; frame-ancestors 'none'",
  });

  const script = await page.locator("script[src^='/_next/static/']").first().getAttribute("src");
  const file = await page.request.get(script ?? "");
  expect(file.status()).toBe(200);
  expect(file.headers()).toMatchObject(EVERY_RESPONSE);
});

test("sign-in, the API reference and a 404 page run under the policy too", async ({ page }) => {
  for (const path of ["/sign-in", "/docs/api", "/no-such-page"]) {
    const response = await page.goto(path);
    expect(response?.headers()["content-security-policy"], path).toContain("'nonce-");
  }
  // The set-password link's token stays out of every Referer.
  const setPassword = await page.request.get("/set-password?token=not-a-token");
  expect(setPassword.headers()["referrer-policy"]).toBe("no-referrer");
});

test("an injected inline script is refused", async ({ page, cspViolations }) => {
  await page.goto("/sign-in");
  await page.evaluate(() => {
    document.body.insertAdjacentHTML(
      "beforeend",
      `<img alt="" src="/no-such-image.png" onerror="document.body.dataset.injected = 'ran'">`,
    );
  });
  await expect.poll(() => cspViolations.length).toBeGreaterThan(0);
  expect(await page.locator("body").getAttribute("data-injected")).toBeNull();
  expect(cspViolations.join("\n")).toContain("script-src");
  // Expected here: the fixture fails a test that leaves violations behind.
  cspViolations.length = 0;
});
