import type { APIRequestContext } from "@playwright/test";
import type { CaughtMail } from "../lib/dev-mail/inbox";
import {
  expect,
  expectNoSeriousA11yViolations,
  firstDemoStore,
  saveBothWidths,
  signInAs,
  test,
} from "./support/fixtures";
import { baseUrl, mailInboxUrl } from "./support/run-context";

/**
 * Per-person notification choices and scheduled reports (docs/notifications.md): set in the browser, and a
 * report's e-mail read with its CSV from the run's local SMTP server. A schedule is made due without waiting
 * on a clock: its time is set to the store's current minute through the API, which counts from that minute.
 */

async function waitForMail(request: APIRequestContext, match: (mail: CaughtMail) => boolean) {
  let found: CaughtMail | undefined;
  await expect
    .poll(
      async () => {
        const response = await request.get(`${mailInboxUrl()}/messages`);
        found = ((await response.json()) as CaughtMail[]).find(match);
        return found !== undefined;
      },
      { timeout: 60_000 },
    )
    .toBe(true);
  return found as CaughtMail;
}

/** `HH:MM` now in `timeZone`. */
const minuteIn = (timeZone: string) =>
  new Intl.DateTimeFormat("en-GB", { timeZone, hour: "2-digit", minute: "2-digit", hourCycle: "h23" }).format(
    new Date(),
  );

const sameOrigin = () => ({ origin: baseUrl() });

test("quiet hours and alert choices are kept on the account page", async ({ page, run }) => {
  const store = firstDemoStore(run);
  await signInAs(page, "editor");
  await page.goto(`/stores/${store.id}/account`);
  const card = page.locator("section", { hasText: "How you hear of alerts" }).last();
  await expect(card.getByLabel(/Late shipments/)).toBeVisible();
  await card.getByLabel(/Late shipments/).selectOption("digest");
  await card.getByLabel("My own", { exact: true }).check();
  await card.getByLabel("From", { exact: true }).fill("21:30");
  await card.getByLabel("Until", { exact: true }).fill("06:45");
  await card.getByRole("button", { name: "Save notification preferences" }).click();
  await expect(page.getByText("Notification preferences saved")).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await saveBothWidths(page, "account-notifications");

  await page.reload();
  await expect(card.getByLabel(/Late shipments/)).toHaveValue("digest");
  await expect(card.getByLabel("My own", { exact: true })).toBeChecked();
  await expect(card.getByLabel("From", { exact: true })).toHaveValue("21:30");
  await expect(card.getByLabel("Until", { exact: true })).toHaveValue("06:45");
});

test("an admin sees the store's defaults for members", async ({ page, run }) => {
  const store = firstDemoStore(run);
  await signInAs(page, "admin");
  await page.goto(`/stores/${store.id}/settings/notifications`);
  const defaults = page.locator("section", { hasText: "Defaults for members" }).last();
  await expect(defaults.getByLabel(/Failing webhooks/).first()).toHaveValue("instant");
  await expect(defaults.getByRole("button", { name: "Save defaults" })).toBeEnabled();
  await expectNoSeriousA11yViolations(page);
  await saveBothWidths(page, "notification-defaults");
});

test("a saved view's scheduled report arrives by e-mail with the list's CSV", async ({
  page,
  run,
  request,
}) => {
  test.slow();
  const store = firstDemoStore(run);
  const name = `Open report ${Date.now().toString(36)}`;
  await signInAs(page, "editor");
  await page.goto(`/stores/${store.id}/returns?status=open`);
  await page.getByRole("button", { name: "Views" }).click();
  await page.getByRole("button", { name: "Save current filters as a view…" }).click();
  const save = page.getByRole("dialog", { name: "Save view" });
  await save.getByLabel("Name").fill(name);
  await save.getByRole("button", { name: "Save view" }).click();
  await expect(save).toBeHidden();

  await page.getByRole("button", { name: "Views" }).click();
  await page.getByRole("button", { name: "Schedule a report…" }).click();
  const dialog = page.getByRole("dialog", { name: "Schedule a report" });
  await dialog.getByLabel("View", { exact: true }).selectOption({ label: name });
  await dialog.getByLabel("Every", { exact: true }).selectOption("weekly");
  await dialog.getByLabel("On", { exact: true }).selectOption("1");
  await dialog.getByLabel("At", { exact: true }).fill("08:00");
  await dialog.getByRole("button", { name: "Schedule report" }).click();
  await expect(dialog.getByText(/^Next: /)).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await saveBothWidths(page, "schedule-report");

  // Due now: the same schedule set, through the API, to this minute of the store's day.
  const storeResponse = await request.get(`/api/v2.2/stores/${store.id}`, {
    headers: { Authorization: `Bearer ${store.apiSecret}` },
  });
  const timeZone = ((await storeResponse.json()) as { store: { timeZone: string } }).store.timeZone;
  const views = await page.request.get(`/api/v2.2/stores/${store.id}/saved-views?list=returns`);
  const viewId = ((await views.json()) as { saved_views: { id: string; name: string }[] }).saved_views.find(
    (view) => view.name === name,
  )?.id;
  await expect
    .poll(async () => {
      const put = await page.request.put(
        `/api/v2.2/stores/${store.id}/saved-views/${viewId}/report-schedule`,
        {
          headers: sameOrigin(),
          data: { report_schedule: { frequency: "daily", time: minuteIn(timeZone) } },
        },
      );
      expect(put.status(), await put.text()).toBe(200);
      const { report_schedule } = (await put.json()) as { report_schedule: { nextRunAt: string } };
      // A minute that ended between reading the clock and saving makes it tomorrow's: set it again.
      return new Date(report_schedule.nextRunAt).getTime() <= Date.now();
    })
    .toBe(true);

  const mail = await waitForMail(request, (m) => m.subject.startsWith(`Report: ${name}`));
  expect(mail.to).toEqual([run.accounts.editor.email]);
  expect(mail.attachments).toHaveLength(1);
  const exported = await request.get(`/api/v2.2/stores/${store.id}/returns/export?status=open`, {
    headers: { Authorization: `Bearer ${store.apiSecret}` },
  });
  const strip = (text: string) => text.replace(/^\uFEFF/, "");
  expect(strip(mail.attachments[0]?.content ?? "")).toBe(strip(await exported.text()));
  expect(strip(mail.attachments[0]?.content ?? "").split("\n")[0]).toContain("id,status,type");
});
