import { readFile } from "node:fs/promises";
import type { Page } from "@playwright/test";
import { parse } from "csv-parse/sync";
import {
  expect,
  expectNoSeriousA11yViolations,
  firstDemoStore,
  saveScreenshot,
  signInAs,
  test,
} from "./support/fixtures";

/**
 * Importing shipments from CSV: the file's own column names are matched, a bad row is shown with its
 * line and column and nothing is written, the fixed file imports with a progress bar, and the shipments are in
 * the list and in its export.
 */

// SKUs and a location of the first demo store (the demo generator is seeded, so they are stable).
const LOCATION = "Columbus Distribution Center";
const SKUS = ["NW-HSK-SKY-SM", "NW-SHP-GLA-XXL"];

function csvFile(name: string, lines: string[]) {
  return { name, mimeType: "text/csv", buffer: Buffer.from(lines.join("\r\n"), "utf8") };
}

async function chooseFile(page: Page, file: ReturnType<typeof csvFile>) {
  await page.getByLabel("CSV file: shipments").setInputFiles(file);
  await expect(page.getByRole("heading", { name: "2. Match the columns" })).toBeVisible();
}

test("a bad row is shown and nothing written; the fixed file imports and lands in the list and its export", async ({
  page,
  run,
}) => {
  await signInAs(page, "editor");
  const storeId = firstDemoStore(run).id;
  const tag = `IMP-${Date.now().toString(36).toUpperCase()}`;
  await page.goto(`/stores/${storeId}/shipments`);
  await page.getByRole("link", { name: "Import CSV" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Import shipments" })).toBeVisible();

  const header = "PO Number,Warehouse,Item SKU,Qty,Carrier,Notes";
  await chooseFile(
    page,
    csvFile("shipments.csv", [
      header,
      `${tag}-1,${LOCATION},${SKUS[0]},24,UPS,first`,
      `${tag}-1,${LOCATION},NW-NO-SUCH-SKU,6,UPS,typo`,
      `${tag}-2,${LOCATION},${SKUS[1]},10,FedEx,`,
    ]),
  );
  // The file's names are matched to the expected columns; an extra column is left out.
  await expect(page.getByLabel("Shipment reference (required)")).toHaveValue("PO Number");
  await expect(page.getByLabel("Destination location (required)")).toHaveValue("Warehouse");
  await expect(page.getByLabel("SKU (required)")).toHaveValue("Item SKU");
  await expect(page.getByLabel("Expected units (required)")).toHaveValue("Qty");
  await expect(page.getByLabel("Carrier", { exact: true })).toHaveValue("Carrier");
  await page.getByRole("button", { name: "Check the file" }).click();

  const problems = page.getByRole("table", { name: "Problems in the file" });
  await expect(problems).toBeVisible();
  await expect(problems.locator("tbody tr")).toHaveCount(1);
  await expect(problems.locator("tbody tr").first()).toContainText("3");
  await expect(problems.locator("tbody tr").first()).toContainText("sku");
  await expect(problems).toContainText("NW-NO-SUCH-SKU");
  await expect(page.getByRole("table", { name: "Preview" }).locator("tbody tr").nth(1)).toContainText(
    "No product variant has the SKU",
  );
  await expect(page.getByRole("button", { name: /^Import \d+ shipments?$/ })).toBeDisabled();
  await expectNoSeriousA11yViolations(page);
  await saveScreenshot(page, "shipments-import-errors");
  await page.setViewportSize({ width: 768, height: 1000 });
  await saveScreenshot(page, "shipments-import-errors-768");
  await page.setViewportSize({ width: 1280, height: 900 });

  // Nothing was written.
  const before = await page.request.get(`/api/v2.2/stores/${storeId}/inbound-shipments`, {
    headers: { "X-Page-Size": "50" },
  });
  const listed = (await before.json()) as { inbound_shipments: { shipment_id: string | null }[] };
  expect(listed.inbound_shipments.some((s) => s.shipment_id?.startsWith(tag))).toBe(false);

  // The fixed file.
  await page.getByRole("button", { name: "Choose another file" }).click();
  await chooseFile(
    page,
    csvFile("shipments-fixed.csv", [
      header,
      `${tag}-1,${LOCATION},${SKUS[0]},24,UPS,first`,
      `${tag}-1,${LOCATION},${SKUS[1]},6,UPS,fixed`,
      `${tag}-2,${LOCATION},${SKUS[1]},10,FedEx,`,
    ]),
  );
  await page.getByRole("button", { name: "Check the file" }).click();
  await expect(page.getByText("3 lines: 2 shipments to create, 0 to update, 0 unchanged.")).toBeVisible();
  await expect(page.getByRole("table", { name: "Problems in the file" })).toHaveCount(0);
  await page.getByRole("button", { name: "Import 2 shipments" }).click();
  await expect(
    page.getByRole("status").filter({ hasText: "2 created, 0 updated, 0 unchanged (3 rows written)." }),
  ).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await saveScreenshot(page, "shipments-import-done");

  await page.getByRole("link", { name: "See the inbound shipments" }).click();
  const rows = page
    .getByRole("table", { name: "Inbound shipments" })
    .locator("tbody[data-index] > tr:first-child");
  await expect(rows.filter({ hasText: `${tag}-1` })).toHaveCount(1);
  await expect(rows.filter({ hasText: `${tag}-2` })).toHaveCount(1);

  // The export of the filtered list holds the imported lines.
  await page.getByLabel("Status").selectOption({ label: "Pending" });
  await expect(page).toHaveURL(/status=PENDING/);
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: /Export CSV of the filtered shipments/ }).click(),
  ]);
  const exported = parse(await readFile((await download.path()) as string, "utf8"), {
    bom: true,
    columns: true,
  }) as Record<string, string>[];
  const imported = exported
    .filter((row) => row.shipment_id?.startsWith(tag))
    .map((row) => [row.shipment_id, row.location_name, row.sku, row.expected_quantity, row.carrier])
    .sort((a, b) => `${a[0]}${a[2]}`.localeCompare(`${b[0]}${b[2]}`));
  expect(imported).toEqual([
    [`${tag}-1`, LOCATION, SKUS[0], "24", "UPS"],
    [`${tag}-1`, LOCATION, SKUS[1], "6", "UPS"],
    [`${tag}-2`, LOCATION, SKUS[1], "10", "FedEx"],
  ]);
});

