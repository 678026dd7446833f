import { readFile } from "node:fs/promises";
import type { APIRequestContext } from "@playwright/test";
import { parse } from "csv-parse/sync";
import type { CaughtMail } from "../lib/dev-mail/inbox";
import {
  claimFirst,
  expect,
  expectNoSeriousA11yViolations,
  firstDemoStore,
  type RunContext,
  saveBothWidths,
  signInAs,
  test,
} from "./support/fixtures";
import { baseUrl, mailInboxUrl } from "./support/run-context";

/**
 * E-mail as the seeded server sends it: the runner points BACKROOM_SMTP_URL at a real local SMTP server
 * (lib/dev-mail) and hands its inbox to the specs; each test reads the message it caused from there.
 */

async function inbox(request: APIRequestContext): Promise<CaughtMail[]> {
  const response = await request.get(`${mailInboxUrl()}/messages`);
  expect(response.ok()).toBe(true);
  return (await response.json()) as CaughtMail[];
}

/** Waits (polling the inbox, no fixed sleep) for the first message `match` accepts. */
async function waitForMail(
  request: APIRequestContext,
  match: (mail: CaughtMail) => boolean,
  timeout = 60_000,
) {
  let found: CaughtMail | undefined;
  await expect
    .poll(
      async () => {
        found = (await inbox(request)).find(match);
        return found !== undefined;
      },
      { timeout },
    )
    .toBe(true);
  return found as CaughtMail;
}

async function commentOnAReturn(request: APIRequestContext, run: RunContext) {
  const store = firstDemoStore(run);
  const headers = { Authorization: `Bearer ${store.apiSecret}` };
  const list = await request.get(`/api/v2.2/stores/${store.id}/returns`, {
    headers: { ...headers, "X-Page-Size": "50" },
  });
  const listed = ((await list.json()) as { returns: { id: string }[] }).returns;
  const returnId = claimFirst("return", listed, (ret) => ret.id, "notification").id;
  const comment = await request.post(`/api/v2.2/returns/${returnId}/comments`, {
    headers,
    data: { comment: { message: "Checked by the notifications end-to-end test." } },
  });
  expect(comment.ok(), await comment.text()).toBe(true);
}

