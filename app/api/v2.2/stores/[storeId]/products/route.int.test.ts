import { and, eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { inventoryItems, products } from "@/lib/db/schema";
import { bulkUploadProducts } from "@/lib/domain/products/bulk-upload";
import type {
  BulkProductUploadResponse,
  listProductsResponseSchema,
  productResponseSchema,
} from "@/lib/schemas/products";
import { type Caller, callRoute } from "@/lib/testing/api";
import { expectInvalid, expectProblem, unknownId } from "@/lib/testing/api-helpers";
import { setupApiTestDatabase } from "@/lib/testing/api-setup";
import { GET as getOne } from "./[productId]/route";
import { POST as upload } from "./bulk-upload/route";
import { GET as list } from "./route";

const setup = setupApiTestDatabase();
let counter = 0;
const unique = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${counter++}`;

function post(storeId: string, body: unknown, auth: Caller) {
  return callRoute<BulkProductUploadResponse>(
    upload,
    { storeId },
    {
      method: "POST",
      path: `/stores/${storeId}/products/bulk-upload`,
      ...auth,
      body,
    },
  );
}

function read(storeId: string, productId: string, secret: string) {
  return callRoute<z.infer<typeof productResponseSchema>>(
    getOne,
    { storeId, productId },
    { path: `/stores/${storeId}/products/${productId}`, secret },
  );
}

describe("POST /stores/{storeId}/products/bulk-upload", () => {
  it("creates families with variants and their inventory items, and reads them back", async () => {
    const { database, storeA } = setup();
    const [skuM, skuL, sock] = [unique("TEE-M"), unique("TEE-L"), unique("SOCK")];
    const response = await post(
      storeA.id,
      {
        products: [
          {
            title: "Trail Tee",
            external_id: unique("EXT"),
            vendor: "Acme",
            options: [{ name: "Size", values: ["M", "L"] }],
            images: [{ url: "https://cdn.example.com/tee.jpg" }],
            variants: [
              {
                sku: skuM,
                price: 2999,
                currency: "USD",
                option_values: ["M"],
                upc: "012345678905",
                weight: 200,
                weight_unit: "g",
              },
              { sku: skuL, price: 3199, currency: "USD", title: "Large" },
            ],
          },
          { title: "Wool Sock", variants: [{ sku: sock, price: 1499, currency: "USD" }] },
        ],
      },
      { secret: storeA.secret },
    );
    expect(response.status, response.text).toBe(200);
    expect(response.body).toMatchObject({ total_count: 2, processed_count: 2, error_count: 0 });
    expect(response.body.results.map((r) => r.status)).toEqual(["created", "created"]);
    const productId = response.body.results[0]?.product_family_id as string;
    expect(response.body.results[0]?.products.map((p) => p.sku)).toEqual([skuM, skuL]);

    const product = (await read(storeA.id, productId, storeA.secret)).body.product;
    expect(product).toMatchObject({ title: "Trail Tee", image_url: "https://cdn.example.com/tee.jpg" });
    const bySku = [...product.variants].sort((a, b) => (a.title < b.title ? 1 : -1));
    expect(bySku.map((v) => [v.title, v.sku, v.price.amount, v.weight_kg, v.upc])).toEqual([
      ["M", skuM, "29.99", "0.200", "012345678905"],
      ["Large", skuL, "31.99", null, null],
    ]);
    const [item] = await database.db
      .select()
      .from(inventoryItems)
      .where(and(eq(inventoryItems.storeId, storeA.id), eq(inventoryItems.sku, skuM)));
    expect(item).toMatchObject({ kind: "PRODUCT", name: "Trail Tee - M" });
    expect(bySku[0]?.inventory_item_id).toBe(item?.id);
  });

  it("matches by external id, product id and SKU, updates in place, adds new variants and reports unchanged", async () => {
    const { database, storeA } = setup();
    const externalId = unique("EXT");
    const [sku1, sku2] = [unique("A"), unique("B")];
    const first = await post(
      storeA.id,
      {
        products: [
          {
            title: "Field Jacket",
            external_id: externalId,
            variants: [{ sku: sku1, price: 9900, currency: "USD" }],
          },
        ],
      },
      { secret: storeA.secret },
    );
    const productId = first.body.results[0]?.product_family_id as string;
    const again = await post(
      storeA.id,
      {
        products: [
          {
            title: "Field Jacket II",
            external_id: externalId,
            variants: [
              { sku: sku1, price: 8900, currency: "USD" },
              { sku: sku2, price: 8900, currency: "USD" },
            ],
          },
        ],
      },
      { secret: storeA.secret },
    );
    expect(again.body.results).toEqual([
      {
        status: "updated",
        product_family_id: productId,
        products: [expect.objectContaining({ sku: sku1 }), expect.objectContaining({ sku: sku2 })],
      },
    ]);
    expect(again.body.results[0]?.products[0]?.id).toBe(first.body.results[0]?.products[0]?.id);
    const product = (await read(storeA.id, productId, storeA.secret)).body.product;
    expect(product.title).toBe("Field Jacket II");
    expect(product.variants.map((v) => v.price.amount)).toEqual(["89.00", "89.00"]);
    // The inventory item follows its variant's new name.
    const [item] = await database.db.select().from(inventoryItems).where(eq(inventoryItems.sku, sku1));
    expect(item?.name).toBe("Field Jacket II - Default");

    // The product again by its id, its variant as it is now, under `title`.
    const uploadTitled = (title: string) =>
      bulkUploadProducts(database.db, storeA.id, [
        {
          product_family_id: productId,
          title,
          external_id: externalId,
          variants: [{ sku: sku2, price: 8900, currency: "USD" }],
        },
      ]);
    // By product id, with nothing new: unchanged.
    const same = await uploadTitled("Field Jacket II");
    expect(same.changes).toEqual({ created: 0, updated: 0, unchanged: 1, variants: 0 });
    // A renamed product with unchanged variants: their items follow the product's name.
    const renamed = await uploadTitled("Field Jacket III");
    expect(renamed.changes).toEqual({ created: 0, updated: 1, unchanged: 0, variants: 0 });
    const names = await database.db
      .select({ name: inventoryItems.name })
      .from(inventoryItems)
      .where(inArray(inventoryItems.sku, [sku1, sku2]));
    expect(names.map((n) => n.name)).toEqual(["Field Jacket III - Default", "Field Jacket III - Default"]);
    // By SKU alone.
    const bySku = await post(
      storeA.id,
      { products: [{ title: "Field Jacket II", variants: [{ sku: sku2, price: 8900, currency: "USD" }] }] },
      { secret: storeA.secret },
    );
    expect(bySku.body.results[0]?.product_family_id).toBe(productId);
  });

  it("takes image_url, the name its reads answer, as an image, and refuses one that is not http(s)", async () => {
    const { database, storeA } = setup();
    const before = await database.db.$count(products, eq(products.storeId, storeA.id));
    expectInvalid(
      await post(
        storeA.id,
        {
          products: [
            {
              title: "Scripted",
              image_url: "javascript:alert(1)",
              variants: [{ sku: unique("JS"), price: 1, currency: "USD", image_url: "javascript:alert(2)" }],
            },
          ],
        },
        { secret: storeA.secret },
      ),
      "product",
      ["products.0.image_url", "products.0.variants.0.image_url"],
    );
    expect(await database.db.$count(products, eq(products.storeId, storeA.id))).toBe(before);
    const sku = unique("IMG");
    const created = await post(
      storeA.id,
      {
        products: [
          {
            title: "Pictured",
            image_url: "https://cdn.example.com/family.jpg",
            variants: [{ sku, price: 1, currency: "USD", image_url: "https://cdn.example.com/variant.jpg" }],
          },
        ],
      },
      { secret: storeA.secret },
    );
    const productId = created.body.results[0]?.product_family_id as string;
    const { product } = (await read(storeA.id, productId, storeA.secret)).body;
    expect([product.image_url, product.variants[0]?.image_url]).toEqual([
      "https://cdn.example.com/family.jpg",
      "https://cdn.example.com/variant.jpg",
    ]);
  });

  it("names every bad family and variant, and writes nothing", async () => {
    const { database, storeA } = setup();
    const taken = unique("TAKEN");
    await post(
      storeA.id,
      {
        products: [
          {
            title: "Holder",
            external_id: unique("EXT"),
            variants: [{ sku: taken, price: 1, currency: "USD" }],
          },
        ],
      },
      { secret: storeA.secret },
    );
    const before = await database.db.$count(products, eq(products.storeId, storeA.id));
    const fresh = unique("FRESH");
    expectInvalid(
      await post(
        storeA.id,
        {
          products: [
            { title: "New", variants: [{ sku: fresh, price: 1, currency: "USD" }] },
            {
              title: "Thief",
              external_id: unique("EXT"),
              variants: [
                { sku: unique("X"), price: 1, currency: "USD" },
                { sku: taken, price: 1, currency: "USD" },
              ],
            },
            {
              product_family_id: unknownId("prd"),
              title: "Ghost",
              variants: [{ sku: unique("G"), price: 1, currency: "EUR" }],
            },
          ],
        },
        { secret: storeA.secret },
      ),
      "product",
      ["products.1.variants.1.sku", "products.2.product_family_id", "products.2.variants.0.currency"],
    );
    expectInvalid(
      await post(
        storeA.id,
        {
          products: [
            { title: "", variants: [{ sku: fresh, price: -1, currency: "USD" }] },
            { title: "Twin", variants: [{ sku: fresh, price: 1.5, currency: "usd" }] },
          ],
        },
        { secret: storeA.secret },
      ),
      "product",
      [
        "products.0.title",
        "products.0.variants.0.price",
        "products.1.variants.0.price",
        "products.1.variants.0.currency",
      ],
    );
    expectInvalid(await post(storeA.id, { products: [] }, { secret: storeA.secret }), "product", [
      "products",
    ]);
    expect(await database.db.$count(products, eq(products.storeId, storeA.id))).toBe(before);
  });
});

describe("GET /stores/{storeId}/products", () => {
  it("filters by SKU, external id and title, pages, and 404s another store's product", async () => {
    const { storeA, storeB } = setup();
    const externalId = unique("EXT");
    const sku = unique("LIST");
    const created = await post(
      storeA.id,
      {
        products: [
          {
            title: "Quilted Vest",
            external_id: externalId,
            variants: [{ sku, price: 5000, currency: "USD" }],
          },
          { title: "Quilted Hat", variants: [{ sku: unique("HAT"), price: 2000, currency: "USD" }] },
        ],
      },
      { secret: storeA.secret },
    );
    const productId = created.body.results[0]?.product_family_id as string;
    const query = (q: string, headers: Record<string, string> = {}) =>
      callRoute<z.infer<typeof listProductsResponseSchema>>(
        list,
        { storeId: storeA.id },
        { path: `/stores/${storeA.id}/products${q}`, secret: storeA.secret, headers },
      );
    expect((await query(`?sku=${sku}`)).body.products.map((p) => p.id)).toEqual([productId]);
    expect((await query(`?external_id=${externalId}`)).body.products.map((p) => p.id)).toEqual([productId]);
    const quilted = await query("?q=quilted");
    expect(quilted.body.products.map((p) => p.title).sort()).toEqual(["Quilted Hat", "Quilted Vest"]);
    const page1 = await query("?q=quilted", { "x-page-size": "1" });
    const page2 = await query("?q=quilted", {
      "x-page-size": "1",
      "x-page-continue": page1.headers.get("x-page-next") as string,
    });
    expect([...page1.body.products, ...page2.body.products].map((p) => p.id).sort()).toEqual(
      quilted.body.products.map((p) => p.id).sort(),
    );
    expectInvalid(await query("?size=1"), "product", []);
    expectProblem(await read(storeB.id, productId, storeB.secret), 404, "product/not-found");
  });
});
