import {
  expect,
  expectNoSeriousA11yViolations,
  firstDemoStore,
  saveBothWidths,
  signInAs,
  test,
} from "./support/fixtures";

/**
 * Supplier claims (docs/suppliers.md): a shipment from the demo's Northwind Textiles is received in Receive
 * mode with 2 damaged units and a photo; the receipt drafts the claim, where the line shows with its photo; the
 * claim's PDF downloads, it is marked sent, then credited. Damaged units only: no stock moves.
 */

const PHOTO = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=",
  "base64",
);

test("receive a shipment with 2 damaged units and find the drafted claim with photos; send it and mark it credited", async ({
  page,
  run,
}) => {
  test.slow();
  const store = firstDemoStore(run);
  const auth = { Authorization: `Bearer ${store.apiSecret}` };
  await signInAs(page, "editor");
  const listed = await page.request.get(`/api/v2.2/stores/${store.id}/suppliers`, { headers: auth });
  const supplier = ((await listed.json()) as { suppliers: { id: string; name: string }[] }).suppliers.find(
    (candidate) => candidate.name === "Northwind Textiles",
  );
  if (!supplier) throw new Error("the demo store has no Northwind Textiles");
  const located = await page.request.get(`/api/v2.2/stores/${store.id}/locations`, { headers: auth });
  const [location] = ((await located.json()) as { locations: { id: string }[] }).locations;
  const items = await page.request.get(`/api/v2.2/stores/${store.id}/inventory-items?kind=PRODUCT`, {
    headers: { ...auth, "X-Page-Size": "50" },
  });
  const product = (
    (await items.json()) as { inventory_items: { sku: string | null; name: string | null }[] }
  ).inventory_items.findLast((item) => item.sku && item.name);
  if (!location || !product?.sku || !product.name) throw new Error("no catalog product to ship");
  const created = await page.request.post(`/api/v2.2/stores/${store.id}/inbound-shipments`, {
    headers: auth,
    data: {
      inbound_shipment: {
        location_id: location.id,
        supplier_id: supplier.id,
        purchase_order: "PO-E2E-0001",
        status: "IN_TRANSIT",
        items: [{ sku: product.sku, quantity: 5, unit_cost: "12.00" }],
      },
    },
  });
  expect(created.status()).toBe(201);
  const shipment = ((await created.json()) as { inbound_shipment: { id: string } }).inbound_shipment;

  // Receive mode: 2 units arrive, both damaged, with a photo.
  await page.goto(`/stores/${store.id}/shipments/${shipment.id}/receive`);
  await expect(page.getByLabel("Scan a barcode, or type a UPC or SKU and press Enter")).toBeFocused();
  await page.keyboard.type(`2*${product.sku}`);
  await page.keyboard.press("Enter");
  const title = product.name;
  await expect(page.getByRole("textbox", { name: `Counted units of ${title}`, exact: true })).toHaveValue(
    "2",
  );
  await page.getByRole("button", { name: /^Damaged or missing units of / }).click();
  const oneMoreDamaged = page.getByRole("button", {
    name: `One more: Damaged units of ${title}`,
    exact: true,
  });
  await oneMoreDamaged.click();
  await oneMoreDamaged.click();
  await page.getByLabel(`Why damaged (${title})`, { exact: true }).selectOption("damaged_in_transit");
  await page.getByLabel(`Take or choose a photo of ${title}`, { exact: true }).setInputFiles({
    name: "crushed-box.png",
    mimeType: "image/png",
    buffer: PHOTO,
  });
  await page.getByRole("button", { name: "Review and complete" }).click();
  await page
    .getByRole("dialog", { name: "Complete receipt" })
    .getByRole("button", { name: "Complete receipt" })
    .click();
  await expect(page).toHaveURL(/\/shipments\/inb_\w+\?receipt=rcp_\w+$/);
  await expect(page.getByText("Northwind Textiles").first()).toBeVisible();

  // The drafted claim, found from the nav: the line with its reason, units, cost and photo.
  await page.getByRole("link", { name: "Supplier claims" }).first().click();
  await expect(page.getByRole("heading", { level: 1, name: "Supplier claims" })).toBeVisible();
  await page.getByLabel("Status", { exact: true }).selectOption("DRAFT");
  await page.getByLabel("Supplier", { exact: true }).selectOption(supplier.id);
  await expect(page).toHaveURL(/status=DRAFT/);
  await expectNoSeriousA11yViolations(page);
  await saveBothWidths(page, "supplier-claims-list");
  await page
    .getByRole("table", { name: "Supplier claims" })
    .getByRole("link", { name: supplier.name })
    .click();
  await expect(page.getByRole("heading", { level: 1, name: `Claim to ${supplier.name}` })).toBeVisible();
  const line = page
    .getByRole("table", { name: "Claim lines" })
    .getByRole("row")
    .filter({ hasText: title })
    .last();
  await expect(line).toContainText("Damaged");
  await expect(line.getByRole("cell").nth(2)).toHaveText("2");
  await expect(line.getByRole("cell").nth(4)).toContainText("24.00");
  await expect(line.getByRole("img", { name: `Damage 1 of ${title}` })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await saveBothWidths(page, "supplier-claim-draft");

  // The draft's line is corrected from the keyboard: its unit cost 12.00 -> 15.50, and the total follows.
  const claimed = page.locator("dt", { hasText: "Claimed" }).locator("+ dd");
  const amountOf = async () => Number(((await claimed.textContent()) ?? "").replace(/[^0-9.]/g, ""));
  const before = await amountOf();
  await line.getByRole("button", { name: `Edit line ${title}` }).focus();
  await page.keyboard.press("Enter");
  const editor = page.getByRole("dialog", { name: `Edit line: ${title}` });
  await expect(editor.getByLabel("Units claimed")).toBeFocused();
  await expect(editor.getByLabel("Units claimed")).toHaveValue("2");
  await editor.getByLabel(/^Unit cost/).fill("15.5");
  await expectNoSeriousA11yViolations(page);
  await saveBothWidths(page, "supplier-claim-line-edit");
  await editor.getByLabel(/^Unit cost/).press("Enter");
  await expect(editor).toBeHidden();
  await expect(line.getByRole("cell").nth(3)).toContainText("15.50");
  await expect(line.getByRole("cell").nth(4)).toContainText("31.00");
  await expect.poll(amountOf).toBeCloseTo(before + 7, 2);
  await expect(page.getByText(/Line edited by /)).toBeVisible();
  await expect(page.getByText(`unit cost 12.00 → 15.50`, { exact: false })).toBeVisible();

  // The PDF to attach downloads; then sent, then credited.
  const download = page.waitForEvent("download");
  await page.getByRole("link", { name: "PDF" }).click();
  expect((await download).suggestedFilename()).toMatch(/^claim-scl_\w+\.pdf$/);
  await page.getByRole("button", { name: "Mark sent" }).click();
  await page
    .getByRole("dialog", { name: "Mark this claim sent?" })
    .getByRole("button", { name: "Mark sent" })
    .click();
  await expect(page.getByText("Sent", { exact: true }).first()).toBeVisible();
  await page.getByRole("button", { name: "Mark credited" }).click();
  const credit = page.getByRole("dialog", { name: "Mark this claim credited" });
  await credit.getByLabel(/^Amount credited/).fill("31.00");
  await credit.getByRole("button", { name: "Mark credited" }).click();
  await expect(page.getByText("Credited", { exact: true }).first()).toBeVisible();
  await expect(page.getByText(/Credited by /)).toBeVisible();
  // Sent and credited: its lines are fixed.
  await expect(page.getByRole("button", { name: /^Edit line / })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
  await saveBothWidths(page, "supplier-claim-credited");

  // The supplier's scorecard counts what it recovered.
  await page.goto(`/stores/${store.id}/suppliers/${supplier.id}`);
  await expect(page.getByRole("heading", { level: 1, name: supplier.name })).toBeVisible();
  await expect(page.getByText("Rates per month")).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await saveBothWidths(page, "supplier-scorecard");
});

test("a draft's only line cannot be removed; a line is added by hand, then the draft is discarded with a confirmation; the supplier's next receipt starts a new draft", async ({
  page,
  run,
}) => {
  test.slow();
  const store = firstDemoStore(run);
  const auth = { Authorization: `Bearer ${store.apiSecret}` };
  const api = `/api/v2.2/stores/${store.id}`;
  await signInAs(page, "editor");
  const made = await page.request.post(`${api}/suppliers`, {
    headers: auth,
    data: { supplier: { name: `Discard E2E ${Date.now()}`, email: "claims@discard-e2e.example" } },
  });
  expect(made.status()).toBe(201);
  const supplier = ((await made.json()) as { supplier: { id: string; name: string } }).supplier;
  const located = await page.request.get(`${api}/locations`, { headers: auth });
  const [location] = ((await located.json()) as { locations: { id: string }[] }).locations;
  const items = await page.request.get(`${api}/inventory-items?kind=PRODUCT`, {
    headers: { ...auth, "X-Page-Size": "50" },
  });
  const product = (
    (await items.json()) as { inventory_items: { sku: string | null; name: string | null }[] }
  ).inventory_items.find((item) => item.sku && item.name);
  if (!location || !product?.sku) throw new Error("no catalog product to ship");
  // One damaged unit received (no stock moves): the receipt drafts a claim of one line.
  const receiveOneDamaged = async () => {
    const created = await page.request.post(`${api}/inbound-shipments`, {
      headers: auth,
      data: {
        inbound_shipment: {
          location_id: location.id,
          supplier_id: supplier.id,
          status: "IN_TRANSIT",
          items: [{ sku: product.sku, quantity: 3, unit_cost: "7.00" }],
        },
      },
    });
    expect(created.status()).toBe(201);
    const shipment = ((await created.json()) as { inbound_shipment: { id: string } }).inbound_shipment;
    const received = await page.request.post(`${api}/inbound-shipments/${shipment.id}/receipts`, {
      headers: auth,
      data: {
        receipt: {
          lines: [
            { sku: product.sku, received: 0, damaged: 1, damaged_reason: "damaged_in_transit", missing: 0 },
          ],
        },
      },
    });
    expect(received.status()).toBe(201);
  };
  const draftsOf = async () => {
    const listed = await page.request.get(`${api}/supplier-claims?status=DRAFT&supplier_id=${supplier.id}`, {
      headers: auth,
    });
    return ((await listed.json()) as { supplier_claims: { id: string }[] }).supplier_claims.map((c) => c.id);
  };
  await receiveOneDamaged();
  const [claimId] = await draftsOf();
  if (!claimId) throw new Error("the receipt drafted no claim");

  await page.goto(`/stores/${store.id}/supplier-claims/${claimId}`);
  await expect(page.getByRole("heading", { level: 1, name: `Claim to ${supplier.name}` })).toBeVisible();
  // Its only line cannot be removed; the line's dialog points to the way out.
  await page.getByRole("button", { name: /^Edit line / }).click();
  const lineDialog = page.getByRole("dialog", { name: /^Edit line: / });
  await expect(lineDialog.getByText(/use Discard draft on the claim/)).toBeVisible();
  await expect(lineDialog.getByRole("button", { name: "Remove line" })).toHaveCount(0);
  await page.keyboard.press("Escape");
  await expect(lineDialog).toBeHidden();

  // A line added by hand: the product found with the shared SKU picker, 2 missing at 4.50.
  await page.getByRole("button", { name: "Add line", exact: true }).click();
  const adder = page.getByRole("dialog", { name: "Add a line" });
  await adder.getByLabel("Add a product by name or SKU").fill(product.sku);
  // Each match is one button: the product, then "Add <sku>".
  await adder
    .getByRole("list", { name: "Matching products" })
    .getByRole("button")
    .filter({ hasText: product.sku })
    .first()
    .click();
  await expect(adder.getByText(product.sku, { exact: true })).toBeVisible();
  await adder.getByLabel("Reason").selectOption("missing");
  await adder.getByLabel("Units claimed").fill("2");
  await adder.getByLabel(/^Unit cost/).fill("4.50");
  await adder.getByLabel("Note (optional)").fill("Short in the carton, seen at unpacking");
  await expectNoSeriousA11yViolations(page);
  await saveBothWidths(page, "supplier-claim-add-line");
  await adder.getByRole("button", { name: "Add line", exact: true }).click();
  await expect(adder).toBeHidden();
  const byHand = page
    .getByRole("table", { name: "Claim lines" })
    .getByRole("row")
    .filter({ hasText: "Added by hand" });
  await expect(byHand).toContainText("Missing");
  await expect(byHand.getByRole("cell").nth(2)).toHaveText("2");
  await expect(byHand.getByRole("cell").nth(4)).toContainText("9.00");
  await expect(page.locator("dt", { hasText: "Claimed" }).locator("+ dd")).toHaveText("$16.00");
  await expect(page.getByText(/^Added by hand: .*, 2 units missing at 4\.50$/)).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await saveBothWidths(page, "supplier-claim-manual-line");

  await page.getByRole("button", { name: "Discard draft" }).click();
  const confirm = page.getByRole("dialog", { name: "Discard this draft?" });
  await expect(confirm).toContainText("cannot be undone");
  await confirm.getByLabel("Why (optional)").fill("Settled with the supplier by phone");
  await expectNoSeriousA11yViolations(page);
  await saveBothWidths(page, "supplier-claim-discard-confirm");
  await confirm.getByRole("button", { name: "Discard draft" }).click();
  await expect(confirm).toBeHidden();
  await expect(page.getByText("Discarded", { exact: true }).first()).toBeVisible();
  await expect(page.getByText(/^Discarded: none of its units are claimed/)).toBeVisible();
  await expect(page.locator("dt", { hasText: "Due" })).toHaveCount(0);
  await expect(page.locator("dt", { hasText: "Discarded" }).locator("+ dd")).not.toBeEmpty();
  await expect(page.getByText(/^Discarded by /)).toBeVisible();
  await expect(
    page.getByText("3 units on 2 lines no longer claimed. Settled with the supplier by phone"),
  ).toBeVisible();
  await expect(page.getByRole("button", { name: "Discard draft" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Mark sent" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: /^Edit line / })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
  await saveBothWidths(page, "supplier-claim-discarded");

  // The list's status filter offers it; the supplier's next receipt opens a new draft.
  await page.goto(`/stores/${store.id}/supplier-claims?status=DISCARDED&supplier=${supplier.id}`);
  const listed = page.getByRole("table", { name: "Supplier claims" });
  await expect(listed.getByRole("link", { name: supplier.name })).toHaveCount(1);
  await expect(listed.getByText("Discarded", { exact: true })).toBeVisible();
  expect(await draftsOf()).toEqual([]);
  await receiveOneDamaged();
  const next = await draftsOf();
  expect(next).toHaveLength(1);
  expect(next[0]).not.toBe(claimId);
});

test("suppliers import from CSV through the shared import: a bad e-mail is shown by line, the fixed file adds them", async ({
  page,
  run,
}) => {
  const store = firstDemoStore(run);
  const tag = Date.now().toString(36).toUpperCase();
  await signInAs(page, "editor");
  await page.goto(`/stores/${store.id}/settings/suppliers`);
  await page.getByRole("link", { name: "Import CSV" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Import suppliers" })).toBeVisible();
  const file = (lines: string[]) => ({
    name: "suppliers.csv",
    mimeType: "text/csv",
    buffer: Buffer.from(lines.join("\r\n"), "utf8"),
  });
  const header = "Supplier name,Contact email,Vendor code";
  await page
    .getByLabel("CSV file: suppliers")
    .setInputFiles(
      file([header, `Bolt Parts ${tag},claims@bolt.example,BP${tag}`, `Cove Goods ${tag},nope,`]),
    );
  await expect(page.getByLabel("Name (required)")).toHaveValue("Supplier name");
  await expect(page.getByLabel("E-mail (required)")).toHaveValue("Contact email");
  await expect(page.getByLabel("Code", { exact: true })).toHaveValue("Vendor code");
  await page.getByRole("button", { name: "Check the file" }).click();
  const problems = page.getByRole("table", { name: "Problems in the file" });
  await expect(problems.locator("tbody tr")).toHaveCount(1);
  await expect(problems.locator("tbody tr").first()).toContainText("email");
  await expectNoSeriousA11yViolations(page);
  await saveBothWidths(page, "suppliers-import-errors");

  await page.getByRole("button", { name: "Choose another file" }).click();
  await page
    .getByLabel("CSV file: suppliers")
    .setInputFiles(
      file([
        header,
        `Bolt Parts ${tag},claims@bolt.example,BP${tag}`,
        `Cove Goods ${tag},claims@cove.example,`,
      ]),
    );
  await page.getByRole("button", { name: "Check the file" }).click();
  await expect(page.getByText("2 lines: 2 suppliers to create, 0 to update, 0 unchanged.")).toBeVisible();
  await page.getByRole("button", { name: "Import 2 suppliers" }).click();
  await expect(
    page.getByRole("status").filter({ hasText: "2 created, 0 updated, 0 unchanged" }),
  ).toBeVisible();
  await page.getByRole("link", { name: "See the suppliers" }).click();
  await expect(page.getByRole("link", { name: `Bolt Parts ${tag}` })).toBeVisible();
  await expect(page.getByRole("link", { name: `Cove Goods ${tag}` })).toBeVisible();
});

test("an admin sets the supplier claim due days in Settings → Store: 0 is refused by the field, 45 is kept", async ({
  page,
  run,
}) => {
  const store = firstDemoStore(run);
  await signInAs(page, "admin");
  await page.goto(`/stores/${store.id}/settings/store`);
  const dueDays = page.getByLabel("Supplier claim due in (days)");
  await expect(dueDays).toHaveValue("30");
  await dueDays.fill("0");
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByText("Enter 1 to 365 days.")).toBeVisible();
  await expect(dueDays).toHaveAttribute("aria-invalid", "true");
  await expectNoSeriousA11yViolations(page);
  await saveBothWidths(page, "store-settings-claim-due-days-error");
  await dueDays.fill("45");
  await dueDays.press("Enter");
  await expect(page.getByText("Store settings saved")).toBeVisible();
  await page.reload();
  await expect(page.getByLabel("Supplier claim due in (days)")).toHaveValue("45");
  const stored = await page.request.get(`/api/v2.2/stores/${store.id}`, {
    headers: { Authorization: `Bearer ${store.apiSecret}` },
  });
  expect(
    ((await stored.json()) as { store: { supplierClaimDueDays: number } }).store.supplierClaimDueDays,
  ).toBe(45);
  // Back to the demo's 30 for the specs after this one.
  const reset = await page.request.patch(`/api/v2.2/stores/${store.id}`, {
    headers: { Authorization: `Bearer ${store.apiSecret}` },
    data: { store: { supplierClaimDueDays: 30 } },
  });
  expect(reset.status()).toBe(200);
});
