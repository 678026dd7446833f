import type { APIRequestContext, Page } from "@playwright/test";
import type { Return } from "../lib/schemas/returns";
import {
  claimFirst,
  expect,
  expectNoSeriousA11yViolations,
  saveBothWidths,
  signInAs,
  test,
} from "./support/fixtures";

/**
 * Inspection (docs/inspection.md), in the second demo store, which no other spec processes in: its admin's
 * checklist asks every item's condition and a photo when it is damaged; the inspector answers it in the process
 * panel; then a serial already returned on another return is scanned at the bench and flags the return.
 */

const TINY_PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==",
  "base64",
);

async function delivered(request: APIRequestContext, storeId: string, secret: string): Promise<Return[]> {
  const response = await request.get(`/api/v2.2/stores/${storeId}/returns?status=delivered`, {
    headers: { authorization: `Bearer ${secret}`, "X-Page-Size": "200" },
  });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { returns: Return[] }).returns.filter((r) => r.items.length === 1);
}

const status = (page: Page) => page.getByRole("status").filter({ hasText: /^Status:/ });

test("inspect a return with a checklist (photo required on damage); scan a serial already returned and see the flag", async ({
  page,
  run,
}) => {
  const store = run.demoStores[1];
  if (!store) throw new Error("The run has no second demo store.");
  const auth = { authorization: `Bearer ${store.apiSecret}` };
  const saved = await page.request.put(`/api/v2.2/stores/${store.id}/inspection-checklists`, {
    headers: auth,
    data: {
      checklists: [
        {
          name: "Every return",
          applies_to: { product_types: [], tags: [], return_reasons: [] },
          questions: [
            {
              key: "condition",
              label: "Condition",
              kind: "choice",
              options: ["new", "used", "damaged"],
              required: true,
            },
            {
              key: "damage_photo",
              label: "Photo of the damage",
              kind: "photo",
              required_when: { question: "condition", equals: "damaged" },
            },
            { key: "accessories", label: "Accessories included", kind: "yes_no" },
          ],
        },
      ],
    },
  });
  expect(saved.status(), await saved.text()).toBe(200);
  const returns = await delivered(page.request, store.id, store.apiSecret);
  const inspected = claimFirst("return", returns, (r) => r.id, "delivered one-item return to inspect");
  const first = claimFirst("return", returns, (r) => r.id, "delivered return the serial came back on");
  const flagged = claimFirst(
    "return",
    returns,
    (r) => r.id,
    "delivered return the serial comes back on again",
  );
  const prefilled = claimFirst("return", returns, (r) => r.id, "delivered return a rule pre-fills");
  const serial = `SN-E2E-${Date.now()}`;
  const earlier = await page.request.post(`/api/v2.2/stores/${store.id}/returns/${first.id}/custody-checks`, {
    headers: auth,
    data: { item_id: first.items[0]?.id, identifier: serial },
  });
  expect(earlier.status(), await earlier.text()).toBe(200);

  await signInAs(page, "admin");
  await page.goto(`/stores/${store.id}/returns/${inspected.id}`);
  await page.getByRole("button", { name: "Process items…" }).click();
  const panel = page.getByRole("dialog", { name: "Process return" });
  const condition = panel.getByRole("radiogroup", { name: /Condition/ });
  await condition.getByRole("radio", { name: "damaged" }).check();
  // The rule makes the photo required as soon as the answer is "damaged".
  await expect(panel.getByText("Still to answer: Photo of the damage.")).toBeVisible();
  await panel
    .getByLabel(/Photo of the damage/)
    .setInputFiles({ name: "damage.png", mimeType: "image/png", buffer: TINY_PNG });
  await expect(panel.getByText("1 photo added")).toBeVisible();
  await expect(panel.getByText(/^Still to answer/)).toHaveCount(0);
  const decision = panel.getByRole("group").first();
  await decision.getByRole("radio", { name: "Reject", exact: true }).check();
  await decision.getByLabel("Reason for rejecting").fill("Damaged in use");
  await expectNoSeriousA11yViolations(page);
  await saveBothWidths(page, "inspection-checklist");
  await panel.getByRole("button", { name: "Review" }).click();
  await panel.getByRole("button", { name: "Process 1 item" }).click();
  await expect(panel).toBeHidden();
  await expect(status(page)).toHaveText("Status: Complete");
  // The answers and the time spent are on the item.
  await expect(page.getByText(/Every return: inspected by .* took \d/)).toBeVisible();
  await expect(page.getByRole("link", { name: "Photo 1" })).toBeVisible();

  // The checklist as the admin sees it in Settings.
  await page.goto(`/stores/${store.id}/settings/store`);
  const card = page.getByRole("region", { name: "Inspection checklists" });
  await expect(card.getByLabel("Question 2: when required")).toHaveValue("answer");
  await card.scrollIntoViewIfNeeded();
  await expectNoSeriousA11yViolations(page);
  await saveBothWidths(page, "inspection-checklists-settings");

  // A disposition rule asking for a checklist answer: grade C with the accessories not included -> open box.
  const rules = page
    .locator("section")
    .filter({ has: page.getByRole("heading", { level: 2, name: "Disposition rules", exact: true }) });
  await rules.getByRole("button", { name: "Add rule" }).click();
  const added = await rules.getByRole("listitem").count();
  await rules.getByLabel(`Rule ${added}: grade`).fill("C");
  await rules.getByLabel(`Rule ${added}: checklist question`).selectOption({ label: "Accessories included" });
  await rules.getByLabel(`Rule ${added}: answer`).selectOption("no");
  await rules.getByLabel(`Rule ${added}: disposition`).selectOption("open_box");
  await rules.getByRole("button", { name: "Save rules" }).click();
  await expect(page.getByText("Disposition rules saved")).toBeVisible();
  await rules.scrollIntoViewIfNeeded();
  await expectNoSeriousA11yViolations(page);
  // A taller window, so the settings page is captured whole at 1280 px (it is more than three 720 px screens).
  await page.setViewportSize({ width: 1280, height: 1100 });
  await saveBothWidths(page, "disposition-rules-answer-settings");
  await page.setViewportSize({ width: 1280, height: 720 });
  const stored = await page.request.get(`/api/v2.2/stores/${store.id}/disposition-rules`, { headers: auth });
  expect(((await stored.json()) as { rules: unknown[] }).rules).toContainEqual({
    grade: "C",
    outcome: null,
    answer: { question: "accessories", equals: "no" },
    disposition: "open_box",
  });

  // In the process panel the rule pre-fills once the answer is given; the inspector sees which rule did it.
  await page.goto(`/stores/${store.id}/returns/${prefilled.id}`);
  await page.getByRole("button", { name: "Process items…" }).click();
  await panel
    .getByRole("radiogroup", { name: /Condition/ })
    .getByRole("radio", { name: "used" })
    .check();
  const fields = panel.getByRole("group").first();
  await fields.getByLabel("Grade").selectOption("C - Visible wear");
  const disposition = fields.getByLabel("Disposition");
  await expect(disposition).toHaveValue("restock");
  const accessories = panel.getByRole("radiogroup", { name: /Accessories included/ });
  await accessories.getByRole("radio", { name: "No" }).check();
  await expect(disposition).toHaveValue("open_box");
  await expect(disposition).toHaveAccessibleDescription(
    "Pre-filled by the rule for grade C and “Accessories included” answered no: confirm or change it.",
  );
  await expectNoSeriousA11yViolations(page);
  // The panel scrolled to the pre-filled disposition and its hint (the page capture keeps the panel's scroll).
  await disposition.scrollIntoViewIfNeeded();
  await saveBothWidths(page, "inspection-disposition-prefill");
  await accessories.getByRole("radio", { name: "Yes" }).check();
  await expect(disposition).toHaveValue("restock");
  await page.keyboard.press("Escape");

  await page.goto(`/stores/${store.id}/returns/${flagged.id}`);
  await page.getByRole("button", { name: "Process items…" }).click();
  const scan = panel.getByLabel("Unit's serial, license plate or lot");
  await scan.fill(serial);
  await scan.press("Enter");
  await expect(panel.getByRole("status").filter({ hasText: `returned before on ${first.id}` })).toContainText(
    "The return is flagged",
  );
  await expectNoSeriousA11yViolations(page);
  await saveBothWidths(page, "inspection-custody-flag");
  await page.keyboard.press("Escape");
  await expect(status(page)).toHaveText("Status: Flagged");
  const timeline = page
    .locator("section")
    .filter({ has: page.getByRole("heading", { level: 2, name: "Timeline", exact: true }) });
  await expect(timeline.getByRole("listitem").filter({ hasText: "flagged the return" })).toContainText(
    `${serial}: returned before on ${first.id}`,
  );
});
