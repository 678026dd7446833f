import { PRODUCTS } from "@/lib/api/csv-import";
import { apiRoute, json } from "@/lib/api/route";
import { products } from "@/lib/contracts";

export const POST = apiRoute(products.checkProductImport, async ({ db, params, request }) =>
  json({ import: PRODUCTS.check(await PRODUCTS.read(db, params.storeId, request)) }),
);
