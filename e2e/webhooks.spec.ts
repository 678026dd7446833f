import { readFile } from "node:fs/promises";
import type { APIRequestContext, Page } from "@playwright/test";
import { parse } from "csv-parse/sync";
import {
  claimFirst,
  expect,
  expectNoSeriousA11yViolations,
  firstDemoStore,
  type RunContext,
  saveScreenshot,
  signInAs,
  test,
} from "./support/fixtures";

/**
 * Settings → Webhooks as an admin meets it: create a webhook pointing at a local receiver (the runner
 * starts the server with BACKROOM_ALLOW_PRIVATE_WEBHOOK_URLS=true and a short retry schedule), see its
 * deliveries arrive in the log with every attempt, and use the secret, replay, edit and delete controls.
 */

const unique = () => `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 7)}`;

function listPath(run: RunContext) {
  return `/stores/${firstDemoStore(run).id}/settings/webhooks`;
}

/** Creates a webhook through the API with the store's secret (faster than the form for the other tests). */
async function createWebhookViaApi(request: APIRequestContext, run: RunContext, url: string) {
  const store = firstDemoStore(run);
  const response = await request.post(`/api/v2.2/stores/${store.id}/webhooks`, {
    headers: { Authorization: `Bearer ${store.apiSecret}` },
    data: { webhook: { callback: { url, auth: { bearer: { token: "e2e-token-0001" } } }, topic: "return" } },
  });
  expect(response.status(), await response.text()).toBe(201);
  const { id } = ((await response.json()) as { webhook: { id: string } }).webhook;
  made.push(id);
  return id;
}

/** Adds a comment to a return of the store through the API: a return "updated" event for every webhook. */
async function commentOnAReturn(request: APIRequestContext, run: RunContext) {
  const store = firstDemoStore(run);
  const headers = { Authorization: `Bearer ${store.apiSecret}` };
  const list = await request.get(`/api/v2.2/stores/${store.id}/returns`, {
    headers: { ...headers, "X-Page-Size": "50" },
  });
  expect(list.status()).toBe(200);
  const listed = ((await list.json()) as { returns: { id: string }[] }).returns;
  const returnId = claimFirst("return", listed, (ret) => ret.id, "return").id;
  const comment = await request.post(`/api/v2.2/returns/${returnId}/comments`, {
    headers,
    data: { comment: { message: "Checked by the webhooks end-to-end test." } },
  });
  expect(comment.ok(), await comment.text()).toBe(true);
  return returnId;
}

/**
 * A full-page screenshot from the top (the shell's sticky sidebar and top bar would otherwise be drawn
 * mid-page), and with `narrow` also one at 768 px, the narrowest width the app supports.
 */
async function screenshot(page: Page, name: string, options: { narrow?: boolean } = {}) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await saveScreenshot(page, name);
  if (!options.narrow) return;
  const size = page.viewportSize();
  await page.setViewportSize({ width: 768, height: 1024 });
  await page.evaluate(() => window.scrollTo(0, 0));
  await saveScreenshot(page, `${name}-768`);
  if (size) await page.setViewportSize(size);
}

function deliveryRow(page: Page, text: string) {
  return page.getByRole("row").filter({ hasText: text }).first();
}

async function openWebhook(page: Page, run: RunContext, webhookId: string) {
  await page.goto(`${listPath(run)}/${webhookId}`);
  await expect(page.getByRole("heading", { name: "Deliveries", exact: true })).toBeVisible();
}

/** Webhooks a test made, deleted after it so later specs' events do not go to a closed receiver. */
const made: string[] = [];

test.afterEach(async ({ request, run }) => {
  const secret = firstDemoStore(run).apiSecret;
  for (const id of made.splice(0)) {
    await request.delete(`/api/v2.2/webhooks/${id}`, { headers: { Authorization: `Bearer ${secret}` } });
  }
});