test("the check names a missing required column, and reports every problem of the file in one pass, by line", async ({
  page,
  run,
}) => {
  await signInAs(page, "editor");
  const storeId = firstDemoStore(run).id;
  await page.goto(`/stores/${storeId}/shipments/import`);
  await chooseFile(
    page,
    csvFile("no-quantity.csv", ["PO Number,Warehouse,Item SKU", `PO-E2E-NOQTY,${LOCATION},${SKUS[0]}`]),
  );
  await expect(page.getByLabel("Expected units (required)")).toHaveValue("");
  // Not a disabled button: pressing it says which column is missing, on the field and above.
  await page.getByRole("button", { name: "Check the file" }).click();
  await expect(
    page.getByRole("alert").filter({ hasText: "Choose the file's column for Expected units" }),
  ).toBeVisible();
  await expect(page.getByLabel("Expected units (required)")).toBeFocused();
  await expect(page.getByText("Required: the file has no column matched to Expected units.")).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await saveScreenshot(page, "shipments-import-missing-column");
  await page.setViewportSize({ width: 768, height: 1000 });
  await saveScreenshot(page, "shipments-import-missing-column-768");
  await page.setViewportSize({ width: 1280, height: 900 });

  await page.getByRole("button", { name: "Choose another file" }).click();
  await chooseFile(
    page,
    csvFile("many-problems.csv", [
      "PO Number,Warehouse,Item SKU,Qty",
      `PO-E2E-MANY-1,${LOCATION},NW-NO-SUCH-SKU,ten`,
      `PO-E2E-MANY-1,${LOCATION},${SKUS[0]},4`,
      `PO-E2E-MANY-2,Nowhere Depot,${SKUS[1]},-1`,
    ]),
  );
  await page.getByRole("button", { name: "Check the file" }).click();
  const problems = page.getByRole("table", { name: "Problems in the file" });
  await expect(problems.locator("tbody tr")).toHaveCount(4);
  const rows = await problems
    .locator("tbody tr")
    .evaluateAll((trs) =>
      trs.map((tr) => [...tr.querySelectorAll("td")].slice(0, 2).map((td) => td.textContent?.trim())),
    );
  expect(rows).toEqual([
    ["2", "quantity"],
    ["2", "sku"],
    ["4", "quantity"],
    ["4", "location"],
  ]);
  await expectNoSeriousA11yViolations(page);
  await saveScreenshot(page, "shipments-import-all-problems");
  await page.setViewportSize({ width: 768, height: 1000 });
  await saveScreenshot(page, "shipments-import-all-problems-768");
  await page.setViewportSize({ width: 1280, height: 900 });
});