test("a teammate invited by e-mail sets a password from it", async ({ page, browser, run, request }) => {
  test.slow();
  const store = firstDemoStore(run);
  const email = `mail.${Date.now()}@harbor.example`;
  await signInAs(page, "admin");
  await page.goto(`/stores/${store.id}/settings/team`);
  await page.getByRole("button", { name: "Add member" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Email").fill(email);
  await dialog.getByLabel("Name").fill("Mia Mail");
  await dialog.getByRole("button", { name: "Add member" }).click();
  await expect(dialog.getByText(`We e-mailed this link to ${email}`)).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await saveBothWidths(page, "team-member-link-emailed");

  const mail = await waitForMail(request, (m) => m.to.includes(email));
  expect(mail.subject).toBe(`You are invited to ${store.name} on Backroom`);
  const link = /(http\S+\/set-password\?token=[\w-]+)/.exec(mail.text)?.[1];
  expect(link).toBe(await dialog.getByLabel("Set-password link").inputValue());

  const member = await (await browser.newContext({ baseURL: baseUrl() })).newPage();
  await member.goto(link as string);
  await expect(member.getByRole("heading", { name: "Choose your password" })).toBeVisible();
  await member.getByLabel("New password").fill("harbor letter morning");
  await member.getByLabel("Repeat the password").fill("harbor letter morning");
  await member.getByRole("button", { name: "Set password" }).click();
  await expect(member).toHaveURL(/\/sign-in\?password=set/);
  await expect(member.getByLabel("Email")).toHaveValue(email);
});

test("a failing webhook produces the warning e-mail", async ({ page, request, run }) => {
  test.slow();
  const store = firstDemoStore(run);
  // Nothing listens on port 9: every attempt fails (the run's retry schedule is 1s,2s).
  const url = `http://127.0.0.1:9/dead-${Date.now().toString(36)}`;
  const created = await request.post(`/api/v2.2/stores/${store.id}/webhooks`, {
    headers: { Authorization: `Bearer ${store.apiSecret}` },
    data: { webhook: { callback: { url, auth: { bearer: { token: "e2e-token-0001" } } }, topic: "return" } },
  });
  expect(created.status(), await created.text()).toBe(201);
  const webhookId = ((await created.json()) as { webhook: { id: string } }).webhook.id;
  try {
    await commentOnAReturn(request, run);
    const mail = await waitForMail(request, (m) => m.subject === `Webhook failing: ${url}`, 90_000);
    expect(mail.to).toContain("admin@backroom.test");
    expect(mail.text).toContain(`/stores/${store.id}/settings/webhooks/${webhookId}`);

    // Settings → Notifications lists it among what was sent, to whom.
    await signInAs(page, "admin");
    await page.goto(`/stores/${store.id}/settings/notifications`);
    await expect(page.getByRole("heading", { level: 1, name: "Notifications" })).toBeVisible();
    const history = page.getByRole("table", { name: "Sent notifications" });
    const row = history
      .getByRole("row")
      .filter({ hasText: `Webhook failing: ${url}` })
      .first();
    await expect(row).toContainText("admin@backroom.test");
    await expect(row).toContainText("Sent");
    await expectNoSeriousA11yViolations(page);
    await saveBothWidths(page, "notification-settings");
  } finally {
    await request.delete(`/api/v2.2/webhooks/${webhookId}`, {
      headers: { Authorization: `Bearer ${store.apiSecret}` },
    });
  }
});

test("the history filters to one kind of notification", async ({ page, run }) => {
  const store = firstDemoStore(run);
  await signInAs(page, "admin");
  await page.goto(`/stores/${store.id}/settings/notifications`);
  // A test send puts a row of its own kind in the history (to the admin's own address).
  await page.getByRole("button", { name: "Send a test" }).click();
  await expect(page.getByText("Test queued")).toBeVisible();

  const history = page.getByRole("table", { name: "Sent notifications" });
  await page.getByRole("combobox", { name: "Kind" }).selectOption("test");
  await expect(page).toHaveURL(/[?&]kind=test\b/);
  const testRow = history.getByRole("row").filter({ hasText: "Backroom test notification" }).first();
  await expect(testRow).toContainText("admin@backroom.test");
  // Only that kind is listed: every row with a subject reads "Test" as its kind.
  await expect(history.getByRole("row").filter({ hasText: "Invitation" })).toHaveCount(0);
  await expect(page.getByRole("status").filter({ hasText: "matching notifications" })).toBeVisible();

  // Another kind, and the test's row is gone; the filter is in the URL, so a reload keeps it.
  await page.getByRole("combobox", { name: "Kind" }).selectOption("invitation");
  await expect(history.getByRole("row").filter({ hasText: "Backroom test notification" })).toHaveCount(0);
  await page.getByRole("combobox", { name: "Kind" }).selectOption("test");
  await page.reload();
  await expect(page.getByRole("combobox", { name: "Kind" })).toHaveValue("test");
  await expect(testRow).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await saveBothWidths(page, "notification-history-filtered");

  // The CSV is what the filters select: test sends only, the admin's among them.
  const exportLink = page.getByRole("link", { name: "Export CSV of the filtered notifications" });
  await expect(exportLink).toHaveAttribute("href", /\/notifications\/export\?kind=test$/);
  const [download] = await Promise.all([page.waitForEvent("download"), exportLink.click()]);
  expect(download.suggestedFilename()).toMatch(/^notifications-str_\w+-\d{4}-\d\d-\d\d\.csv$/);
  const rows = parse(await readFile((await download.path()) as string, "utf8"), {
    bom: true,
    columns: true,
  }) as Record<string, string>[];
  expect(new Set(rows.map((row) => row.kind))).toEqual(new Set(["test"]));
  expect(rows.map((row) => row.recipient)).toContain("admin@backroom.test");
});