test.describe("Settings → Webhooks", () => {
  test("create a webhook pointing at a local receiver and see a delivery appear in its log", async ({
    page,
    run,
    webhookReceiver,
  }) => {
    await signInAs(page, "admin");
    await page.goto(listPath(run));
    await expect(page.getByRole("heading", { level: 1, name: "Webhooks" })).toBeVisible();
    await expect(page.getByText(/returns, inbound shipments and inventory/).first()).toBeVisible();
    await expect(page.getByRole("button", { name: "New webhook" }).first()).toBeEnabled();
    await expectNoSeriousA11yViolations(page);
    await screenshot(page, "webhooks-list", { narrow: true });

    await page.getByRole("button", { name: "New webhook" }).first().click();
    const dialog = page.getByRole("dialog", { name: "New webhook" });
    await expect(dialog).toBeVisible();

    // Validation with the API's schema: every bad field at once, input kept.
    await dialog.getByLabel("Endpoint URL").fill("example.com/hooks");
    await dialog.getByLabel("Bearer token").fill("has a space");
    await dialog.getByRole("button", { name: "Create webhook" }).click();
    await expect(
      dialog.getByText("Must be an absolute URL such as https://example.com/webhooks."),
    ).toBeVisible();
    await expect(dialog.getByText("Must contain only visible ASCII characters (no spaces).")).toBeVisible();
    await expect(dialog.getByLabel("Endpoint URL")).toHaveValue("example.com/hooks");
    await expect(dialog.getByLabel("Endpoint URL")).toBeFocused();
    await expectNoSeriousA11yViolations(page);
    await screenshot(page, "webhooks-form-errors");

    // The texts speak of the chosen topic, not of returns only.
    await expect(
      dialog.getByText("whenever something of the chosen topic is created or changes"),
    ).toBeVisible();
    await dialog.getByLabel("Topic").selectOption("inbound_shipment");
    await expect(dialog.getByText("Send existing inbound shipments (backfill)")).toBeVisible();
    await expect(dialog.getByText(/only the inbound shipment's id/)).toBeVisible();
    await screenshot(page, "webhooks-form-inbound-shipments", { narrow: true });
    await dialog.getByLabel("Topic").selectOption("return");

    // The published kind, our payload choice and the event-type opt-ins, with their defaults.
    await expect(dialog.getByLabel("Kind")).toHaveValue("redo");
    await expect(dialog.getByRole("radio", { name: /Snapshot/ })).toBeChecked();
    await expect(dialog.getByRole("checkbox", { name: /Test events as such/ })).not.toBeChecked();

    const path = `/hooks/${unique()}`;
    await dialog.getByLabel("Endpoint URL").fill(`${webhookReceiver.url}${path}`);
    await dialog.getByLabel("Bearer token").fill("e2e-receiver-token");
    await dialog.getByLabel("External id").fill(`e2e-${unique()}`);
    await dialog.getByRole("button", { name: "Create webhook" }).click();

    await expect(page).toHaveURL(/\/settings\/webhooks\/whk_[A-Za-z0-9_-]+$/);
    made.push(page.url().split("/").at(-1) ?? "");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(new URL(webhookReceiver.url).host);
    await expect(page.getByRole("heading", { name: "No deliveries yet" })).toBeVisible();

    // A test event from the UI reaches the receiver with the bearer token and shows up as delivered. The
    // webhook did not opt in to test events, so it is the published `updated` event of the latest return.
    await page.getByRole("button", { name: "Send test event" }).click();
    const received = await webhookReceiver.waitForRequest((request) => request.path === path);
    expect(JSON.parse(received.body)).toMatchObject({
      type: "updated",
      merchantName: expect.any(String),
      return: { id: expect.any(String) },
      order: { id: expect.any(String) },
    });
    expect(received.headers.authorization).toBe("Bearer e2e-receiver-token");
    expect(received.headers["webhook-signature"]).toMatch(/^v1,/);
    const testRow = deliveryRow(page, "return.test");
    await expect(testRow.getByText("Delivered")).toBeVisible({ timeout: 15_000 });
    await expect(testRow.getByText("HTTP 200")).toBeVisible();

    // A real event: a comment on a return is an "updated" event of that return.
    const returnId = await commentOnAReturn(page.request, run);
    await webhookReceiver.waitForRequest(
      (request) => request.path === path && request.body.includes(returnId),
    );
    // The log polls only while something is pending; news from outside the page needs a refresh.
    await page.getByRole("button", { name: "Refresh" }).click();
    const eventRow = deliveryRow(page, returnId);
    await expect(eventRow.getByText("Delivered")).toBeVisible({ timeout: 15_000 });

    // Each attempt with its time, duration, status and response excerpt.
    await testRow.getByRole("button", { name: /Attempts of delivery/ }).click();
    const attempts = page.locator("[id$='-attempts']").first();
    await expect(attempts.getByText("Attempt 1")).toBeVisible();
    await expect(attempts.getByText(/\d+ ms/)).toBeVisible();
    await expect(attempts.locator("pre").first()).toHaveText("ok");
    await expect(page.getByText("Last success").locator("..")).not.toContainText("Never");
    await expectNoSeriousA11yViolations(page);
    await screenshot(page, "webhook-detail-delivered", { narrow: true });

    // The request as sent, beside the answer: headers with the token and signature masked, and the body.
    await attempts.getByText(/^Request sent/).click();
    const request = attempts.locator("details").first();
    await expect(request).toContainText("authorization: Bearer ••••oken");
    await expect(request).toContainText("webhook-signature: v1,••••");
    await expect(request).toContainText(`webhook-id: ${received.headers["webhook-id"]}`);
    await expect(request).not.toContainText("e2e-receiver-token");
    await expect(request).toContainText('"type": "updated"');
    await expect(request).toContainText('"merchantName"');
    await expectNoSeriousA11yViolations(page);
    await screenshot(page, "webhook-detail-request", { narrow: true });

    // The log as CSV: both deliveries, newest first, with their outcome.
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("link", { name: "Export CSV of these deliveries" }).click(),
    ]);
    const csv = await readFile((await download.path()) as string, "utf8");
    const rows = parse(csv, { bom: true, columns: true }) as Record<string, string>[];
    expect(rows.map((row) => [row.event_type, row.status, row.last_response_status])).toEqual([
      ["updated", "delivered", "200"],
      ["test", "delivered", "200"],
    ]);
    expect(rows[0]?.subject_id).toBe(returnId);
  });

  test("a failing endpoint: a test is tried once and leaves the health alone; a real event fails, and its resend after the fix is delivered", async ({
    page,
    run,
    webhookReceiver,
  }) => {
    const path = `/failing/${unique()}`;
    const webhookId = await createWebhookViaApi(page.request, run, `${webhookReceiver.url}${path}`);
    webhookReceiver.respondWith(500);
    await signInAs(page, "admin");
    await openWebhook(page, run, webhookId);

    // A test answers "does the endpoint work now?": one attempt, shown as Failed, never retried, and the
    // webhook stays Active (its health is about live traffic).
    await page.getByRole("button", { name: "Send test event" }).click();
    await webhookReceiver.waitForRequest((request) => request.path === path);
    const testRow = deliveryRow(page, "return.test");
    await expect(testRow.getByText("HTTP 500")).toBeVisible({ timeout: 15_000 });
    // Failed, not "Failed, retrying": the delivery is finished after its one attempt.
    await expect(testRow.getByText("Failed", { exact: true })).toBeVisible();
    await expect(testRow.getByRole("cell").nth(4)).toHaveText("1");
    expect(webhookReceiver.requests.filter((request) => request.path === path)).toHaveLength(1);
    await page.reload();
    await expect(testRow.getByText("Failed", { exact: true })).toBeVisible();
    await expect(page.getByText(/Failing since/)).toHaveCount(0);
    await expect(page.getByText("Last failure").locator("..")).toContainText("Never");
    await expectNoSeriousA11yViolations(page);
    await screenshot(page, "webhook-detail-test-failed", { narrow: true });

    // A real event: it fails, the endpoint turns Failing, and the short schedule discards it.
    const returnId = await commentOnAReturn(page.request, run);
    await webhookReceiver.waitForRequest(
      (request) => request.path === path && request.body.includes(returnId),
    );
    await page.getByRole("button", { name: "Refresh" }).click();
    const row = deliveryRow(page, returnId);
    await expect(row.getByText("HTTP 500")).toBeVisible({ timeout: 15_000 });
    await expect(page.getByText(/Failing since/)).toBeVisible({ timeout: 15_000 });
    await row.getByRole("button", { name: /Attempts of delivery/ }).click();
    await expect(page.locator("[id$='-attempts'] pre").first()).toHaveText("failing on purpose");
    await screenshot(page, "webhook-detail-failing", { narrow: true });

    await expect(row.getByText("Discarded")).toBeVisible({ timeout: 60_000 });
    webhookReceiver.respondWith(200);
    // Bulk resend names how many it would queue before anything is sent (the failed test among them).
    await page.getByRole("button", { name: "Resend failed…" }).click();
    const bulk = page.getByRole("dialog", { name: "Resend failed deliveries" });
    await expect(bulk.getByRole("button", { name: "Resend 2 failed" })).toBeEnabled();
    await screenshot(page, "webhook-bulk-resend-confirm");
    await bulk.getByRole("button", { name: "Cancel" }).click();
    await row.getByRole("button", { name: /^Resend delivery/ }).click();
    const delivered = page.getByRole("row").filter({ hasText: returnId }).filter({ hasText: "Delivered" });
    await expect(delivered).toHaveCount(1, { timeout: 15_000 });
    await expect(page.getByRole("row").filter({ hasText: "Discarded" })).toHaveCount(1);
    await expect(page.getByText(/Failing since/)).toHaveCount(0, { timeout: 15_000 });
    await expectNoSeriousA11yViolations(page);
    // Its event was delivered by the resend: only the failed test is left for a bulk resend.
    await page.getByRole("button", { name: "Resend failed…" }).click();
    await expect(bulk.getByRole("button", { name: "Resend 1 failed" })).toBeEnabled();
    await bulk.getByRole("button", { name: "Cancel" }).click();
  });

  test("reveal and rotate the signing secret, replay, edit keeping the token, delete", async ({
    page,
    run,
    webhookReceiver,
  }) => {
    const path = `/secret/${unique()}`;
    const webhookId = await createWebhookViaApi(page.request, run, `${webhookReceiver.url}${path}`);
    await signInAs(page, "admin");
    await openWebhook(page, run, webhookId);

    const secret = page.locator("code").filter({ hasText: /^whsec_/ });
    await expect(secret).toContainText("••••");
    await page.getByRole("button", { name: "Reveal" }).click();
    await expect(secret).toHaveText(/^whsec_[A-Za-z0-9+/=]{20,}$/);
    const first = await secret.textContent();

    await page.getByRole("button", { name: "Rotate…" }).click();
    const rotate = page.getByRole("dialog", { name: "Rotate the signing secret?" });
    await expect(rotate).toContainText("24 hours");
    await expectNoSeriousA11yViolations(page);
    await screenshot(page, "webhook-rotate-confirm");
    await rotate.getByRole("button", { name: "Rotate secret" }).click();
    await expect(rotate).toBeHidden();
    await expect(secret).not.toHaveText(first ?? "");
    await expect(page.getByRole("status").filter({ hasText: "New secret in use" })).toBeVisible();
    await screenshot(page, "webhook-secret-rotated");

    // Replay since an hour ago: 202 and a toast.
    await page.getByRole("button", { name: "Replay…" }).click();
    const replay = page.getByRole("dialog", { name: "Replay events" });
    await expect(replay.getByLabel("Replay events since")).not.toHaveValue("");
    await expectNoSeriousA11yViolations(page);
    await replay.getByRole("button", { name: "Replay events" }).click();
    await expect(page.getByText("Replay queued")).toBeVisible();

    // Edit the url, the payload and an opt-in (PUT, 204): the token stays (the form never sends the mask back).
    await page.getByRole("button", { name: "Edit" }).click();
    const edit = page.getByRole("dialog", { name: "Edit webhook" });
    await expect(edit.getByLabel("Bearer token")).toHaveAttribute("placeholder", "••••0001");
    await edit.getByLabel("Endpoint URL").fill(`${webhookReceiver.url}${path}/v2`);
    await edit.getByRole("radio", { name: /Thin/ }).check();
    await edit.getByRole("checkbox", { name: /Test events as such/ }).check();
    await expectNoSeriousA11yViolations(page);
    await screenshot(page, "webhook-edit");
    await edit.getByRole("button", { name: "Save changes" }).click();
    await expect(edit).toBeHidden();
    await expect(page.getByText(`${path}/v2`)).toBeVisible();
    await expect(page.getByText("Thin payload")).toBeVisible();
    await expect(page.getByText("Also: Test")).toBeVisible();
    await expect(page.getByText("Kind: Redo")).toBeVisible();
    await page.getByRole("button", { name: "Edit" }).click();
    await expect(edit.getByLabel("Bearer token")).toHaveAttribute("placeholder", "••••0001");
    await edit.getByRole("button", { name: "Cancel" }).click();

    // Delete, confirming with the url named, and land on the list without it.
    await page.getByRole("button", { name: "Delete" }).click();
    const remove = page.getByRole("dialog", { name: "Delete this webhook?" });
    await expect(remove).toContainText(`${path}/v2`);
    await remove.getByRole("button", { name: "Delete webhook" }).click();
    await expect(page).toHaveURL(new RegExp(`${listPath(run)}$`));
    await expect(page.getByText(`${path}/v2`)).toHaveCount(0);
  });

  test("an editor sees no webhook settings", async ({ page, run }) => {
    await signInAs(page, "editor");
    await page.goto(listPath(run));
    await expect(page.getByRole("heading", { name: "Only admins manage webhooks" })).toBeVisible();
    await expect(page.getByRole("button", { name: "New webhook" })).toHaveCount(0);
  });
});
