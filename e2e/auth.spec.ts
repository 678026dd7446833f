import type { Page } from "@playwright/test";
import {
  expect,
  expectNoSeriousA11yViolations,
  firstDemoStore,
  type Role,
  saveBothWidths,
  saveScreenshot,
  signInThroughForm,
  test,
} from "./support/fixtures";

// Every test here signs in through the form on its own: signing out, or failing on purpose, must not touch
// the sessions other specs share (e2e/support/auth.ts).

const ROLES: Role[] = ["admin", "editor", "viewer"];
const WRONG_PASSWORD = "Wrong email or password.";
const TOO_MANY_ATTEMPTS =
  "Too many sign-in attempts. Try again in 15 minutes, or ask an admin for a set-password link.";

/** Submits the form and waits for the server's answer, so each attempt counts before the next starts. */
async function attemptSignIn(page: Page, email: string, password: string): Promise<void> {
  const answered = page.waitForResponse((response) =>
    response.url().includes("/api/auth/callback/credentials"),
  );
  await signInThroughForm(page, email, password);
  await answered;
}

for (const role of ROLES) {
  test(`${role} signs in through the form and sees the app for that role`, async ({ page, run, baseURL }) => {
    const store = firstDemoStore(run);
    const { email, password } = run.accounts[role];
    await page.goto("/sign-in");
    await signInThroughForm(page, email, password);

    if (role === "viewer") {
      // Staff of one store go straight into it.
      await expect(page).toHaveURL(`${baseURL}/stores/${store.id}`);
    } else {
      // Staff of several stores choose one.
      await expect(page).toHaveURL(`${baseURL}/`);
      await expect(page.getByRole("heading", { level: 1, name: "Your stores" })).toBeVisible();
      await expect(page.getByRole("link").filter({ hasText: store.name })).toContainText(role);
      if (role === "admin") {
        await expectNoSeriousA11yViolations(page);
        await saveBothWidths(page, "store-picker");
      }
    }

    // A store page that exists for every role: its frame shows the role and, to admins only, Settings.
    await page.goto(`/stores/${store.id}/settings/api-secrets`);
    await expect(page.getByRole("banner").getByText(role, { exact: true })).toBeVisible();
    const nav = page.getByRole("navigation", { name: "Main" });
    await expect(nav.getByRole("link", { name: "Inbound shipments" })).toBeVisible();
    const settingsLinks = [
      nav.getByRole("link", { name: "Webhooks" }),
      nav.getByRole("link", { name: "API secrets" }),
    ];
    for (const link of settingsLinks) {
      if (role === "admin") await expect(link).toBeVisible();
      else await expect(link).toHaveCount(0);
    }

    if (role !== "admin") {
      // Every role may read the locations: below admin, the list without its controls.
      await nav.getByRole("link", { name: "Store", exact: true }).click();
      await expect(page.getByRole("heading", { level: 1, name: "Store" })).toBeVisible();
      const locations = page.getByRole("table", { name: "Locations of this store" });
      await expect(locations.getByRole("row").nth(1)).toBeVisible();
      await expect(page.getByText("Only admins change them")).toBeVisible();
      // Nothing that changes the settings: every role below admin opens a location's bins (viewers to read
      // them, docs/bins.md), and an editor also prints a location's label (docs/labels.md). A bins button per
      // location is waited for first, so the check is not made on a page whose rows have not drawn theirs.
      const buttons = page.getByRole("main").getByRole("button");
      await expect(buttons.filter({ hasText: /^Bins of / }).first()).toBeVisible();
      const allowed = role === "editor" ? /^(Label for|Bins of) / : /^Bins of /;
      for (const name of await buttons.allTextContents()) expect(name).toMatch(allowed);
      await expect(page.getByRole("main").getByRole("textbox")).toHaveCount(0);
      if (role === "editor") {
        await expectNoSeriousA11yViolations(page);
        await saveBothWidths(page, "store-settings-read-only");
      }
    }
  });
}

