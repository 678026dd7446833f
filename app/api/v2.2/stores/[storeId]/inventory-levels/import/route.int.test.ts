import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { inventoryItems, inventoryLevels, inventoryMovements, locations } from "@/lib/db/schema";
import { newId } from "@/lib/ids";
import type { ImportCheck, ImportEvent } from "@/lib/schemas/imports";
import { callRoute } from "@/lib/testing/api";
import { expectInvalid } from "@/lib/testing/api-helpers";
import { setupApiTestDatabase } from "@/lib/testing/api-setup";
import { insertVariant } from "@/lib/testing/fixtures";
import { POST as check } from "./check/route";
import { POST as importFile } from "./route";

const setup = setupApiTestDatabase();

function upload(handler: typeof check, storeId: string, csv: string, secret: string) {
  return callRoute<{ import: ImportCheck } | string>(
    handler,
    { storeId },
    {
      method: "POST",
      path: `/stores/${storeId}/inventory-levels/import${handler === check ? "/check" : ""}`,
      secret,
      headers: { "content-type": "text/csv" },
      body: csv,
    },
  );
}

/** Two PRODUCT items of the store with their SKUs, and the store's first location. */
async function stock(storeId: string) {
  const { database } = setup();
  const items: { id: string; sku: string }[] = [];
  for (let i = 0; i < 2; i++) {
    const { variant } = await insertVariant(database.db, storeId);
    const id = newId("inventoryItem");
    await database.db
      .insert(inventoryItems)
      .values({ id, storeId, variantId: variant.id, sku: variant.sku, name: "Trail Tee", kind: "PRODUCT" });
    items.push({ id, sku: variant.sku as string });
  }
  const [location] = await database.db
    .select()
    .from(locations)
    .where(eq(locations.storeId, storeId))
    .limit(1);
  return { items, location: location as typeof locations.$inferSelect };
}

async function level(itemId: string, locationId: string) {
  const { database } = setup();
  const [row] = await database.db
    .select({ quantity: inventoryLevels.quantity })
    .from(inventoryLevels)
    .where(and(eq(inventoryLevels.inventoryItemId, itemId), eq(inventoryLevels.locationId, locationId)));
  return row?.quantity;
}

describe("stock counts import", () => {
  it("checks without writing, sets each level through the ledger, and a re-import changes nothing", async () => {
    const { database, storeA } = setup();
    const { items, location } = await stock(storeA.id);
    const [a, b] = items as [{ id: string; sku: string }, { id: string; sku: string }];
    const csv = `sku,location,quantity,note\r\n${a.sku},${location.name},40,Aisle 3\r\n${b.sku},${location.id},0,\r\n`;
    const report = await upload(check, storeA.id, csv, storeA.secret);
    expect((report.body as { import: ImportCheck }).import).toMatchObject({
      rows: 2,
      create: 1,
      unchanged: 1,
      error_count: 0,
      lines: 1,
    });
    expect(await level(a.id, location.id)).toBeUndefined();

    const response = await upload(importFile, storeA.id, csv, storeA.secret);
    const events = response.text
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line) as ImportEvent);
    expect(events.at(-1)).toEqual({
      type: "done",
      summary: { created: 1, updated: 0, unchanged: 1, lines: 1 },
    });
    expect(await level(a.id, location.id)).toBe(40);
    const [movement] = await database.db
      .select()
      .from(inventoryMovements)
      .where(eq(inventoryMovements.inventoryItemId, a.id));
    expect(movement).toMatchObject({
      reason: "import",
      sourceType: "import",
      actorKind: "api_secret",
      quantityAfter: 40,
      note: "Aisle 3",
    });

    const again = await upload(importFile, storeA.id, csv, storeA.secret);
    expect(
      again.text
        .trim()
        .split("\n")
        .map((line) => JSON.parse(line))
        .at(-1),
    ).toEqual({
      type: "done",
      summary: { created: 0, updated: 0, unchanged: 2, lines: 0 },
    });
    const recount = await upload(importFile, storeA.id, csv.replace(",40,", ",38,"), storeA.secret);
    expect(recount.text).toContain('"updated":1');
    expect(await level(a.id, location.id)).toBe(38);
  });

  it("names every bad line and writes nothing", async () => {
    const { storeA, storeB } = setup();
    const { items, location } = await stock(storeA.id);
    const foreign = await stock(storeB.id);
    const [a] = items as [{ id: string; sku: string }];
    const csv = [
      "sku,location,quantity",
      `${a.sku},${location.name},5`,
      `${a.sku},${location.name},6`,
      `${foreign.items[0]?.sku},${location.name},1`,
      `${a.sku},${foreign.location.name},1`,
      `${a.sku},${location.name},-2`,
    ].join("\n");
    const report = ((await upload(check, storeA.id, csv, storeA.secret)).body as { import: ImportCheck })
      .import;
    // In line order, whichever check found them.
    expect(report.errors.map((e) => [e.line, e.column])).toEqual([
      [3, "sku"],
      [4, "sku"],
      [5, "location"],
      [6, "quantity"],
    ]);
    expectInvalid(await upload(importFile, storeA.id, csv, storeA.secret), "inventory-level", [
      "lines.3.sku",
      "lines.6.quantity",
    ]);
    expect(await level(a.id, location.id)).toBeUndefined();
  });
});
