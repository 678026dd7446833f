import path from "node:path";
import type { Page } from "@playwright/test";
import type { Return } from "../lib/schemas/returns";
import {
  claimFirst,
  expect,
  expectNoSeriousA11yViolations,
  firstDemoStore,
  saveScreenshot,
  signInAs,
  signInThroughForm,
  test,
} from "./support/fixtures";
import { SCREENSHOTS_DIR } from "./support/screenshots";

/**
 * The returns pages as staff meet them: the list with its filters in the URL, a return's identifiers form
 * and comments, and what a viewer may not do. Returns are chosen from the seeded store through the API
 * (what the demo holds is generated), then reached through the UI.
 */

async function storeReturns(page: Page, storeId: string): Promise<Return[]> {
  const all: Return[] = [];
  let next: string | undefined;
  do {
    const response = await page.request.get(`/api/v2.2/stores/${storeId}/returns`, {
      headers: { "X-Page-Size": "500", ...(next ? { "X-Page-Continue": next } : {}) },
    });
    expect(response.status()).toBe(200);
    all.push(...((await response.json()) as { returns: Return[] }).returns);
    next = response.headers()["x-page-next"];
  } while (next);
  return all;
}

/** Signs in as the editor and reads the store's returns, which the editing tests choose from. */
async function signInAsEditorReadingReturns(page: Page, storeId: string): Promise<Return[]> {
  await signInAs(page, "editor");
  return storeReturns(page, storeId);
}

/** A return with everything the detail page shows: an exchange, shipments, gift cards, several items. */
function richest(returns: Return[]): Return {
  const score = (r: Return) =>
    (r.exchange ? 4 : 0) +
    (r.giftCards.length > 0 ? 4 : 0) +
    Math.min(r.shipments.length, 2) * 2 +
    Math.min(r.items.length, 3) +
    (r.tags.length > 0 ? 1 : 0);
  const [best] = [...returns].sort((a, b) => score(b) - score(a));
  if (!best) throw new Error("the demo store has no returns");
  return best;
}

/** Full-page screenshot with the lazy comment images loaded, also those below the fold. */
async function screenshot(page: Page, name: string): Promise<void> {
  await page.evaluate(() => {
    for (const img of document.querySelectorAll("img[loading=lazy]")) img.setAttribute("loading", "eager");
  });
  await page.waitForFunction(() => [...document.images].every((img) => img.complete));
  await saveScreenshot(page, name);
}

async function openFromList(page: Page, storeId: string, ret: Return): Promise<void> {
  await page.goto(`/stores/${storeId}/returns`);
  await page.getByRole("searchbox", { name: "Search" }).fill(ret.order.name);
  await expect(page).toHaveURL(new RegExp(`q=${encodeURIComponent(ret.order.name)}`));
  const heading = page.getByRole("heading", { level: 1, name: `Return for order ${ret.order.name}` });
  // A clean-clone CI run once clicked the row while the list was still being replaced by the search's
  // results, and stayed on the list (the row was there, the page never left): the click is tried again until
  // the return's page opens. The closing note of 2026-11-28 asks whether the list's URL update can undo a
  // navigation that started just before it.
  const row = page.getByRole("link", { name: `Return for order ${ret.order.name}` }).first();
  await expect(async () => {
    // Clicked only while the list shows it: a slow first navigation is waited for, not clicked over.
    if (await row.isVisible()) await row.click();
    await expect(heading).toBeVisible({ timeout: 5_000 });
  }).toPass({ timeout: 30_000 });
}