test("a viewer who opens the settings URL sees that only admins manage them, and no controls", async ({
  page,
  run,
}) => {
  const store = firstDemoStore(run);
  await page.goto("/sign-in");
  await signInThroughForm(page, run.accounts.viewer.email, run.accounts.viewer.password);
  await expect(page).toHaveURL(/\/stores\//);
  await page.goto(`/stores/${store.id}/settings/api-secrets`);
  await expect(page.getByRole("heading", { level: 1, name: "API secrets" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Only admins manage API secrets" })).toBeVisible();
  await expect(page.getByRole("main").getByRole("button")).toHaveCount(0);
  await expect(page.getByRole("main").getByRole("textbox")).toHaveCount(0);
  await expect(page.getByRole("table")).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
  await saveScreenshot(page, "api-secrets-viewer");
});

test("after five wrong passwords sign-in waits, for an unknown e-mail just as for an account", async ({
  page,
  run,
}) => {
  // Twelve password checks (scrypt, ~100 ms each unloaded, the unknown e-mail's against a dummy hash), in a
  // line of one or two per process: more than the default minute on a busy CI machine.
  test.setTimeout(180_000);
  // The lock-out account exists for this: the shared demo accounts must never be locked.
  const { email, password } = run.accounts.lockout;
  await page.goto("/sign-in");
  await expect(page.getByRole("heading", { level: 1, name: "Sign in to your back office" })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await saveScreenshot(page, "sign-in");

  // The form's own alert (Next.js adds a route announcer with role alert too).
  const alert = page.getByRole("main").getByRole("alert");
  await test.step("five wrong passwords: refused without saying which part was wrong", async () => {
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      await attemptSignIn(page, email, `wrong-password-${attempt}`);
      await expect(alert).toHaveText(WRONG_PASSWORD);
      await expect(page).toHaveURL(/\/sign-in/);
      if (attempt === 1) {
        await expectNoSeriousA11yViolations(page);
        await saveBothWidths(page, "sign-in-wrong-password");
      }
    }
  });

  await test.step("then even the right password waits, and the page says how long", async () => {
    await attemptSignIn(page, email, password);
    await expect(alert).toHaveText(TOO_MANY_ATTEMPTS);
    await saveScreenshot(page, "sign-in-too-many-attempts");
    await expect(page).toHaveURL(/\/sign-in/);
  });

  await test.step("an e-mail without an account gets the same answers", async () => {
    const unknown = `nobody-${Date.now()}@backroom.test`;
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      await attemptSignIn(page, unknown, `wrong-password-${attempt}`);
      await expect(alert).toHaveText(WRONG_PASSWORD);
    }
    await attemptSignIn(page, unknown, password);
    await expect(alert).toHaveText(TOO_MANY_ATTEMPTS);
  });
});

test("signing out ends the session, copies of its cookie too; a store URL then asks to sign in and leads back there", async ({
  page,
  run,
  baseURL,
}) => {
  const store = firstDemoStore(run);
  const { email, password } = run.accounts.admin;
  const storePage = `/stores/${store.id}/settings/api-secrets`;
  await page.goto("/sign-in");
  await signInThroughForm(page, email, password);
  await expect(page).toHaveURL(`${baseURL}/`);

  await page.goto(storePage);
  // A copy of the session cookie, as another tab or a thief would hold it.
  const cookies = await page.context().cookies();
  const copy = cookies.map((cookie) => `${cookie.name}=${cookie.value}`).join("; ");
  const withCopy = () =>
    fetch(`${baseURL}/api/v2.2/stores/${store.id}/locations`, { headers: { cookie: copy } });
  expect((await withCopy()).status).toBe(200);
  await page.getByRole("banner").getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/sign-in(\?|$)/);
  await expect(page.getByRole("button", { name: "Sign in" })).toBeVisible();
  expect((await withCopy()).status).toBe(401);

  await page.goto(storePage);
  await expect(page).toHaveURL(/\/sign-in\?/);
  expect(new URL(page.url()).searchParams.get("callbackUrl")).toBe(storePage);

  await signInThroughForm(page, email, password);
  await expect(page).toHaveURL(`${baseURL}${storePage}`);
  await expect(page.getByRole("heading", { level: 1, name: "API secrets" })).toBeVisible();
});