test("a file's supplier, purchase order and unit costs are matched, shown in the preview and kept on the shipment", async ({
  page,
  run,
}) => {
  await signInAs(page, "editor");
  const store = firstDemoStore(run);
  const tag = `SUP-${Date.now().toString(36).toUpperCase()}`;
  await page.goto(`/stores/${store.id}/shipments/import`);
  await chooseFile(
    page,
    csvFile("supplier-shipments.csv", [
      "ASN,Warehouse,Item SKU,Qty,Vendor,Purchase order,Unit cost",
      `${tag}-1,${LOCATION},${SKUS[0]},24,Northwind Textiles,PO-${tag},4.25`,
      `${tag}-1,${LOCATION},${SKUS[1]},6,,,11.5`,
      `${tag}-2,${LOCATION},${SKUS[1]},10,No Such Supplier,,`,
    ]),
  );
  await expect(page.getByLabel("Supplier", { exact: true })).toHaveValue("Vendor");
  await expect(page.getByLabel("Purchase order", { exact: true })).toHaveValue("Purchase order");
  await expect(page.getByLabel("Unit cost", { exact: true })).toHaveValue("Unit cost");
  await page.getByRole("button", { name: "Check the file" }).click();
  // A supplier the store does not have is a problem of its line and column.
  const problems = page.getByRole("table", { name: "Problems in the file" });
  await expect(problems.locator("tbody tr")).toHaveCount(1);
  await expect(problems.locator("tbody tr").first()).toContainText("supplier");
  await expect(problems).toContainText("No Such Supplier");
  const preview = page.getByRole("table", { name: "Preview" });
  await expect(preview.getByRole("columnheader", { name: "Supplier" })).toBeVisible();
  await expect(preview.getByRole("columnheader", { name: "Purchase order" })).toBeVisible();
  await expect(preview.locator("tbody tr").first()).toContainText("Northwind Textiles");
  await expect(preview.locator("tbody tr").first()).toContainText(`PO-${tag}`);
  await expectNoSeriousA11yViolations(page);
  await saveScreenshot(page, "shipments-import-supplier");
  await page.setViewportSize({ width: 768, height: 1000 });
  await saveScreenshot(page, "shipments-import-supplier-768");
  await page.setViewportSize({ width: 1280, height: 900 });

  await page.getByRole("button", { name: "Choose another file" }).click();
  await chooseFile(
    page,
    csvFile("supplier-shipments-fixed.csv", [
      "ASN,Warehouse,Item SKU,Qty,Vendor,Purchase order,Unit cost",
      `${tag}-1,${LOCATION},${SKUS[0]},24,Northwind Textiles,PO-${tag},4.25`,
      `${tag}-1,${LOCATION},${SKUS[1]},6,,,11.5`,
      `${tag}-2,${LOCATION},${SKUS[1]},10,HSC,,`,
    ]),
  );
  await page.getByRole("button", { name: "Check the file" }).click();
  await page.getByRole("button", { name: "Import 2 shipments" }).click();
  await expect(page.getByRole("status").filter({ hasText: "2 created" })).toBeVisible();

  const headers = { Authorization: `Bearer ${store.apiSecret}`, "X-Page-Size": "50" };
  const listed = await page.request.get(`/api/v2.2/stores/${store.id}/inbound-shipments`, { headers });
  const ids = (
    (await listed.json()) as { inbound_shipments: { id: string; shipment_id: string | null }[] }
  ).inbound_shipments
    .filter((s) => s.shipment_id?.startsWith(tag))
    .sort((a, b) => String(a.shipment_id).localeCompare(String(b.shipment_id)))
    .map((s) => s.id);
  const details = await Promise.all(
    ids.map(async (id) => {
      const response = await page.request.get(`/api/v2.2/stores/${store.id}/inbound-shipments/${id}`, {
        headers,
      });
      return (
        (await response.json()) as {
          inbound_shipment: {
            supplier: { name: string } | null;
            purchase_orders: { name: string }[];
            items: { unit_cost: { amount: string } | null }[];
          };
        }
      ).inbound_shipment;
    }),
  );
  expect(
    details.map((d) => [
      d.supplier?.name,
      d.purchase_orders.map((po) => po.name),
      d.items.map((i) => i.unit_cost?.amount ?? null),
    ]),
  ).toEqual([
    ["Northwind Textiles", [`PO-${tag}`], ["4.25", "11.50"]],
    ["Harbor Supply Co.", [], [null]],
  ]);
});
