import { eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { PRODUCT_IMPORT } from "@/components/imports/import-kinds";
import { inventoryItems, products, productVariants, stores } from "@/lib/db/schema";
import { bulkUploadProducts } from "@/lib/domain/products/bulk-upload";
import type { ImportCheck, ImportEvent } from "@/lib/schemas/imports";
import { type Caller, callRoute } from "@/lib/testing/api";
import { expectInvalid, expectProblem, SAME_ORIGIN } from "@/lib/testing/api-helpers";
import { setupApiTestDatabase } from "@/lib/testing/api-setup";
import { staffSessionCookie } from "@/lib/testing/session";
import { POST as check } from "./check/route";
import { POST as importFile } from "./route";

const setup = setupApiTestDatabase();
type Auth = Caller;
let counter = 0;
const unique = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${counter++}`;

function upload(handler: typeof check, storeId: string, csv: string, auth: Auth, contentType = "text/csv") {
  return callRoute<{ import: ImportCheck } | unknown>(
    handler,
    { storeId },
    {
      method: "POST",
      path: `/stores/${storeId}/products/import${handler === check ? "/check" : ""}`,
      secret: auth.secret,
      headers: {
        "content-type": contentType,
        ...(auth.cookie ? { cookie: auth.cookie, ...SAME_ORIGIN } : {}),
      },
      body: csv,
    },
  );
}

const report = (response: { body: unknown }) => (response.body as { import: ImportCheck }).import;
const lastEvent = (text: string) =>
  text
    .split("\n")
    .filter((line) => line.trim() !== "")
    .map((line) => JSON.parse(line) as ImportEvent)
    .at(-1);

const HEADER =
  "product_external_id,product_title,sku,variant_external_id,option1_value,barcode,price,weight,weight_unit,image_url";

/** A two-product file: a tee in two sizes (its title given once) and a one-variant sock. */
function catalogFile() {
  const [tee, sock] = [unique("TEE"), unique("SOCK")];
  const skus = { m: unique("TEE-M"), l: unique("TEE-L"), sock: unique("SOCK-1") };
  const csv = [
    HEADER,
    `${tee},Trail Tee,${skus.m},${tee}-M,M,012345678905,29.99,200,g,https://cdn.example.com/tee-m.jpg`,
    `${tee},,${skus.l},${tee}-L,L,,31.5,0.25,kg,`,
    `${sock},Wool Sock,${skus.sock},,,,14,,,`,
  ].join("\r\n");
  return { tee, sock, skus, csv };
}

async function catalogOf(storeId: string, externalIds: string[]) {
  const { database } = setup();
  const rows = await database.db.select().from(products).where(inArray(products.externalId, externalIds));
  const variants = await database.db
    .select()
    .from(productVariants)
    .where(
      inArray(
        productVariants.productId,
        rows.map((r) => r.id),
      ),
    );
  const items = await database.db
    .select()
    .from(inventoryItems)
    .where(
      inArray(
        inventoryItems.variantId,
        variants.map((v) => v.id),
      ),
    );
  return { products: rows.filter((r) => r.storeId === storeId), variants, items };
}