test("the returns list filters by status and search in the URL, and back/forward restore them", async ({
  page,
  run,
}) => {
  const storeId = firstDemoStore(run).id;
  await signInAs(page, "editor");
  await page.goto(`/stores/${storeId}/returns`);
  await expect(page.getByRole("heading", { level: 1, name: "Returns" })).toBeVisible();
  const rows = page.getByRole("table").getByRole("row");
  await expect(rows.nth(1)).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await screenshot(page, "returns-list");

  const status = page.getByRole("combobox", { name: "Status" });
  await status.selectOption("needs_review");
  await expect(page).toHaveURL(/status=needs_review/);
  // innerText, not textContent: below 1024 px a claim's type badge joins the status cell, hidden (display:
  // none) at this width, and textContent would read it too.
  const cells = async (column: number) =>
    (await page.locator(`tbody tr td:nth-child(${column})`).allInnerTexts()).map((text) => text.trim());
  await expect.poll(async () => new Set(await cells(2))).toEqual(new Set(["Needs review"]));

  const search = page.getByRole("searchbox", { name: "Search" });
  const firstCustomer = (await page.locator("tbody tr td:nth-child(4) div").first().textContent()) ?? "";
  const surname = firstCustomer.trim().split(" ").at(-1) ?? "";
  await search.fill(surname);
  await expect(page).toHaveURL(new RegExp(`q=${encodeURIComponent(surname)}`));
  await expect
    .poll(async () => (await cells(4)).every((text) => text.toLowerCase().includes(surname.toLowerCase())))
    .toBe(true);
  await screenshot(page, "returns-list-filtered");
  await page.setViewportSize({ width: 768, height: 1024 });
  await screenshot(page, "returns-list-filtered-768");
  await page.setViewportSize({ width: 1280, height: 720 });

  await page.goBack();
  await expect(page).toHaveURL(new RegExp(`/stores/${storeId}/returns$`));
  await expect(status).toHaveValue("");
  await expect(search).toHaveValue("");
  await page.goForward();
  await expect(status).toHaveValue("needs_review");
  await expect(search).toHaveValue(surname);

  await search.fill("no-such-customer-zz");
  await expect(page.getByRole("heading", { name: /No returns match “no-such-customer-zz”/ })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.getByRole("button", { name: "Clear filters" }).last().click();
  await expect(status).toHaveValue("");
  await expect(rows.nth(1)).toBeVisible();
});

test("the list names each return's resolution: an exchange reads as one, not as a $0.00 refund", async ({
  page,
  run,
}) => {
  const storeId = firstDemoStore(run).id;
  const returns = await signInAsEditorReadingReturns(page, storeId);
  const exchange = returns.find(
    (r) => r.compensationMethods.length === 1 && r.compensationMethods[0] === "exchange",
  );
  if (!exchange) throw new Error("the demo store has no exchange-only return");
  await page.goto(`/stores/${storeId}/returns?q=${encodeURIComponent(exchange.order.name)}`);
  const row = page.locator("tbody tr").filter({
    has: page.getByRole("link", { name: `Return for order ${exchange.order.name}` }),
  });
  const resolution = row.locator("td").nth(5);
  await expect(page.getByRole("columnheader").nth(5)).toHaveText("Resolution");
  await expect(resolution).toContainText("Exchange");
  await expect(resolution).not.toContainText("Refund");
  await expect(resolution).not.toContainText("$0.00");
  await saveScreenshot(page, "returns-list-exchange");
});

test("an editor sets two identifiers: the invalid one is refused beside its field, then both are saved", async ({
  page,
  run,
}) => {
  const storeId = firstDemoStore(run).id;
  const returns = await signInAsEditorReadingReturns(page, storeId);
  const rich = richest(returns);
  const target = claimFirst(
    "return",
    returns.filter((r) => r.items.length >= 2 && r.id !== rich.id),
    (r) => r.id,
    "return with two items",
  );
  await openFromList(page, storeId, target);

  const inputs = page.getByRole("textbox", { name: /^External identifier/ });
  await expect(inputs).toHaveCount(target.items.length);
  const save = page.getByRole("button", { name: "Save identifiers" });
  await expect(save).toBeDisabled();

  const stamp = Date.now().toString(36).toUpperCase();
  const first = `RMA-E2E-${stamp}`;
  const second = `WMS-E2E-${stamp}`;
  await inputs.nth(0).fill("X".repeat(256));
  await inputs.nth(1).fill(second);
  await expect(page.getByText("2 unsaved changes, 1 to fix")).toBeVisible();
  await save.click();

  await expect(inputs.nth(0)).toHaveAttribute("aria-invalid", "true");
  await expect(inputs.nth(0)).toHaveAccessibleDescription(/at most 255 characters/);
  await expect(inputs.nth(0)).toBeFocused();
  await expect(inputs.nth(1)).not.toHaveAttribute("aria-invalid", "true");
  await expect(inputs.nth(1)).toHaveValue(second); // the valid edit is kept
  await expectNoSeriousA11yViolations(page);
  await screenshot(page, "return-identifiers-error");

  await inputs.nth(0).fill(first);
  const put = page.waitForRequest((request) => request.method() === "PUT");
  await save.click();
  // One request, with the two changed items only.
  expect((await put).postDataJSON()).toEqual({
    items: [
      { id: target.items[0]?.id, externalIdentifier: first },
      { id: target.items[1]?.id, externalIdentifier: second },
    ],
  });
  await expect(page.getByText("2 identifiers saved")).toBeVisible();
  await expect(page.getByText("No unsaved changes")).toBeVisible();
  await expect(save).toBeDisabled();

  await page.reload();
  await expect(inputs.nth(0)).toHaveValue(first);
  await expect(inputs.nth(1)).toHaveValue(second);
});

test("a problem the API reports about an item is shown beside that item, and the edit is kept", async ({
  page,
  run,
}) => {
  const storeId = firstDemoStore(run).id;
  const returns = await signInAsEditorReadingReturns(page, storeId);
  const target = returns.find((r) => r.items.length >= 2) ?? richest(returns);
  await openFromList(page, storeId, target);

  // The item was removed from the return in the meantime: the answer the API gives then (decisions §5).
  await page.route("**/item-identifiers", async (route) => {
    const sent = route.request().postDataJSON() as { items: { id: string }[] };
    await route.fulfill({
      status: 400,
      contentType: "application/problem+json",
      body: JSON.stringify({
        type: "com.service.api:return/item-not-found",
        title: "Item not found",
        status: 400,
        detail: `This item does not exist on this return: "${sent.items[0]?.id}".`,
        instance: "urn:request:e2e",
        errors: [
          { path: "items.0.id", message: `No item with id "${sent.items[0]?.id}" exists on this return.` },
        ],
      }),
    });
  });
  const inputs = page.getByRole("textbox", { name: /^External identifier/ });
  const second = inputs.nth(1);
  await second.fill("WMS-GONE-1");
  await page.getByRole("button", { name: "Save identifiers" }).click();

  await expect(second).toHaveAttribute("aria-invalid", "true");
  await expect(second).toHaveAccessibleDescription(
    `No item with id "${target.items[1]?.id}" exists on this return.`,
  );
  await expect(second).toHaveValue("WMS-GONE-1");
  await expect(inputs.nth(0)).not.toHaveAttribute("aria-invalid", "true");
  await expect(page.getByText("1 unsaved change, 1 to fix")).toBeVisible();

  await second.fill("WMS-GONE-2"); // editing the field clears the server's complaint about it
  await expect(second).not.toHaveAttribute("aria-invalid", "true");
  await page.unroute("**/item-identifiers");
});

test("an editor adds a text comment and a pasted image, and a wrong file is refused before sending", async ({
  page,
  run,
}) => {
  const storeId = firstDemoStore(run).id;
  const returns = await signInAsEditorReadingReturns(page, storeId);
  const target = richest(returns);
  await openFromList(page, storeId, target);

  const composer = page.getByRole("textbox", { name: "Add a comment" });
  const text = `Seal intact, checked on arrival (${Date.now().toString(36)})`;
  await composer.fill(text);
  await composer.press("Control+Enter");
  await expect(page.getByRole("listitem").filter({ hasText: text })).toContainText("Eddie Editor");
  await expect(composer).toHaveValue("");

  await page.getByLabel("Image to attach").setInputFiles({
    name: "label.pdf",
    mimeType: "application/pdf",
    buffer: Buffer.from("%PDF-1.4\n"),
  });
  await expect(page.getByRole("alert").filter({ hasText: "cannot be attached" })).toBeVisible();

  // A screenshot pasted from the clipboard, as a browser delivers it: a paste event carrying an image file.
  await composer.focus();
  await page.evaluate(async () => {
    const canvas = document.createElement("canvas");
    canvas.width = 480;
    canvas.height = 270;
    const context = canvas.getContext("2d");
    if (!context) throw new Error("no 2d canvas");
    context.fillStyle = "#e0e7ff";
    context.fillRect(0, 0, 480, 270);
    context.fillStyle = "#312e81";
    context.font = "bold 32px sans-serif";
    context.fillText("Torn seam, left sleeve", 40, 145);
    const blob = await new Promise<Blob>((resolve, reject) =>
      canvas.toBlob((made) => (made ? resolve(made) : reject(new Error("no PNG"))), "image/png"),
    );
    const transfer = new DataTransfer();
    transfer.items.add(new File([blob], "image.png", { type: "image/png" }));
    document.activeElement?.dispatchEvent(
      new ClipboardEvent("paste", { clipboardData: transfer, bubbles: true, cancelable: true }),
    );
  });
  await expect(page.getByRole("img", { name: "Preview of image.png" })).toBeVisible();
  await expect(page.getByRole("alert").filter({ hasText: "cannot be attached" })).toHaveCount(0);
  await page.getByRole("button", { name: "Send image" }).click();

  const posted = page.getByRole("img", { name: /^Attachment from Eddie Editor/ }).last();
  await posted.scrollIntoViewIfNeeded();
  await expect
    .poll(() => posted.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBe(480);
  await expect(page.getByRole("img", { name: /^Preview of/ })).toHaveCount(0);

  await expectNoSeriousA11yViolations(page);
  await screenshot(page, "return-detail");
  await page.setViewportSize({ width: 768, height: 1024 });
  await screenshot(page, "return-detail-768");
});

test("a viewer sees the return without edit controls, and the API refuses their edits", async ({
  page,
  run,
}) => {
  const storeId = firstDemoStore(run).id;
  // Through the form: a viewer of one store lands on that store's overview, not on the store picker.
  await page.goto("/sign-in");
  await signInThroughForm(page, run.accounts.viewer.email, run.accounts.viewer.password);
  await expect(page).toHaveURL(new RegExp(`/stores/${storeId}$`));
  const target = richest(await storeReturns(page, storeId));
  await openFromList(page, storeId, target);

  await expect(page.getByRole("heading", { name: /^Items/ })).toBeVisible();
  await expect(page.getByText("External identifier:").first()).toBeVisible();
  await expect(page.getByRole("textbox")).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Save identifiers" })).toHaveCount(0);
  await expect(page.getByRole("textbox", { name: "Add a comment" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Attach image" })).toHaveCount(0);
  // Tags follow the store's catalogue and are an editor's to change: a viewer reads them only.
  await expect(page.getByRole("combobox", { name: "Add a tag" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: /^Remove tag / })).toHaveCount(0);

  // Names, not internal ids: order lines name their location; the ids wait under a closed "Details".
  const panel = (title: string | RegExp) =>
    page.locator("section").filter({ has: page.getByRole("heading", { level: 2, name: title }) });
  const order = panel(`Order ${target.order.name}`);
  const main = page.locator("main");
  await expect(main.getByText(/\bloc_[0-9a-z]/).filter({ visible: true })).toHaveCount(0);
  await expect(order.getByText(/^Fulfilled from /).first()).not.toContainText("loc_");
  const about = panel("About this return");
  await expect(about.getByText(target.id)).toBeHidden();
  await about.locator("summary", { hasText: "Details" }).click();
  await expect(about.getByText(target.id)).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await screenshot(page, "return-detail-viewer");
  await order.screenshot({ path: path.join(SCREENSHOTS_DIR, "return-order-panel.png") });
  await page.setViewportSize({ width: 768, height: 1024 });
  await order.screenshot({ path: path.join(SCREENSHOTS_DIR, "return-order-panel-768.png") });
  await about.screenshot({ path: path.join(SCREENSHOTS_DIR, "return-about-panel-768.png") });
  await page.setViewportSize({ width: 1280, height: 900 });

  // The same requests the editor's page makes, from the viewer's page: same origin, the viewer's session.
  const item = target.items[0];
  const refused = await page.evaluate(
    async ({ storeId, returnId, itemId }) => {
      const send = async (url: string, method: string, body: unknown) => {
        const response = await fetch(url, {
          method,
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify(body),
        });
        return {
          status: response.status,
          problem: (await response.json()) as { type: string; detail: string },
        };
      };
      return [
        await send(`/api/v2.2/stores/${storeId}/returns/${returnId}/item-identifiers`, "PUT", {
          items: [{ id: itemId, externalIdentifier: "VIEWER-WAS-HERE" }],
        }),
        await send(`/api/v2.2/returns/${returnId}/comments`, "POST", {
          comment: { message: "viewer was here" },
        }),
      ];
    },
    { storeId, returnId: target.id, itemId: item?.id ?? "" },
  );
  for (const answer of refused) {
    expect(answer.status).toBe(403);
    expect(answer.problem.type).toBe("com.service.api:auth/forbidden");
    expect(answer.problem.detail).toMatch(/role in this store does not allow/);
  }
  const after = (await (await page.request.get(`/api/v2.2/returns/${target.id}`)).json()) as {
    return: Return;
  };
  expect(after.return.items[0]?.externalIdentifier).not.toBe("VIEWER-WAS-HERE");
  expect(after.return.notes).not.toContainEqual({ message: "viewer was here" });
});
