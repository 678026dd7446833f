import { readFile } from "node:fs/promises";
import { parse } from "csv-parse/sync";
import {
  expect,
  expectNoSeriousA11yViolations,
  firstDemoStore,
  saveScreenshot,
  signInAs,
  test,
} from "./support/fixtures";

/** Export CSV from the shipments list: the file holds what the filtered list shows, line by line. */
test("exports the filtered shipments list as CSV, one row per line", async ({ page, run }) => {
  const store = firstDemoStore(run);
  await signInAs(page, "editor");
  await page.goto(`/stores/${store.id}/shipments?status=RECEIVED`);
  await expect(page.getByRole("heading", { level: 1, name: "Inbound shipments" })).toBeVisible();
  const exportLink = page.getByRole("link", { name: /Export CSV of the filtered shipments/ });
  await expect(exportLink).toBeVisible();
  await expect(exportLink).toHaveAttribute("href", /\/inbound-shipments\/export\?status=RECEIVED$/);
  await expectNoSeriousA11yViolations(page);
  await saveScreenshot(page, "shipments-export");
  await page.setViewportSize({ width: 768, height: 1024 });
  await saveScreenshot(page, "shipments-export-768");
  await page.setViewportSize({ width: 1280, height: 720 });

  // Other tests change the store meanwhile (two workers): download and list again until the two agree.
  await expect(async () => {
    const [download] = await Promise.all([page.waitForEvent("download"), exportLink.click()]);
    expect(download.suggestedFilename()).toMatch(/^inbound-shipments-str_\w+-\d{4}-\d\d-\d\d\.csv$/);
    const text = await readFile((await download.path()) as string, "utf8");
    const rows = parse(text, { bom: true, columns: true }) as Record<string, string>[];
    expect(rows.length).toBeGreaterThan(0);
    expect(new Set(rows.map((row) => row.status))).toEqual(new Set(["RECEIVED"]));
    for (const row of rows) {
      expect(row.id).toMatch(/^inb_/);
      expect(Number(row.expected_quantity)).toBeGreaterThan(0);
    }
    // The file holds the list's shipments in the list's order (compared with the API's first 500).
    const listed = await page.request.get(`/api/v2.2/stores/${store.id}/inbound-shipments?status=RECEIVED`, {
      headers: { "X-Page-Size": "500" },
    });
    const ids = ((await listed.json()) as { inbound_shipments: { id: string }[] }).inbound_shipments.map(
      (s) => s.id,
    );
    const inFile = [...new Set(rows.map((row) => row.id))];
    expect(inFile.slice(0, ids.length)).toEqual(ids);
  }).toPass({ timeout: 60_000 });
});

test("exports the filtered returns list as CSV, one row per item", async ({ page, run }) => {
  const store = firstDemoStore(run);
  await signInAs(page, "editor");
  await page.goto(`/stores/${store.id}/returns?status=delivered`);
  await expect(page.getByRole("heading", { level: 1, name: "Returns" })).toBeVisible();
  const exportLink = page.getByRole("link", { name: /Export CSV of the filtered returns/ });
  await expect(exportLink).toHaveAttribute("href", /\/returns\/export\?status=delivered$/);
  await expectNoSeriousA11yViolations(page);
  await saveScreenshot(page, "returns-export");
  await page.setViewportSize({ width: 768, height: 1024 });
  await saveScreenshot(page, "returns-export-768");
  await page.setViewportSize({ width: 1280, height: 720 });

  await expect(async () => {
    const [download] = await Promise.all([page.waitForEvent("download"), exportLink.click()]);
    const text = await readFile((await download.path()) as string, "utf8");
    const rows = parse(text, { bom: true, columns: true }) as Record<string, string>[];
    const listed = await page.request.get(`/api/v2.2/stores/${store.id}/returns?status=delivered`, {
      headers: { "X-Page-Size": "500" },
    });
    const expected = ((await listed.json()) as { returns: { id: string; items: { id: string }[] }[] })
      .returns;
    expect(rows.map((row) => [row.id, row.item_id])).toEqual(
      expected.flatMap((ret) => ret.items.map((item) => [ret.id, item.id])),
    );
    expect(new Set(rows.map((row) => row.status))).toEqual(new Set(["delivered"]));
  }).toPass({ timeout: 60_000 });
});

test("exports the filtered inventory as CSV, one row per item and location", async ({ page, run }) => {
  const store = firstDemoStore(run);
  await signInAs(page, "editor");
  await page.goto(`/stores/${store.id}/inventory?kind=RETURN`);
  await expect(page.getByRole("heading", { level: 1, name: "Inventory" })).toBeVisible();
  const exportLink = page.getByRole("link", { name: /Export CSV of the filtered inventory/ });
  await expect(exportLink).toHaveAttribute("href", /\/inventory-items\/export\?kind=RETURN&stock=any$/);
  await expectNoSeriousA11yViolations(page);
  await saveScreenshot(page, "inventory-export");
  await page.setViewportSize({ width: 768, height: 1024 });
  await saveScreenshot(page, "inventory-export-768");
  await page.setViewportSize({ width: 1280, height: 720 });

  await expect(async () => {
    const [download] = await Promise.all([page.waitForEvent("download"), exportLink.click()]);
    const text = await readFile((await download.path()) as string, "utf8");
    const rows = parse(text, { bom: true, columns: true }) as Record<string, string>[];
    const listed = await page.request.get(
      `/api/v2.2/stores/${store.id}/inventory-items?kind=RETURN&stock=any`,
      {
        headers: { "X-Page-Size": "500" },
      },
    );
    const items = ((await listed.json()) as { inventory_items: { id: string; quantity: number }[] })
      .inventory_items;
    expect([...new Set(rows.map((row) => row.id))]).toEqual(items.map((item) => item.id));
    for (const item of items) {
      const total = rows
        .filter((row) => row.id === item.id)
        .reduce((sum, row) => sum + Number(row.quantity), 0);
      expect(total, item.id).toBe(item.quantity);
    }
  }).toPass({ timeout: 60_000 });
});
