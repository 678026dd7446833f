import { and, eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { PRODUCTS } from "@/lib/api/csv-import";
import { products, productVariants } from "@/lib/db/schema";
import { commitProductImport } from "@/lib/domain/products/import-products";
import { setupApiTestDatabase, type TestStore } from "@/lib/testing/api-setup";

/**
 * The catalog's references (a product's external id, a variant's SKU) under two imports of one file at once:
 * the bulk upload matches again under the store's lock, so the second import finds the first's products.
 */

const setup = setupApiTestDatabase();

/** A products file checked as the import route checks it, before anything of it is written. */
function checkedFile(store: TestStore, csv: string) {
  const request = new Request("http://localhost:3000/import", {
    method: "POST",
    headers: { "content-type": "text/csv" },
    body: csv,
  });
  return PRODUCTS.read(setup().database.db, store.id, request);
}

describe("POST /stores/{storeId}/products/import twice at once", () => {
  it("makes each product and variant once, the second import reporting them unchanged", async () => {
    const { database, storeA } = setup();
    const csv = [
      "product_external_id,product_title,sku,price",
      "RACE-TEE,Race Tee,RACE-TEE-M,20",
      "RACE-TEE,,RACE-TEE-L,21",
      "RACE-CAP,Race Cap,RACE-CAP-1,9",
    ].join("\n");
    const plans = [await checkedFile(storeA, csv), await checkedFile(storeA, csv)];
    expect(plans.map((plan) => plan.changes.created)).toEqual([2, 2]);

    const summaries = await Promise.all(
      plans.map((plan) => commitProductImport(database.db, { storeId: storeA.id }, plan)),
    );

    expect(summaries.sort((a, b) => b.created - a.created)).toEqual([
      { created: 2, updated: 0, unchanged: 0, lines: 3 },
      { created: 0, updated: 0, unchanged: 2, lines: 0 },
    ]);
    const stored = await database.db
      .select({ externalId: products.externalId })
      .from(products)
      .where(and(eq(products.storeId, storeA.id), inArray(products.externalId, ["RACE-TEE", "RACE-CAP"])));
    expect(stored).toHaveLength(2);
    expect(
      await database.db.$count(
        productVariants,
        and(
          eq(productVariants.storeId, storeA.id),
          inArray(productVariants.sku, ["RACE-TEE-M", "RACE-TEE-L", "RACE-CAP-1"]),
        ),
      ),
    ).toBe(3);
  });
});