describe("POST /stores/{storeId}/products/import", () => {
  it("checks without writing, creates products with variants and items, re-imports unchanged, updates a title", async () => {
    const { storeA } = setup();
    const { tee, sock, skus, csv } = catalogFile();
    const checked = await upload(check, storeA.id, csv, { secret: storeA.secret });
    expect(checked.status, checked.text).toBe(200);
    expect(report(checked)).toMatchObject({
      rows: 3,
      create: 2,
      update: 0,
      unchanged: 0,
      lines: 3,
      error_count: 0,
    });
    expect(report(checked).preview[1]).toEqual({
      line: 3,
      values: expect.objectContaining({ sku: skus.l, price: "31.5" }),
    });
    expect((await catalogOf(storeA.id, [tee, sock])).products).toEqual([]);

    const response = await upload(importFile, storeA.id, csv, { secret: storeA.secret });
    expect(response.status, response.text).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/x-ndjson");
    expect(response.text).toContain('{"type":"progress","done":3,"total":3}');
    expect(lastEvent(response.text)).toEqual({
      type: "done",
      summary: { created: 2, updated: 0, unchanged: 0, lines: 3 },
    });
    const stored = await catalogOf(storeA.id, [tee, sock]);
    expect(stored.products.map((p) => [p.externalId, p.title]).sort()).toEqual(
      [
        [tee, "Trail Tee"],
        [sock, "Wool Sock"],
      ].sort(),
    );
    const bySku = new Map(stored.variants.map((v) => [v.sku, v]));
    expect(bySku.get(skus.m)).toMatchObject({
      title: "M",
      externalId: `${tee}-M`,
      upc: "012345678905",
      price: "29.99",
      weightKg: "0.200",
      imageUrl: "https://cdn.example.com/tee-m.jpg",
    });
    expect(bySku.get(skus.l)).toMatchObject({ title: "L", price: "31.50", weightKg: "0.250", upc: null });
    expect(bySku.get(skus.sock)).toMatchObject({ title: "Default", price: "14.00", weightKg: null });
    expect(stored.items.map((i) => [i.sku, i.name, i.kind]).sort()).toEqual(
      [
        [skus.m, "Trail Tee - M", "PRODUCT"],
        [skus.l, "Trail Tee - L", "PRODUCT"],
        [skus.sock, "Wool Sock - Default", "PRODUCT"],
      ].sort(),
    );

    const again = await upload(importFile, storeA.id, csv, { secret: storeA.secret });
    expect(lastEvent(again.text)).toEqual({
      type: "done",
      summary: { created: 0, updated: 0, unchanged: 2, lines: 0 },
    });
    const afterAgain = await catalogOf(storeA.id, [tee, sock]);
    expect(afterAgain.products.map((p) => p.updatedAt).sort()).toEqual(
      stored.products.map((p) => p.updatedAt).sort(),
    );

    const renamed = csv.replace("Trail Tee", "Trail Tee Pro");
    expect(report(await upload(check, storeA.id, renamed, { secret: storeA.secret }))).toMatchObject({
      create: 0,
      update: 1,
      unchanged: 1,
      lines: 0,
    });
    const third = await upload(importFile, storeA.id, renamed, { secret: storeA.secret });
    expect(lastEvent(third.text)).toEqual({
      type: "done",
      summary: { created: 0, updated: 1, unchanged: 1, lines: 0 },
    });
    const updated = await catalogOf(storeA.id, [tee]);
    expect(updated.products[0]?.title).toBe("Trail Tee Pro");
    expect(updated.items.map((i) => i.name).sort()).toEqual(["Trail Tee Pro - L", "Trail Tee Pro - M"]);
  });

  it("names every bad line and column and writes nothing", async () => {
    const { database, storeA } = setup();
    // A SKU of a product known under another external id (one without is adopted, as the bulk upload does).
    const taken = unique("TAKEN");
    await bulkUploadProducts(database.db, storeA.id, [
      {
        title: "Other",
        external_id: unique("OTHER"),
        variants: [{ sku: taken, price: 100, currency: "USD" }],
      },
    ]);
    const { tee, sock, skus } = catalogFile();
    const csv = [
      HEADER,
      `${tee},Trail Tee,${skus.m},,M,,29.99,,,`,
      `${tee},Trail Shirt,${skus.l},,L,,29.999,,,`,
      `${sock},Wool Sock,${taken},,,,14,,,`,
      `${sock},,${skus.m},,,,14,2,stone,ftp://x`,
    ].join("\n");
    const checked = report(await upload(check, storeA.id, csv, { secret: storeA.secret }));
    expect(checked.errors.map((e) => [e.line, e.column]).sort()).toEqual(
      [
        [5, "weight_unit"],
        [5, "image_url"],
        [3, "product_title"],
        [3, "price"],
        [4, "sku"],
      ].sort(),
    );
    expect(checked.errors.find((e) => e.line === 4)?.message).toMatch(/belongs to another variant/);
    expect(checked.error_count).toBe(5);

    const refused = await upload(importFile, storeA.id, csv, { secret: storeA.secret });
    expectInvalid(refused, "product", ["lines.3.price", "lines.4.sku", "lines.5.weight_unit"]);
    expect((await catalogOf(storeA.id, [tee, sock])).products).toEqual([]);

    // A SKU repeated in the file is named at its second line.
    const twice = [HEADER, `${tee},Trail Tee,${skus.m},,,,1,,,`, `${sock},Wool Sock,${skus.m},,,,1,,,`];
    expectInvalid(
      await upload(importFile, storeA.id, twice.join("\n"), { secret: storeA.secret }),
      "product",
      ["lines.3.sku"],
    );
    const [store] = await database.db.select().from(products).where(eq(products.externalId, tee));
    expect(store).toBeUndefined();
  });

  it("checks the page's template clean in the store's currency, every column of it read", async () => {
    const { database, storeA } = setup();
    const [{ currency } = { currency: "USD" }] = await database.db
      .select({ currency: stores.currency })
      .from(stores)
      .where(eq(stores.id, storeA.id));
    try {
      // Two decimals, none (yen) and three (dinars): a store in any of them gets a template it can import.
      for (const storeCurrency of ["USD", "EUR", "JPY", "KWD"]) {
        await database.db.update(stores).set({ currency: storeCurrency }).where(eq(stores.id, storeA.id));
        const template = PRODUCT_IMPORT.template(storeCurrency);
        expect(template).toContain(`,${storeCurrency},`);
        const checked = report(await upload(check, storeA.id, template, { secret: storeA.secret }));
        expect(checked, storeCurrency).toMatchObject({ rows: 4, create: 3, lines: 4, error_count: 0 });
      }
    } finally {
      await database.db.update(stores).set({ currency }).where(eq(stores.id, storeA.id));
    }
  });

  it("refuses a file without the required columns, malformed CSV and JSON; an editor imports", async () => {
    const { database, storeA } = setup();
    const { csv } = catalogFile();
    const noColumns = await upload(check, storeA.id, "handle,name\nx,Tee\n", { secret: storeA.secret });
    expect(report(noColumns).errors.map((e) => [e.line, e.column])).toEqual([
      [1, "product_external_id"],
      [1, "product_title"],
      [1, "sku"],
      [1, "price"],
    ]);
    expectInvalid(
      await upload(importFile, storeA.id, "product_external_id,product_title,sku\nx,Tee,S\n", {
        secret: storeA.secret,
      }),
      "product",
      ["lines.1.price"],
    );
    expectProblem(
      await upload(check, storeA.id, 'product_external_id,product_title,sku,price\n"x,Tee,S,1\n', {
        secret: storeA.secret,
      }),
      400,
      "product/invalid-csv",
    );
    expectProblem(
      await upload(importFile, storeA.id, "{}", { secret: storeA.secret }, "application/json"),
      415,
      "request/unsupported-media-type",
    );
    const editor = await staffSessionCookie(database.db, [{ storeId: storeA.id, role: "editor" }]);
    const allowed = await upload(importFile, storeA.id, csv, { cookie: editor.cookie });
    expect(lastEvent(allowed.text)).toMatchObject({ type: "done", summary: { created: 2 } });
  });
});
